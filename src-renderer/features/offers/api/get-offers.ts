import { useQuery } from '@tanstack/react-query';
import type { OffersGetAllRequest } from '../../../../shared/contract/offers.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

/** The query key root of every offers list: a made or answered offer refreshes them all. */
export const OFFERS_ROOT = 'offers';

/** POST /offers/getall for the signed-in user (nothing is asked for a visitor). */
export function useOffers(request: OffersGetAllRequest, options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [OFFERS_ROOT, user?.id ?? null, request],
    enabled: user !== null && (options.enabled ?? true),
    queryFn: ({ signal }) => api.call('offersGetAll', { body: request }, { signal }),
  });
}
