import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListingsGetAllRequest } from '../../../../shared/contract/seller-listings.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

export const SELLER_LISTINGS_QUERY_KEY = ['dashboard', 'selling', 'listings'] as const;

/** POST /listings/getall: a page of the signed-in seller's own listings. */
export function useSellerListings(request: ListingsGetAllRequest) {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [...SELLER_LISTINGS_QUERY_KEY, user?.id ?? null, request],
    enabled: user !== null,
    placeholderData: keepPreviousData,
    queryFn: () => api.call('listingsGetAll', { body: request }),
  });
}
