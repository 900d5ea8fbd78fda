import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerApiResponse } from '../../../../shared/contract/seller-api-credentials.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

const credentialsKey = (userId: string | null) => ['seller-api', 'credentials', userId] as const;

/** POST /users/sellerapi without `generate`: the signed-in seller's credentials (waits while nobody is). */
export function useSellerApiCredentials() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: credentialsKey(user?.id ?? null),
    enabled: user !== null,
    queryFn: async () => (await api.call('usersSellerApi', { body: {} })).credentials,
  });
}

/**
 * Creates a credential: the answer holds its secret, this once. The list is refreshed from the same
 * answer; the secret is handed to the caller and kept nowhere else.
 */
export function useCreateSellerApiCredential() {
  const api = useApiClient();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<SellerApiResponse> =>
      api.call('usersSellerApi', { body: { generate: true, name } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(credentialsKey(user?.id ?? null), answer.credentials);
    },
  });
}

/** DELETE /users/clientCredentials/{id}, then the list again. */
export function useRevokeSellerApiCredential() {
  const api = useApiClient();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('usersDeleteClientCredentials', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: credentialsKey(user?.id ?? null) }),
  });
}
