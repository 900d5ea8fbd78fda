import { createContext, type ReactNode, useContext } from 'react';
import { type ApiClient, getApiClient } from './api-client.ts';

const ApiClientContext = createContext<ApiClient | null>(null);

export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The API client for components; tests and the desktop shell provide their own through the provider. */
export function useApiClient(): ApiClient {
  return useContext(ApiClientContext) ?? getApiClient();
}
