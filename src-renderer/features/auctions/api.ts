import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuctionsGetAllRequest, PlaceBidRequest } from '../../../shared/contract/auctions.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../lib/session/session.ts';

/** The query key root of an auction's standing and history: a bid refreshes both. */
export const AUCTION_ROOT = 'auction';

/** How often a running auction's standing is read again while its page is open. */
export const AUCTION_REFRESH_MS = 5_000;

/**
 * GET /auctions/{id} for the caller (their standing is part of it). Null when the listing is not an
 * auction (a 404), so the page sells it at its price instead.
 */
export function useAuction(listingId: string, options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [AUCTION_ROOT, listingId, 'standing', user?.id ?? null],
    enabled: options.enabled ?? true,
    queryFn: async ({ signal }) => {
      try {
        return await api.call('auctionsGet', { params: { id: listingId } }, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data?.phase === 'ended' ? false : AUCTION_REFRESH_MS),
  });
}

/**
 * GET /auctions/{id}/bids: the newest bids first, read again whenever the standing's bid count
 * moves (the standing is the one read on a timer).
 */
export function useBidHistory(listingId: string, bidCount: number) {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [AUCTION_ROOT, listingId, 'bids', user?.id ?? null, bidCount],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.call('auctionsBidHistory', { params: { id: listingId }, query: { pageSize: 25 } }, { signal }),
  });
}

/** POST /auctions/{id}/bids; the standing and the history refresh after it. */
export function usePlaceBid(listingId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceBidRequest) => api.call('auctionsBid', { params: { id: listingId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AUCTION_ROOT, listingId] }),
  });
}

/** POST /auctions/getall for the signed-in user: the auctions they bid on, or their own. */
export function useMyAuctions(request: AuctionsGetAllRequest) {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [AUCTION_ROOT, 'mine', user?.id ?? null, request],
    enabled: user !== null,
    queryFn: ({ signal }) => api.call('auctionsGetAll', { body: request }, { signal }),
  });
}

/** POST /auctions/{id}/cancel (staff); the standing and the lists refresh after it. */
export function useCancelAuction(listingId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.call('auctionsCancel', { params: { id: listingId }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AUCTION_ROOT] }),
  });
}
