import { useQuery } from '@tanstack/react-query';
import type { ListingDetail } from '../../../../shared/contract/listing-shapes.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** POST /listings/get by a legacy (numeric) id, for `/listing?p=`. */
export function useLegacyListing(legacyId: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['listings', 'get-legacy', legacyId],
    enabled: legacyId !== undefined,
    queryFn: async ({ signal }): Promise<ListingDetail | null> => {
      const answer = await api.call(
        'listingsGet',
        { body: { filters: { legacyIds: [legacyId ?? 0] } } },
        { signal },
      );
      return answer.results[0] ?? null;
    },
  });
}
