import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export const recentSalesQueryKey = (id: string) => ['listings', 'recent-sales', id] as const;

/** GET /listings/{id}/recent-sales: the identity the listing reads as and the recent sales of it. */
export function useRecentSales(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: recentSalesQueryKey(id),
    queryFn: ({ signal }) => api.call('listingsRecentSales', { params: { id } }, { signal }),
  });
}
