/**
 * The face of the auctions module (an auction's standing, its bid history, proxy bids). Other
 * modules and the app import only what is exported here; everything else in this folder is the
 * module's own (docs/code-map.md).
 */

import { clockOf, mailingDepsOf, type ServerModule } from '../../module-context.ts';
import { registerAuctionsModule } from './routes.ts';

export { endDueAuctions, noticeEndingSoon } from './ending.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const auctionsModule: ServerModule = {
  name: 'auctions',
  register: (ctx, deps) =>
    registerAuctionsModule(ctx, {
      ...mailingDepsOf(ctx, deps),
      ...clockOf(deps),
      ...(ctx.config.auctionSoftCloseMinutes ? { softCloseMinutes: ctx.config.auctionSoftCloseMinutes } : {}),
    }),
};
