import { faqJsonLd } from '../../../shared/content-page-meta.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/contract/common.ts';
import { LISTING_DURATION_DEFAULT_DAYS } from '../../../shared/contract/listing-input.ts';
import type { ParsedSearchRequest } from '../../../shared/contract/listing-search.ts';
import {
  HOME_LIST_DEFAULT_LIMIT,
  LISTINGS_ENDPOINTS,
  RELIST_FAILURE,
} from '../../../shared/contract/listings.ts';
import { DEFAULT_GEO_LOCATION } from '../../../shared/contract/location.ts';
import { SHOP_LOCAL_DEFAULTS } from '../../../shared/domain/constants.ts';
import { HOME_FAQ } from '../../../shared/domain/faq.ts';
import {
  cityPageMeta,
  homePageMeta,
  listingPageMeta,
  newThisWeekPageMeta,
  searchPageMeta,
} from '../../../shared/page-meta-builders.ts';
import { SearchSort } from '../../../shared/search/search-sort.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { catalogSharedCache, HttpCaching, replyShared } from '../../http/shared-cache.ts';
import type { ModuleContext } from '../../module-context.ts';
import { findZipCentroid, locateCaller } from '../location/index.ts';
import { registerListingMedia } from './images.ts';
import { closeListing, deleteListing, deleteListingImage, relistListing, saveListing } from './manage.ts';
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

/**
 * The cache key of a popular search, or null when the search is not one: a keyword, a ZIP code and
 * distance (Shop Local's "View all"), both or neither, no other filter (an empty list counts as one),
 * the default sort, the first page at its default size. `cmc` is left out, as it never changes
 * results. Any other search is answered from the database.
 */
export function popularSearchKey(request: ParsedSearchRequest): string | null {
  const { keyword, zipCode, distance, cmc: _cmc, sort, page, pageSize, ...filters } = request;
  const facetFree = Object.values(filters).every((value) => value === undefined);
  if (!facetFree || sort !== SearchSort.Relevance || page !== 1 || pageSize !== DEFAULT_PAGE_SIZE)
    return null;
  return `search:${JSON.stringify([keyword ?? null, zipCode ?? null, distance ?? null])}`;
}

export function registerListingsModule(
  { app, endpoints, page, database, config, blobs }: ModuleContext,
  clock: { now?: () => Date } = {},
): void {
  const { db } = database;
  const writes = { db, blobs, ...clock };
  registerListingMedia(app, blobs);
  const origin = config.publicOrigin;
  const cache = catalogSharedCache(database, config);

  endpoints(LISTINGS_ENDPOINTS, {
    // Nothing in these answers depends on the caller, so a signed-in caller gets the shared answer
    // and headers too (its own Cache-Control wins over the endpoint's no-store for a token).
    listingsFeatured: async ({ query, request, reply }) => {
      const limit = query.limit ?? HOME_LIST_DEFAULT_LIMIT;
      const answer = await cache.get(`featured:${limit}`, async () => ({
        results: await featuredListings(db, limit),
      }));
      return replyShared(request, reply, answer, { cacheControl: HttpCaching.shared });
    },
    listingsNewThisWeek: async ({ query, request, reply }) => {
      const limit = query.limit ?? HOME_LIST_DEFAULT_LIMIT;
      const answer = await cache.get(`newthisweek:${limit}`, async () => ({
        results: await newThisWeekListings(db, limit),
      }));
      return replyShared(request, reply, answer, { cacheControl: HttpCaching.shared });
    },
    // Keyed by the resolved place (a known asked ZIP, else the caller's), never by the caller. An
    // answer placed by a signed-in caller's own address is theirs to keep, not a CDN's; `Vary` keeps
    // a CDN from handing the anonymous (default-place) answer to a signed-in caller.
    listingsLocal: async ({ query, auth, request, reply }) => {
      const asked = query.zipCode ? await findZipCentroid(db, query.zipCode) : null;
      const caller = asked ? DEFAULT_GEO_LOCATION : await locateCaller(db, auth?.userId ?? null);
      const place = asked ?? (await findZipCentroid(db, caller.zipCode));
      const distance = query.distance ?? SHOP_LOCAL_DEFAULTS.distance;
      const limit = query.limit ?? HOME_LIST_DEFAULT_LIMIT;
      const answer = await cache.get(`local:${place?.zip ?? '-'}:${distance}:${limit}`, async () => ({
        results: await localListings(db, { zipCode: place?.zip ?? caller.zipCode, distance, limit }, caller),
      }));
      const personal = auth !== null && !asked;
      return replyShared(request, reply, answer, {
        cacheControl: personal ? HttpCaching.personal : HttpCaching.shared,
        vary: 'authorization',
      });
    },
    // `cmc` (campaign code) has no effect on results; it is logged with the request for attribution.
    // A POST is not kept by HTTP caches, so a popular search is only shared in this process.
    listingsSearch: async ({ body, query, request }) => {
      const cmc = query.cmc ?? body.cmc;
      if (cmc) request.log.info({ cmc }, 'listings search campaign code');
      const key = popularSearchKey(body);
      if (!key) return searchListings(db, body);
      return (await cache.get(key, () => searchListings(db, body))).value;
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
    listingsAdd: ({ body, files, auth }) => saveListing(writes, auth, body, files),
    listingsClose: ({ params, auth }) => closeListing(writes, auth, params.id),
    listingsRelist: async ({ params, auth, request, reply }) => {
      try {
        return await relistListing(writes, auth, params.id, LISTING_DURATION_DEFAULT_DAYS);
      } catch (error) {
        // Refusals (unknown, frozen, sold, not allowed to list) keep their status; anything else is
        // the relist failure the listing screens read from `success` and `errorMessage`.
        if (error instanceof AppError) throw error;
        request.log.error({ err: error, listingId: params.id }, 'relist failed');
        return reply.status(500).send(RELIST_FAILURE);
      }
    },
    listingsDelete: ({ params, auth }) => deleteListing(writes, auth, params.id),
    listingsDeleteImage: ({ params, auth }) => deleteListingImage(writes, auth, params.id),
    // Shared until the catalogue moves: the counts are the searches' totals, worked out per text.
    listingsSuggestions: async ({ query }) =>
      (await cache.get(`suggest:${query.query.trim().toLowerCase()}`, () => suggest(db, query.query))).value,
    usersGetUserIdFromLegacyListerId: async ({ query }) => {
      const userId = await userIdForLegacyLister(db, query.legacyListerID);
      if (!userId) throw notFound('No seller with that legacy lister id.');
      return { userId };
    },
  });

  // A listing page is the same for every visitor: its detail is shared until the catalogue moves.
  page('listingById', async (match) => {
    const id = match.params.productId;
    const listing = id ? (await cache.get(`listing:${id}`, () => listingById(db, id))).value : null;
    return listing ? { meta: listingPageMeta(listing, origin, new Date()) } : notFoundDecision;
  });

  page('listing', async (match) => {
    const legacyId = Number(match.params.p ?? match.query.get('p'));
    const listing =
      Number.isSafeInteger(legacyId) && legacyId > 0
        ? (await cache.get(`legacy-listing:${legacyId}`, () => listingByLegacyId(db, legacyId))).value
        : null;
    return listing ? { meta: listingPageMeta(listing, origin, new Date()) } : notFoundDecision;
  });

  page('home', async () => {
    const meta = homePageMeta(origin);
    return { meta: { ...meta, jsonLd: [...(meta.jsonLd ?? []), faqJsonLd(HOME_FAQ)] } };
  });
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
