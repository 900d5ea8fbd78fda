import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistributorFeedInput } from '../../../../shared/contract/distributor-feeds.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

/** Under the account root, so the feeds are dropped when the dealer signs out. */
export const DISTRIBUTOR_FEEDS_QUERY_KEY = ['account', 'distributor-feeds'] as const;

/** GET /users/GetDistributorFeed: the signed-in dealer's feeds with their latest pulls. */
export function useDistributorFeeds() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [...DISTRIBUTOR_FEEDS_QUERY_KEY, user?.id ?? null],
    enabled: user !== null,
    queryFn: () => api.call('usersGetDistributorFeed', { query: {} }),
  });
}

/** POST /users/ManageDistributorFeed (multipart: the feed, and its file when uploaded). */
export function useSaveDistributorFeed() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file }: { body: DistributorFeedInput; file?: File | null }) =>
      api.call('usersManageDistributorFeed', { body, files: file ? [file] : [] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISTRIBUTOR_FEEDS_QUERY_KEY }),
  });
}

/** DELETE /users/DeleteDistributorFeed/{id}. */
export function useDeleteDistributorFeed() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('usersDeleteDistributorFeed', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISTRIBUTOR_FEEDS_QUERY_KEY }),
  });
}
