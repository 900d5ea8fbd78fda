import { useQuery } from '@tanstack/react-query';
import type { ListingDetail } from '../../../../shared/contract/listing-shapes.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export const listingQueryKey = (id: string) => ['listings', 'get', id] as const;

/** POST /listings/get for one listing id; null when there is no such listing. */
export function useListing(id: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: listingQueryKey(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }): Promise<ListingDetail | null> => {
      const answer = await api.call(
        'listingsGet',
        { body: { filters: { listingIds: [id ?? ''] } } },
        { signal },
      );
      return answer.results[0] ?? null;
    },
  });
}
