import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { FAVORITES_QUERY_KEY } from '../../../lib/favorites/favorites-query-key.ts';

/** GET /users/favorite-listings into the favorites cache, as a sign-in finishes; throws when the call fails. */
export function useLoadFavoriteListings(): () => Promise<void> {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    queryClient.setQueryData(FAVORITES_QUERY_KEY, await api.call('usersFavoriteListings'));
  }, [api, queryClient]);
}
