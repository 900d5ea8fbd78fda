import { render } from '@testing-library/react';
import type { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { createApiClient, type FetchFunction } from '../lib/api-client.ts';
import type { Platform } from '../lib/platform/platform.ts';
import { createFakeFetch, jsonResponse } from './fake-fetch.ts';
import { createMemoryPlatform } from './memory-platform.ts';
import { createTestRouter } from './memory-router.tsx';

/** Shows the current address, so tests can read where a component navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderWithRouterOptions {
  url?: string;
  fetch?: FetchFunction;
  platform?: Platform;
  /** The client-state store, for tests that arrange or read atoms (the session, favorites). */
  store?: ReturnType<typeof createStore>;
}

/** One component under the app's providers and a memory router, without the app shell. */
export function renderWithRouter(ui: ReactNode, options: RenderWithRouterOptions = {}) {
  const platform = options.platform ?? createMemoryPlatform();
  const fetch =
    options.fetch ??
    createFakeFetch(() => jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404));
  const apiClient = createApiClient({ platform, fetch, pageUrl: () => 'http://localhost/' });
  const router = createTestRouter(options.url ?? '/');
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProviders platform={platform} apiClient={apiClient} queryClient={queryClient} store={options.store}>
      {router.wrap(
        <>
          {ui}
          <LocationProbe />
        </>,
      )}
    </AppProviders>,
  );
  const location = () => view.getByTestId('location').textContent ?? '';
  return { ...view, router, platform, location, queryClient };
}
