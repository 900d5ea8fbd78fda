import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { type FflSearch, fflSearchQuery, isFflSearchReady } from '../search-state.ts';

/** GET /ffl/search for a ready search; the previous page stays shown while the next loads. */
export function useFflSearch(search: FflSearch, pageSize: number) {
  const api = useApiClient();
  const query = fflSearchQuery(search, pageSize);
  return useQuery({
    queryKey: ['ffl', 'search', query],
    queryFn: ({ signal }) => api.call('fflSearch', { query }, { signal }),
    enabled: isFflSearchReady(search),
    placeholderData: keepPreviousData,
  });
}
