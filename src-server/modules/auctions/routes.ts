import { AUCTIONS_ENDPOINTS } from '../../../shared/contract/auctions.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import type { PeriodicJob } from '../../periodic-jobs.ts';
import { AuctionBidWriter } from './bids.ts';
import { AUCTION_ENDING_MS, endDueAuctions, noticeEndingSoon } from './ending.ts';
import { AuctionWatch } from './live.ts';
import { buyNow, cancelAuction, offerSecondChance } from './sales.ts';
import { type AuctionsDeps, auctionView, bidHistory, listAuctions } from './service.ts';

/**
 * Auctions: anyone reads an auction's standing and its bid history (bidders masked) and watches it
 * live; a signed-in account bids on an auction that is not its own.
 */
export function registerAuctionsModule(
  { app, endpoints, database }: ModuleContext,
  deps: AuctionsDeps,
): ModuleParts {
  const watch = new AuctionWatch(database, deps, app.log);
  // Bids on one auction go through one writer per auction in this instance, several per transaction.
  const bids = new AuctionBidWriter(deps);
  app.addHook('onReady', () => watch.start());
  // Before the server stops taking connections: open streams would otherwise hold the close.
  app.addHook('preClose', () => watch.stop());
  endpoints(AUCTIONS_ENDPOINTS, {
    auctionsGet: async ({ auth, params }) => auctionView(deps, auth, params.id),
    auctionsLive: async ({ auth, params, request, reply }) => {
      await watch.serve(request, reply, auth, params.id);
      return '';
    },
    auctionsBid: async ({ auth, params, body }) => bids.bid(auth, params.id, body),
    auctionsBuyNow: async ({ auth, params }) => buyNow(deps, auth, params.id),
    auctionsSecondChance: async ({ auth, params }) => offerSecondChance(deps, auth, params.id),
    auctionsBidHistory: async ({ auth, params, query }) => bidHistory(deps, auth, params.id, query),
    auctionsGetAll: async ({ auth, body }) => listAuctions(deps, auth, body),
    auctionsCancel: async ({ auth, params, body, request }) =>
      cancelAuction(deps, { auth, address: request.ip }, params.id, body.reason),
  });
  // Safe on several instances at once: each auction is ended (or announced as ending soon) by the
  // one UPDATE that takes its row.
  const ending: PeriodicJob = {
    atBoot: async () => {
      await endDueAuctions(deps);
      await noticeEndingSoon(deps);
    },
    run: async () => {
      await endDueAuctions(deps);
      await noticeEndingSoon(deps);
    },
    intervalMs: AUCTION_ENDING_MS,
    failureMessage: 'ending due auctions failed',
  };
  return { jobs: [ending] };
}
