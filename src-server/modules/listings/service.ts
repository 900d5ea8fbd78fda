import { type SQL, sql } from 'drizzle-orm';
import {
  HOME_LIST_DEFAULT_LIMIT,
  type ListingCard,
  type ListingDetail,
  type ListingsGetAllResponse,
  type SellerListingStatus,
} from '../../../shared/contract/listings.ts';
import type { GeoLocation } from '../../../shared/contract/location.ts';
import { SHOP_LOCAL_DEFAULTS } from '../../../shared/domain/constants.ts';
import { ListingOption, ListingType } from '../../../shared/domain/listing.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { findZipCentroid } from '../location/service.ts';
import {
  CARD_JSON,
  type CardJson,
  DETAIL_SELECT,
  type DetailRow,
  OFFERED,
  toCard,
  toDetail,
  toSellerListing,
} from './cards.ts';
import { boundingBoxSql, distanceSql } from './search/plan.ts';

interface CardRow {
  card: CardJson;
  distance?: number | null;
  [key: string]: unknown;
}

async function cards(
  db: Database,
  where: SQL,
  order: SQL,
  limit: number,
  select: SQL = sql``,
): Promise<CardRow[]> {
  return queryRows<CardRow>(
    db,
    sql`select ${CARD_JSON} as card ${select}
        from listings l join users u on u.id = l.user_id
        where ${where}
        order by ${order}
        limit ${limit}`,
  );
}

const IN_STOCK = sql`l.quantity > 0`;

/** Home 'Online Listings': national listings carrying the Featured or Homepage option, Homepage first. */
export async function featuredListings(
  db: Database,
  limit = HOME_LIST_DEFAULT_LIMIT,
): Promise<ListingCard[]> {
  const rows = await cards(
    db,
    sql`${OFFERED} and ${IN_STOCK} and l.listing_type = ${ListingType.National}
        and (l.listing_options & ${ListingOption.Featured | ListingOption.Homepage}) <> 0`,
    sql`(l.listing_options & ${ListingOption.Homepage}) <> 0 desc, l.listing_start_date desc, l.id`,
    limit,
  );
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
  const rows = await cards(
    db,
    sql`${OFFERED} and ${IN_STOCK} and l.distributor_id is null
      and l.listing_start_date >= now() - interval '7 days'`,
    sql`l.listing_start_date desc, l.id`,
    limit,
  );
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
  const local = sql`${OFFERED} and ${IN_STOCK} and l.listing_type = ${ListingType.Local}`;
  if (origin) {
    const distance = distanceSql(origin);
    const near = await cards(
      db,
      sql`${local} and ${boundingBoxSql(origin, miles)} and ${distance} <= ${miles}::float8`,
      sql`distance asc, l.listing_start_date desc, l.id`,
      limit,
      sql`, ${distance} as distance`,
    );
    if (near.length > 0) return near.map((row) => toCard(row.card, row.distance));
  }
  const anywhere = await cards(db, local, sql`l.listing_start_date desc, l.id`, limit);
  return anywhere.map((row) => toCard(row.card));
}

/** Details by ids and legacy ids, in the order asked, each listing once; unknown ids are left out. */
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
  if (legacyIds.length) {
    conditions.push(
      sql`l.legacy_id in (${sql.join(
        legacyIds.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`,
    );
  }
  const rows = await queryRows<DetailRow>(db, sql`${DETAIL_SELECT} where ${sql.join(conditions, sql` or `)}`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byLegacy = new Map(rows.map((row) => [Number(row.legacy_id), row]));
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

const STATUS_CONDITION: Readonly<Record<SellerListingStatus, SQL>> = {
  active: OFFERED,
  sold: sql`l.is_sold`,
  closed: sql`not l.is_sold and (not l.is_active or l.listing_end_date <= now())`,
  all: sql`true`,
};

/** A seller's own listings for the dashboard, newest first. */
export async function sellerListings(
  db: Database,
  userId: string,
  filters: { status: SellerListingStatus; keyword?: string | undefined; listingType?: number | undefined },
  page: number,
  pageSize: number,
): Promise<ListingsGetAllResponse> {
  const where: SQL[] = [sql`l.user_id = ${userId}`, STATUS_CONDITION[filters.status]];
  if (filters.keyword) {
    where.push(sql`exists (select 1 from listing_search s where s.listing_id = l.id
      and s.search_vector @@ websearch_to_tsquery('english', ${filters.keyword}))`);
  }
  if (filters.listingType !== undefined) where.push(sql`l.listing_type = ${filters.listingType}`);
  const rows = await queryRows<CardRow & { total: number }>(
    db,
    sql`select ${CARD_JSON} as card, count(*) over ()::int as total
        from listings l join users u on u.id = l.user_id
        where ${sql.join(where, sql` and `)}
        order by l.listing_start_date desc, l.id
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from listings l where ${sql.join(where, sql` and `)}`,
    );
    total = count?.total ?? 0;
  }
  return { total, page, pageSize, results: rows.map((row) => toSellerListing(row.card)) };
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
