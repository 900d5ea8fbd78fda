import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { createAppRoutes } from '../app/router.tsx';
import { createApiClient, type FetchFunction } from '../lib/api-client.ts';
import type { Platform } from '../lib/platform/platform.ts';
import { createFakeFetch, jsonResponse } from './fake-fetch.ts';
import { createMemoryPlatform } from './memory-platform.ts';

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
  const apiClient = createApiClient({
    platform,
    fetch,
    pageUrl: () => `http://localhost${router.state.location.pathname}${router.state.location.search}`,
  });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [url] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProviders platform={platform} apiClient={apiClient} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, platform, queryClient };
}
