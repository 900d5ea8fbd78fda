import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { FAVORITES_QUERY_KEY } from '../../../lib/favorites/favorites-query-key.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';

/**
 * GET /users/favorite-listings: the signed-in user's favorites as the server holds them. `fresh`
 * fetches them again on mount (the favorites page shows prices and stock as they are now).
 */
export function useServerFavorites({ fresh = false }: { fresh?: boolean } = {}) {
  const api = useApiClient();
  const signedIn = useCurrentUser() !== null;
  return useQuery({
    queryKey: FAVORITES_QUERY_KEY,
    queryFn: () => api.call('usersFavoriteListings'),
    enabled: signedIn,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
