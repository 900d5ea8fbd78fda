import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { readPageData } from './app/page-data.ts';
import { createQueryClient } from './app/providers.tsx';
import { createAppRouter, createAppRoutes, loadMatchedRoutes } from './app/router.tsx';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

const pageData = readPageData(document);

if (pageData && container.firstElementChild) {
  // A page the server rendered: its screen is loaded first and its data taken from the page, so
  // hydration matches the server's markup and nothing is fetched again.
  const routes = createAppRoutes();
  const { pathname, search, hash } = window.location;
  void loadMatchedRoutes(routes, `${pathname}${search}${hash}`).then(() => {
    const queryClient = createQueryClient();
    hydrate(queryClient, pageData.queries);
    const router = createAppRouter({ routes, hydrationData: pageData.router });
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} queryClient={queryClient} serverRendered />
      </StrictMode>,
    );
  });
} else {
  // The desktop client and the pages behind login render in the browser.
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
