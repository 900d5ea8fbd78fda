import { AUCTIONS_ENDPOINTS } from '../../../shared/contract/auctions.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import type { PeriodicJob } from '../../periodic-jobs.ts';
import { AUCTION_ENDING_MS, endDueAuctions } from './ending.ts';
import { type AuctionsDeps, auctionView, bid, bidHistory, cancelAuction, listAuctions } from './service.ts';

/**
 * Auctions: anyone reads an auction's standing and its bid history (bidders masked); a signed-in
 * account bids on an auction that is not its own.
 */
export function registerAuctionsModule({ endpoints }: ModuleContext, deps: AuctionsDeps): ModuleParts {
  endpoints(AUCTIONS_ENDPOINTS, {
    auctionsGet: async ({ auth, params }) => auctionView(deps, auth, params.id),
    auctionsBid: async ({ auth, params, body }) => bid(deps, auth, params.id, body),
    auctionsBidHistory: async ({ auth, params, query }) => bidHistory(deps, auth, params.id, query),
    auctionsGetAll: async ({ auth, body }) => listAuctions(deps, auth, body),
    auctionsCancel: async ({ auth, params, body, request }) =>
      cancelAuction(deps, { auth, address: request.ip }, params.id, body.reason),
  });
  // Safe on several instances at once: each auction is ended by the one UPDATE that takes its row.
  const ending: PeriodicJob = {
    atBoot: async () => {
      await endDueAuctions(deps);
    },
    run: async () => {
      await endDueAuctions(deps);
    },
    intervalMs: AUCTION_ENDING_MS,
    failureMessage: 'ending due auctions failed',
  };
  return { jobs: [ending] };
}
