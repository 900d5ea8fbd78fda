import { type SQL, sql } from 'drizzle-orm';
import type { ListingCard, ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { HOME_LIST_DEFAULT_LIMIT } from '../../../shared/contract/listings.ts';
import type { GeoLocation } from '../../../shared/contract/location.ts';
import type {
  ListingsGetAllResponse,
  SellerListingCounts,
  SellerListingSort,
  SellerListingStatus,
} from '../../../shared/contract/seller-listings.ts';
import { SHOP_LOCAL_DEFAULTS } from '../../../shared/domain/constants.ts';
import { ListingOption, ListingType, STAFF_LISTING_OPTIONS } from '../../../shared/domain/listing.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { findZipCentroid } from '../location/index.ts';
import {
  CARD_JSON,
  type CardJson,
  DETAIL_SELECT,
  type DetailRow,
  OFFERED,
  ON_SALE,
  toCard,
  toDetail,
  toSellerListing,
} from './cards.ts';
import { boundingBoxSql, distanceSql, type Origin } from './search/plan.ts';

interface CardRow {
  card: CardJson;
  distance?: number | null;
  [key: string]: unknown;
}

function cardsStatement(where: SQL, order: SQL, limit: number, select: SQL = sql``): SQL {
  return sql`select ${CARD_JSON} as card ${select}
        from listings l join users u on u.id = l.user_id
        where ${where}
        order by ${order}
        limit ${limit}`;
}

/**
 * Each home list's filter repeats the predicate of its partial index in migration
 * 0010_home_list_indexes.sql, with the constants written into the statement so the planner can
 * prove the index applies whatever plan it caches.
 */
const constant = (value: number) => sql.raw(String(value));
const HOME_OFFERED = ON_SALE;
const FEATURED_OR_HOMEPAGE = constant(ListingOption.Featured | ListingOption.Homepage);
const HOMEPAGE = constant(ListingOption.Homepage);
const LOCAL = sql`${HOME_OFFERED} and l.listing_type = ${constant(ListingType.Local)}`;

/** The statements of the home lists, apart so their plans can be checked. */
export const homeListStatements = {
  featured: (limit: number) =>
    cardsStatement(
      sql`${HOME_OFFERED} and l.listing_type = ${constant(ListingType.National)}
        and (l.listing_options & ${FEATURED_OR_HOMEPAGE}) <> 0`,
      sql`(l.listing_options & ${HOMEPAGE}) <> 0 desc, l.listing_start_date desc, l.id`,
      limit,
    ),
  newThisWeek: (limit: number) =>
    cardsStatement(
      sql`${HOME_OFFERED} and l.distributor_id is null
        and l.listing_start_date >= now() - interval '7 days'`,
      sql`l.listing_start_date desc, l.id`,
      limit,
    ),
  /**
   * The nearest first. Listings share their seller's location, so distances are worked out once
   * per location within the distance (grouped from the covering index alone); each location then
   * gives its newest listings from the same index, and only the listings shown are read whole.
   * `places` is materialised so each location's distance is worked out once: inlined, the planner
   * pushes the distance test down into the index scan, once per listing in the box.
   */
  localNear: (origin: Origin, miles: number, limit: number) => sql`with places as materialized (
        select l.latitude, l.longitude, ${distanceSql(origin)} as distance from listings l
        where ${LOCAL} and ${boundingBoxSql(origin, miles)}
        group by l.latitude, l.longitude),
      near as (
        select n.id, p.distance, n.listing_start_date from places p cross join lateral (
          select l.id, l.listing_start_date from listings l
          where ${LOCAL} and l.latitude = p.latitude and l.longitude = p.longitude
          order by l.listing_start_date desc, l.id
          limit ${limit}) n
        where p.distance <= ${miles}::float8
        order by p.distance asc, n.listing_start_date desc, n.id
        limit ${limit})
      select ${CARD_JSON} as card, near.distance
      from near join listings l on l.id = near.id join users u on u.id = l.user_id
      order by near.distance asc, near.listing_start_date desc, near.id`,
  localAnywhere: (limit: number) => cardsStatement(LOCAL, sql`l.listing_start_date desc, l.id`, limit),
};

/** Home 'Online Listings': national listings carrying the Featured or Homepage option, Homepage first. */
export async function featuredListings(
  db: Database,
  limit = HOME_LIST_DEFAULT_LIMIT,
): Promise<ListingCard[]> {
  const rows = await queryRows<CardRow>(db, homeListStatements.featured(limit));
  return rows.map((row) => toCard(row.card));
}

/**
 * Listings started in the last 7 days, newest first. Distributor catalogue listings are left out,
 * as in the section's "View all" search (listingStartDate=7 with the empty-GUID distributorId), so
 * every card of the section is also in the search it links to.
 */
export async function newThisWeekListings(
  db: Database,
  limit = HOME_LIST_DEFAULT_LIMIT,
): Promise<ListingCard[]> {
  const rows = await queryRows<CardRow>(db, homeListStatements.newThisWeek(limit));
  return rows.map((row) => toCard(row.card));
}

/**
 * Local listings nearest the zip code (the caller's location when none is given), within the
 * distance (Shop Local's 50 miles by default). When none is that near, the newest local listings
 * anywhere fill the list so the home page never shows an empty row.
 */
export async function localListings(
  db: Database,
  options: { zipCode: string; distance?: number | undefined; limit?: number | undefined },
  fallback: GeoLocation,
): Promise<ListingCard[]> {
  const limit = options.limit ?? HOME_LIST_DEFAULT_LIMIT;
  const miles = options.distance ?? SHOP_LOCAL_DEFAULTS.distance;
  const origin =
    (await findZipCentroid(db, options.zipCode)) ?? (await findZipCentroid(db, fallback.zipCode));
  if (origin) {
    const near = await queryRows<CardRow>(db, homeListStatements.localNear(origin, miles, limit));
    if (near.length > 0) return near.map((row) => toCard(row.card, row.distance));
  }
  const anywhere = await queryRows<CardRow>(db, homeListStatements.localAnywhere(limit));
  return anywhere.map((row) => toCard(row.card));
}

/** Details by ids and listing numbers (legacy ids), in the order asked, each listing once; unknown ids are left out. */
export async function listingsByIds(
  db: Database,
  ids: readonly string[],
  legacyIds: readonly number[] = [],
): Promise<ListingDetail[]> {
  if (ids.length === 0 && legacyIds.length === 0) return [];
  const conditions: SQL[] = [];
  if (ids.length)
    conditions.push(
      sql`l.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  // A listing of the previous site keeps its legacy id as its listing number, so `/listing?p=` (and
  // these ids) open any listing by the number its page shows.
  if (legacyIds.length) {
    conditions.push(
      sql`l.listing_number in (${sql.join(
        legacyIds.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`,
    );
  }
  const rows = await queryRows<DetailRow>(db, sql`${DETAIL_SELECT} where ${sql.join(conditions, sql` or `)}`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byLegacy = new Map(rows.map((row) => [Number(row.listing_number), row]));
  const ordered: DetailRow[] = [];
  const seen = new Set<string>();
  for (const row of [
    ...ids.map((id) => byId.get(id.toLowerCase())),
    ...legacyIds.map((id) => byLegacy.get(id)),
  ]) {
    if (row && !seen.has(row.id)) {
      seen.add(row.id);
      ordered.push(row);
    }
  }
  return ordered.map(toDetail);
}

export async function listingById(db: Database, id: string): Promise<ListingDetail | null> {
  return (await listingsByIds(db, [id]))[0] ?? null;
}

export async function listingByLegacyId(db: Database, legacyId: number): Promise<ListingDetail | null> {
  return (await listingsByIds(db, [], [legacyId]))[0] ?? null;
}

/** Cards by ids, in the order asked; unknown ids are left out. */
export async function listingCardsByIds(db: Database, ids: readonly string[]): Promise<ListingCard[]> {
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${CARD_JSON} as card from listings l join users u on u.id = l.user_id
        where l.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  const byId = new Map(rows.map((row) => [row.card.id, row.card]));
  const seen = new Set<string>();
  const result: ListingCard[] = [];
  for (const id of ids) {
    const card = byId.get(id.toLowerCase());
    if (card && !seen.has(card.id)) {
      seen.add(card.id);
      result.push(toCard(card));
    }
  }
  return result;
}

const FROZEN = sql`(l.listing_options & ${constant(STAFF_LISTING_OPTIONS)}) <> 0`;
const NOT_FROZEN = sql`(l.listing_options & ${constant(STAFF_LISTING_OPTIONS)}) = 0`;

/** Each tab of My listings; every listing is in exactly one of them (see `SellerListingStatus`). */
const STATUS_CONDITION: Readonly<Record<SellerListingStatus, SQL>> = {
  frozen: FROZEN,
  sold: sql`${NOT_FROZEN} and l.is_sold`,
  closed: sql`${NOT_FROZEN} and not l.is_sold and (not l.is_active or l.listing_end_date <= now())`,
  outOfStock: sql`${NOT_FROZEN} and ${OFFERED} and l.quantity <= 0`,
  active: sql`${NOT_FROZEN} and ${OFFERED} and l.quantity > 0`,
  all: sql`true`,
};

const SELLER_SORT: Readonly<Record<SellerListingSort, SQL>> = {
  newest: sql`l.listing_start_date desc, l.id`,
  // The seller index read backwards: oldest first, ties by id descending.
  oldest: sql`l.listing_start_date asc, l.id desc`,
  priceAsc: sql`l.price asc, l.listing_start_date desc, l.id`,
  priceDesc: sql`l.price desc, l.listing_start_date desc, l.id`,
  title: sql`lower(l.title), l.id`,
};

/**
 * A keyword of My listings: words of the listing (full-text), part of its title, its UPC, SKU or
 * stock number, or its listing number (with or without a leading '#').
 */
function sellerKeywordCondition(keyword: string): SQL {
  const pattern = `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const number = /^#?\d{1,15}$/.test(keyword) ? Number(keyword.replace('#', '')) : null;
  return sql`(exists (select 1 from listing_search s where s.listing_id = l.id
      and s.search_vector @@ websearch_to_tsquery('english', ${keyword}))
    or l.title ilike ${pattern}
    or l.upc = ${keyword} or lower(l.sku) = lower(${keyword}) or lower(l.seller_stock_number) = lower(${keyword})${
      number === null ? sql`` : sql` or l.listing_number = ${number}::bigint`
    })`;
}

/**
 * The most listings of one scope the tab counts read, so a seller's page costs the same however
 * many listings they keep; the counts are exact up to this many.
 */
export const SELLER_COUNT_LIMIT = 100_000;

/** Every tab's count as one JSON object, read in one pass over at most SELLER_COUNT_LIMIT listings of the scope. */
function sellerCountsJson(scope: SQL[]): SQL {
  return sql`(select json_build_object(${sql.join(
    Object.entries(STATUS_CONDITION).map(
      ([status, condition]) => sql`${status}::text, (count(*) filter (where ${condition}))::int`,
    ),
    sql`, `,
  )})
    from (select l.is_active, l.is_sold, l.listing_options, l.listing_start_date, l.listing_end_date, l.quantity
      from listings l where ${sql.join(scope, sql` and `)} limit ${SELLER_COUNT_LIMIT}) l)`;
}

async function countSellerListings(db: Database, scope: SQL[]): Promise<SellerListingCounts> {
  const [row] = await queryRows<{ counts: SellerListingCounts }>(
    db,
    sql`select ${sellerCountsJson(scope)} as counts`,
  );
  return row?.counts ?? { active: 0, sold: 0, closed: 0, frozen: 0, outOfStock: 0, all: 0 };
}

/** How many of a seller's listings each tab of My listings holds (the dashboard's selling counts too). */
export const sellerListingCounts = (db: Database, userId: string) =>
  countSellerListings(db, [sql`l.user_id = ${userId}`]);

interface SellerListingsFilters {
  status: SellerListingStatus;
  keyword?: string | undefined;
  listingType?: number | undefined;
  sort?: SellerListingSort | undefined;
}

/**
 * One statement, so the page never queues behind its own count (PGlite runs one at a time): the
 * page's ids are read in order from the seller's index, only their cards are built, and the tab
 * counts read a bounded number of the seller's listings.
 */
export function sellerListingsStatement(
  userId: string,
  filters: SellerListingsFilters,
  page: number,
  pageSize: number,
): SQL {
  const scope: SQL[] = [sql`l.user_id = ${userId}`];
  if (filters.keyword) scope.push(sellerKeywordCondition(filters.keyword));
  if (filters.listingType !== undefined) scope.push(sql`l.listing_type = ${filters.listingType}`);
  const where = [...scope, STATUS_CONDITION[filters.status]];
  const order = SELLER_SORT[filters.sort ?? 'newest'];
  return sql`with page as (
        select l.id from listings l
        where ${sql.join(where, sql` and `)}
        order by ${order}
        limit ${pageSize} offset ${(page - 1) * pageSize}
      )
      select (select json_agg(c.card order by c.n) from (
          select ${CARD_JSON} as card, row_number() over (order by ${order}) as n
          from page p join listings l on l.id = p.id join users u on u.id = l.user_id
        ) c) as cards,
        ${sellerCountsJson(scope)} as counts`;
}

/** A seller's own listings for the dashboard, in one tab, with every tab's count. */
export async function sellerListings(
  db: Database,
  userId: string,
  filters: SellerListingsFilters,
  page: number,
  pageSize: number,
): Promise<ListingsGetAllResponse> {
  const [row] = await queryRows<{ cards: CardRow['card'][] | null; counts: SellerListingCounts }>(
    db,
    sellerListingsStatement(userId, filters, page, pageSize),
  );
  const counts = row?.counts ?? { active: 0, sold: 0, closed: 0, frozen: 0, outOfStock: 0, all: 0 };
  return {
    total: counts[filters.status],
    page,
    pageSize,
    results: (row?.cards ?? []).map((card) => toSellerListing(card)),
    counts,
  };
}

/** The user behind a legacy lister id (`/Search/Lister/{id}`), or null. */
export async function userIdForLegacyLister(db: Database, legacyListerId: number): Promise<string | null> {
  if (!Number.isSafeInteger(legacyListerId) || legacyListerId <= 0) return null;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from users where legacy_lister_id = ${legacyListerId} limit 1`,
  );
  return rows[0]?.id ?? null;
}

/** The catalogue photo of a UPC: the family of the listings carrying it, or null when none does. */
export async function familyIdForUpc(db: Database, upc: string): Promise<number | null> {
  const rows = await queryRows<{ family_id: number }>(
    db,
    sql`select family_id from listings where upc = ${upc} group by family_id order by count(*) desc, family_id limit 1`,
  );
  return rows[0]?.family_id ?? null;
}
