import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  AUCTIONS_ENDPOINTS,
  type AuctionLiveEvent,
  type AuctionsGetAllRequest,
  auctionLiveEventSchema,
  type PlaceBidRequest,
} from '../../../shared/contract/auctions.ts';
import { API_BASE, fillPath } from '../../../shared/contract/endpoint.ts';
import { followEvents, type LiveState, type StreamResponse } from '../../../shared/live/follow-events.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { useCurrentUser } from '../../lib/session/session.ts';

/** The query key root of an auction's standing and history: a bid refreshes both. */
export const AUCTION_ROOT = 'auction';

/** How often a running auction's standing is read again while its live channel is down. */
export const AUCTION_REFRESH_MS = 5_000;

const standingKey = (listingId: string, userId: string | null) => [
  AUCTION_ROOT,
  listingId,
  'standing',
  userId,
];

/**
 * GET /auctions/{id} for the caller (their standing is part of it). Null when the listing is not an
 * auction (a 404), so the page sells it at its price instead. While `live` (its live channel is
 * open) the channel keeps it current; otherwise an auction not yet settled (running, or past its
 * end before the ending job ran) is read again every 5 s.
 */
export function useAuction(listingId: string, options: { enabled?: boolean; live?: boolean } = {}) {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: standingKey(listingId, user?.id ?? null),
    enabled: options.enabled ?? true,
    queryFn: async ({ signal }) => {
      try {
        return await api.call('auctionsGet', { params: { id: listingId } }, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data?.settled || options.live ? false : AUCTION_REFRESH_MS),
  });
}

/**
 * Follows the auction's live channel (GET /auctions/{id}/live) while its page is open: each event
 * is the standing as this caller sees it, written straight into the standing's cache. Answers the
 * channel's state ('live' while the stream is open), so polling stops only while events flow.
 */
export function useLiveAuction(listingId: string, enabled: boolean): LiveState | null {
  const platform = usePlatform();
  const client = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  const [state, setState] = useState<LiveState | null>(null);
  useEffect(() => {
    if (!enabled || typeof fetch !== 'function') return;
    const path = fillPath(AUCTIONS_ENDPOINTS.auctionsLive.path, { id: listingId });
    const follower = followEvents<AuctionLiveEvent>({
      url: `${platform.apiOrigin}${API_BASE}${path}`,
      headers: async (): Promise<Record<string, string>> => {
        const token = userId === null ? null : await platform.getToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      fetch: (url, init) => fetch(url, { ...init, cache: 'no-store' }) as Promise<StreamResponse>,
      parse: (data) => {
        const event = auctionLiveEventSchema.safeParse(data);
        return event.success ? event.data : null;
      },
      onEvent: (event) => client.setQueryData(standingKey(listingId, userId), event.auction),
      onState: setState,
    });
    const reconnect = () => follower.reconnect();
    window.addEventListener('online', reconnect);
    return () => {
      window.removeEventListener('online', reconnect);
      follower.stop();
      setState(null);
    };
  }, [listingId, enabled, userId, platform, client]);
  return state;
}

/**
 * GET /auctions/{id}/bids: the newest bids first, read again whenever the standing's bid count
 * moves (the standing is the one kept current).
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

/** POST /auctions/{id}/buy-now; the standing (now sold to the caller) is written into the cache. */
export function useBuyAuctionNow(listingId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  return useMutation({
    mutationFn: () => api.call('auctionsBuyNow', { params: { id: listingId } }),
    onSuccess: (auction) => {
      queryClient.setQueryData(standingKey(listingId, userId), auction);
      void queryClient.invalidateQueries({ queryKey: [AUCTION_ROOT, 'mine'] });
    },
  });
}

/** POST /auctions/{id}/second-chance (its seller); the lists and the standing refresh after it. */
export function useOfferSecondChance(listingId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('auctionsSecondChance', { params: { id: listingId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AUCTION_ROOT] }),
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
