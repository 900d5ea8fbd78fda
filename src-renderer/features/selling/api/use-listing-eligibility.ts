import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

export const ELIGIBILITY_QUERY_KEY = ['account', 'listing-eligibility'] as const;

/** GET /users/listing-eligibility: whether the signed-in user may list now, and if not why. */
export function useListingEligibility() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [...ELIGIBILITY_QUERY_KEY, user?.id ?? null],
    enabled: user !== null,
    queryFn: () => api.call('usersListingEligibility'),
  });
}
