import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FflProfile } from '../../../../shared/contract/ffl.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** Under the account's own queries, so sign-out drops it. */
export const DEALER_PROFILE_QUERY_KEY = ['account', 'ffl-profile'] as const;

/** GET /ffl/profile: the signed-in dealer's licence, fee, notes and licence copy. */
export function useDealerProfile(enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: DEALER_PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => api.call('fflProfile', undefined, { signal }),
    enabled,
  });
}

/** Keeps the profile a save answered, and drops finder answers that showed the old fee. */
export function useStoreDealerProfile() {
  const queryClient = useQueryClient();
  return (profile: FflProfile) => {
    queryClient.setQueryData(DEALER_PROFILE_QUERY_KEY, profile);
    void queryClient.invalidateQueries({ queryKey: ['ffl', 'search'] });
  };
}
