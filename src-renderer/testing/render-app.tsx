import { render } from '@testing-library/react';
import { AppRoot } from '../app/app.tsx';
import { PAGE_LOADERS } from '../app/page-modules.ts';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { loadPage } from '../app/router.tsx';
import { preloadCartHeader } from '../features/cart/cart-header.tsx';
import { preloadFavoritesSheet } from '../features/favorites/favorites-sheet.tsx';
import { preloadFavoritesSync } from '../features/favorites/favorites-sync-slot.tsx';
import { preloadContactSellerDialog } from '../features/messages/contact-seller.tsx';
import { preloadMessagesBackground } from '../features/messages/messages-background-slot.tsx';
import { preloadOfferDialog } from '../features/offers/make-offer.tsx';
import { preloadSaveSearchDialog } from '../features/saved-searches/save-search-button.tsx';
import { createApiClient, type FetchFunction } from '../lib/api-client.ts';
import { loadLazyPartsEagerly } from '../lib/lazy-part.ts';
import type { Platform } from '../lib/platform/platform.ts';
import { createFakeFetch, jsonResponse } from './fake-fetch.ts';
import { createMemoryPlatform } from './memory-platform.ts';
import { createTestRouter } from './memory-router.tsx';

// The app loads the first address's screen before it renders (see startApp); here every screen
// is loaded once, before the tests of a file render any.
await Promise.all([
  ...Object.keys(PAGE_LOADERS).map((routeId) => loadPage(routeId as keyof typeof PAGE_LOADERS)),
  // The header's parts that load after hydration are there at once, as pages are.
  preloadCartHeader(),
  preloadMessagesBackground(),
  preloadFavoritesSync(),
  preloadFavoritesSheet(),
  // Dialogs that load when first opened.
  preloadOfferDialog(),
  preloadContactSellerDialog(),
  preloadSaveSearchDialog(),
]);
// The parts a server-rendered page hydrates later (the header search, the footer, …) are there at
// once too, as in a page rendered in the browser.
await loadLazyPartsEagerly();

export interface RenderAppOptions {
  fetch?: FetchFunction;
  platform?: Platform;
}

/** The whole app (shell, router, providers) at `url`, in memory, with the network faked. */
export function renderApp(url: string, options: RenderAppOptions = {}) {
  const platform = options.platform ?? createMemoryPlatform();
  const fetch =
    options.fetch ??
    createFakeFetch(() => jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404));
  const router = createTestRouter(url);
  const apiClient = createApiClient({
    platform,
    fetch,
    pageUrl: () => `http://localhost${router.state.location.pathname}${router.state.location.search}`,
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProviders platform={platform} apiClient={apiClient} queryClient={queryClient}>
      {router.wrap(<AppRoot />)}
    </AppProviders>,
  );
  return { ...view, router, platform, queryClient };
}
