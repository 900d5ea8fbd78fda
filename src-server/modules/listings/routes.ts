import { sql } from 'drizzle-orm';
import { LISTINGS_ENDPOINTS } from '../../../shared/contract/listings.ts';
import {
  cityPageMeta,
  homePageMeta,
  listingPageMeta,
  newThisWeekPageMeta,
  searchPageMeta,
} from '../../../shared/page-meta-builders.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { ModuleContext } from '../../module-context.ts';
import { locateCaller } from '../location/service.ts';
import { keepKeywordCopyInOrder } from './keyword-copy.ts';
import { refreshKeywordPostings } from './keyword-postings.ts';
import { notFoundDecision } from './pages.ts';
import { forgetKeywordCoverage, searchListings } from './search.ts';
import {
  featuredListings,
  listingById,
  listingByLegacyId,
  listingCardsByIds,
  listingsByIds,
  localListings,
  newThisWeekListings,
  sellerListings,
  userIdForLegacyLister,
} from './service.ts';
import {
  rebuildSuggestionTerms,
  type SuggestionTermsRefresh,
  startSuggestionTermsRefresh,
  suggest,
} from './suggestions.ts';

/**
 * Puts the keyword copy back in catalogue order once writes have moved enough of its rows, brings
 * the postings' lexemes in line with the copy's statistics, and vacuums the postings so searches
 * read their index alone (PGlite has no autovacuum; elsewhere it finds little to do).
 */
async function maintainKeywordIndexes(db: Database): Promise<void> {
  await keepKeywordCopyInOrder(db);
  await refreshKeywordPostings(db);
  forgetKeywordCoverage(db);
  await db.execute(sql`vacuum (analyze) keyword_postings`);
}

export function registerListingsModule({ app, endpoints, page, database, config }: ModuleContext): void {
  const { db } = database;
  const origin = config.publicOrigin;

  // Suggestion terms follow the offered listings: rebuilt at boot (after any seeding) and then every
  // ten minutes, so sold and expired listings drop out of the counts. Distance and recent-listing
  // searches read covering indexes alone once the visibility map is current; PGlite has no
  // autovacuum, so each boot refreshes it (cheap when nothing changed). The same boot and ticks put
  // the keyword copy back in catalogue order once writes have moved enough of its rows.
  let refresh: SuggestionTermsRefresh | null = null;
  app.addHook('onReady', async () => {
    await rebuildSuggestionTerms(db);
    await db.execute(sql`vacuum (analyze) listings, listing_search, suggestion_terms`);
    await maintainKeywordIndexes(db);
    refresh = startSuggestionTermsRefresh({
      rebuild: async () => {
        await rebuildSuggestionTerms(db);
        await maintainKeywordIndexes(db);
      },
      onError: (error) =>
        app.log.error({ err: error }, 'refreshing the suggestion terms or keyword indexes failed'),
    });
  });
  app.addHook('onClose', async () => {
    await refresh?.stop();
  });

  endpoints(LISTINGS_ENDPOINTS, {
    listingsFeatured: async ({ query }) => ({
      results: await featuredListings(db, query.limit),
    }),
    listingsNewThisWeek: async ({ query }) => ({
      results: await newThisWeekListings(db, query.limit),
    }),
    listingsLocal: async ({ query, auth }) => {
      const caller = await locateCaller(db, auth?.userId ?? null);
      return {
        results: await localListings(
          db,
          { zipCode: query.zipCode ?? caller.zipCode, distance: query.distance, limit: query.limit },
          caller,
        ),
      };
    },
    // `cmc` (campaign code) is accepted in the query and the body and has no effect on results.
    listingsSearch: async ({ body }) => searchListings(db, body),
    listingsGet: async ({ body }) => ({
      results: await listingsByIds(db, body.filters.listingIds, body.filters.legacyIds),
    }),
    listingsGetBasic: async ({ body }) => ({
      results: await listingCardsByIds(db, body.filters.listingIds),
    }),
    listingsGetAll: async ({ body, auth }) => {
      const userId = body.filters.userId ?? auth.userId;
      return sellerListings(db, userId, body.filters, body.page, body.pageSize);
    },
    listingsSuggestions: async ({ query }) => suggest(db, query.query),
    usersGetUserIdFromLegacyListerId: async ({ query }) => {
      const userId = await userIdForLegacyLister(db, query.legacyListerID);
      if (!userId) throw notFound('No seller with that legacy lister id.');
      return { userId };
    },
  });

  page('listingById', async (match) => {
    const id = match.params.productId;
    const listing = id ? await listingById(db, id) : null;
    return listing ? { meta: listingPageMeta(listing, origin, new Date()) } : notFoundDecision;
  });

  page('listing', async (match) => {
    const legacyId = Number(match.params.p ?? match.query.get('p'));
    const listing =
      Number.isSafeInteger(legacyId) && legacyId > 0 ? await listingByLegacyId(db, legacyId) : null;
    return listing ? { meta: listingPageMeta(listing, origin, new Date()) } : notFoundDecision;
  });

  page('home', async () => ({ meta: homePageMeta(origin) }));
  page('search', async (match) => ({ meta: searchPageMeta(origin, match.query) }));
  page('newThisWeek', async () => ({ meta: newThisWeekPageMeta(origin) }));
  page('city', async (match) => {
    const meta = cityPageMeta(origin, match.params.city ?? '');
    return meta ? { meta } : notFoundDecision;
  });
}

/** The web host's `/Search/Lister/{id}` lookup. */
export function legacyListerLookup(db: ModuleContext['database']['db']) {
  return async (legacyListerId: string): Promise<string | null> =>
    /^\d{1,15}$/.test(legacyListerId) ? userIdForLegacyLister(db, Number(legacyListerId)) : null;
}
