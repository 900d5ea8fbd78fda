import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from '../lib/react-dom-client.ts';
import { App } from './app.tsx';
import { deliveredQueries, readPageData } from './page-data.ts';
import { createQueryClient } from './providers.tsx';
import { createAppRouter, createAppRoutes, loadMatchedRoutes } from './router.tsx';

/** Runs the app in `container`: hydrates a page the server rendered, or renders one in the browser. */
export async function startApp(container: HTMLElement): Promise<void> {
  const pageData = readPageData(document);
  if (pageData && container.firstElementChild) {
    // A page the server rendered: its screen is loaded first and its data taken from the page, so
    // hydration matches the server's markup and nothing is fetched again.
    const routes = createAppRoutes();
    const { pathname, search, hash } = window.location;
    await loadMatchedRoutes(routes, `${pathname}${search}${hash}`);
    const queryClient = createQueryClient();
    hydrate(queryClient, deliveredQueries(pageData.queries, Date.now()));
    const router = createAppRouter({ routes, hydrationData: pageData.router });
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} queryClient={queryClient} serverRendered />
      </StrictMode>,
    );
    return;
  }
  // The desktop client and the pages behind login render in the browser.
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
