import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export const PROFILE_QUERY_KEY = ['account', 'profile'] as const;

/** POST /users/get with no filters: the signed-in user's own profile. */
export function useUserProfile() {
  const api = useApiClient();
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => api.call('usersGet', { body: { filters: {} } }),
  });
}
