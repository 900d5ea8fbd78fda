/**
 * The face of the listings module (listings: search, cards, the listing form, photos, search indexes and
 * their upkeep). Other modules and the app import only what is exported here; everything else in this
 * folder is the module's own (docs/code-map.md).
 */

import { clockOf, type ServerModule } from '../../module-context.ts';
import { registerListingsModule } from './routes.ts';
import { searchIndexJob } from './search-indexes/jobs.ts';

export type { AuctionEdit, NewAuction } from './auction-terms.ts';
export { assertAuctionMayEnd, auctionWindow, createAuctions, reviseAuction } from './auction-terms.ts';
export type { CardJson } from './cards.ts';
export { CARD_JSON, OFFERED, offeredInCopy, toCard, toIso } from './cards.ts';
export { hasReadableText, sanitizeDescription } from './description.ts';
export { removePhotos, storePhotos } from './images.ts';
export { legacyListerLookup } from './routes.ts';
export type { Origin } from './search/plan.ts';
export { boundingBoxSql, distanceSql, planSearch } from './search/plan.ts';
export { querySearch, searchStatements } from './search/search-listings.ts';
export { rewriteKeywordCopy } from './search-indexes/keyword-copy.ts';
export { refreshKeywordPostings } from './search-indexes/keyword-postings.ts';
export type { SuggestionFields } from './search-indexes/suggestion-terms.ts';
export { rebuildSuggestionTerms, refreshSuggestionTermsOf } from './search-indexes/suggestion-terms.ts';
export { familyIdForUpc, homeListStatements, sellerListingCounts } from './service.ts';
export { suggestionCandidates } from './suggestions.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const listingsModule: ServerModule = {
  name: 'listings',
  register(ctx, deps) {
    registerListingsModule(ctx, clockOf(deps));
    return { jobs: [searchIndexJob(ctx.database.db, ctx.database.kind)] };
  },
};
