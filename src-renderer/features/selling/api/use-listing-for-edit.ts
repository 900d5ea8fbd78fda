import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** The listing being edited (POST /listings/get); null when the id is unknown. */
export function useListingForEdit(id: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['dashboard', 'selling', 'listing', id],
    enabled: id !== null,
    queryFn: async () => {
      const { results } = await api.call('listingsGet', { body: { filters: { listingIds: [id ?? ''] } } });
      return results[0] ?? null;
    },
  });
}
