import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { loadLazyPartsEagerly } from '../lib/lazy-part.ts';
import { createRoot, hydrateRoot } from '../lib/react-dom-client.ts';
import { App } from './app.tsx';
import { deliveredQueries, readPageData } from './page-data.ts';
import { createQueryClient } from './providers.tsx';
import { loadPageFor } from './router.tsx';

/** Runs the app in `container`: hydrates a page the server rendered, or renders one in the browser. */
export async function startApp(container: HTMLElement): Promise<void> {
  const { pathname, search } = window.location;
  const pageData = readPageData(document);
  const serverRendered = pageData !== null && container.firstElementChild !== null;
  // A page rendered here appears whole: the parts a server-rendered page hydrates later are loaded
  // with its screen (the shell's at once).
  if (!serverRendered) void loadLazyPartsEagerly();
  // The screen of the address is loaded first: a server-rendered page hydrates onto the same
  // markup, and a page rendered here appears whole.
  await loadPageFor(pathname, search);
  if (pageData && serverRendered) {
    // A page the server rendered: its data is taken from the page, so nothing is fetched again.
    const queryClient = createQueryClient();
    hydrate(queryClient, deliveredQueries(pageData.queries, Date.now()));
    // Hydrating as a transition lets React yield to the browser every few milliseconds, so a
    // visitor's tap is not kept waiting behind one long task while the whole page hydrates.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App queryClient={queryClient} serverRendered />
        </StrictMode>,
      );
    });
    return;
  }
  // The desktop client and the pages behind login render in the browser.
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
