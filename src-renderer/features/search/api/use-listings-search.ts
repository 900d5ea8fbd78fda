import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toSearchCall } from '../../../../shared/contract/search-call.ts';
import type { SearchRouteParams } from '../../../../shared/search/search-url.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** POST /listings/search for a search state; the previous page stays shown while the next loads. */
export function useListingsSearch(params: SearchRouteParams) {
  const api = useApiClient();
  const call = toSearchCall(params);
  return useQuery({
    queryKey: ['listings', 'search', call],
    queryFn: ({ signal }) => api.call('listingsSearch', call, { signal }),
    placeholderData: keepPreviousData,
  });
}
