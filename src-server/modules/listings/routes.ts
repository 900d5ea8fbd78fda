import { LISTINGS_ENDPOINTS } from '../../../shared/contract/listings.ts';
import {
  cityPageMeta,
  homePageMeta,
  listingPageMeta,
  newThisWeekPageMeta,
  searchPageMeta,
} from '../../../shared/page-meta-builders.ts';
import { notFound } from '../../http/errors.ts';
import type { ModuleContext } from '../../module-context.ts';
import { locateCaller } from '../location/service.ts';
import { notFoundDecision } from './pages.ts';
import { searchListings } from './search/search-listings.ts';
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
import { suggest } from './suggestions.ts';

export function registerListingsModule({ endpoints, page, database, config }: ModuleContext): void {
  const { db } = database;
  const origin = config.publicOrigin;

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
    // `cmc` (campaign code) has no effect on results; it is logged with the request for attribution.
    listingsSearch: async ({ body, query, request }) => {
      const cmc = query.cmc ?? body.cmc;
      if (cmc) request.log.info({ cmc }, 'listings search campaign code');
      return searchListings(db, body);
    },
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
