import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { createApiClient, type FetchFunction } from '../lib/api-client.ts';
import type { Platform } from '../lib/platform/platform.ts';
import { createFakeFetch, jsonResponse } from './fake-fetch.ts';
import { createMemoryPlatform } from './memory-platform.ts';

/** Shows the current address, so tests can read where a component navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderWithRouterOptions {
  url?: string;
  fetch?: FetchFunction;
  platform?: Platform;
}

/** One component under the app's providers and a memory router, without the app shell. */
export function renderWithRouter(ui: ReactNode, options: RenderWithRouterOptions = {}) {
  const platform = options.platform ?? createMemoryPlatform();
  const fetch =
    options.fetch ??
    createFakeFetch(() => jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404));
  const apiClient = createApiClient({ platform, fetch, pageUrl: () => 'http://localhost/' });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [options.url ?? '/'] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProviders platform={platform} apiClient={apiClient} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => view.getByTestId('location').textContent ?? '';
  return { ...view, router, platform, location };
}
