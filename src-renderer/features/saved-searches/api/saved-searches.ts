import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchInput } from '../../../../shared/contract/saved-searches.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

/** Under the `account` root, so signing out forgets them. */
const savedSearchesKey = (userId: string | null) => ['account', 'saved-searches', userId] as const;

/** POST /users/getSavedSearches: the signed-in buyer's saved searches, newest first. */
export function useSavedSearches() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: savedSearchesKey(user?.id ?? null),
    enabled: user !== null,
    queryFn: async () => (await api.call('usersGetSavedSearches', { body: {} })).results,
  });
}

/** POST /users/addOrUpdateSaveSearch (with an id: a rename or a new frequency), then the list again. */
export function useSaveSearch() {
  const api = useApiClient();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchInput): Promise<SavedSearch> =>
      api.call('usersAddOrUpdateSaveSearch', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey(user?.id ?? null) }),
  });
}

/** DELETE /users/deleteSaveSearch/{id}, then the list again. */
export function useDeleteSavedSearch() {
  const api = useApiClient();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('usersDeleteSaveSearch', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey(user?.id ?? null) }),
  });
}
