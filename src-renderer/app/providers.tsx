import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { type ReactNode, useState } from 'react';
import { type ApiClient, createApiClient, isApiError } from '../lib/api-client.ts';
import { ApiClientProvider } from '../lib/api-client-context.tsx';
import { getPlatform } from '../lib/platform/get-platform.ts';
import type { Platform } from '../lib/platform/platform.ts';
import { PlatformProvider } from '../lib/platform/platform-context.tsx';

/** Server state defaults: answers stay fresh for 30 s; client errors (4xx) are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

type JotaiStore = ReturnType<typeof createStore>;

export interface AppProvidersProps {
  /** Defaults to the detected platform (desktop when `window.desktop` exists, else web). */
  platform?: Platform;
  /** Defaults to a client on the platform's API origin. */
  apiClient?: ApiClient;
  queryClient?: QueryClient;
  store?: JotaiStore;
  children: ReactNode;
}

/** Everything a screen may rely on: platform adapter, API client, server-state cache, client-state store. */
export function AppProviders({ platform, apiClient, queryClient, store, children }: AppProvidersProps) {
  const [services] = useState(() => {
    const resolvedPlatform = platform ?? getPlatform();
    return {
      platform: resolvedPlatform,
      apiClient: apiClient ?? createApiClient({ platform: resolvedPlatform }),
      queryClient: queryClient ?? createQueryClient(),
      store: store ?? createStore(),
    };
  });
  return (
    <PlatformProvider platform={services.platform}>
      <ApiClientProvider client={services.apiClient}>
        <QueryClientProvider client={services.queryClient}>
          <JotaiProvider store={services.store}>{children}</JotaiProvider>
        </QueryClientProvider>
      </ApiClientProvider>
    </PlatformProvider>
  );
}
