import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchRouteParams } from '../../../shared/routes/paths.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { toSearchRequest } from './search-request.ts';

/** POST /listings/search for a search state; the previous page stays shown while the next loads. */
export function useListingSearch(params: SearchRouteParams) {
  const api = useApiClient();
  const body = toSearchRequest(params);
  return useQuery({
    queryKey: ['listings', 'search', body],
    queryFn: ({ signal }) =>
      api.call('listingsSearch', { body, query: params.cmc ? { cmc: params.cmc } : undefined }, { signal }),
    placeholderData: keepPreviousData,
  });
}
