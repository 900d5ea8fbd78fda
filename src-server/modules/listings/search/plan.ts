import { type SQL, sql } from 'drizzle-orm';
import { isEmptyGuid } from '../../../../shared/contract/common.ts';
import type { ParsedSearchRequest } from '../../../../shared/contract/listing-search.ts';
import { Condition, ListingType, STAFF_LISTING_OPTIONS } from '../../../../shared/domain/listing.ts';
import { SearchSort } from '../../../../shared/search/search-sort.ts';
import type { DbExecutor } from '../../../db/client.ts';
import { badRequest } from '../../../http/errors.ts';
import { findZipCentroid } from '../../location/index.ts';

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;
const RADIANS_PER_DEGREE = Math.PI / 180;

/** A keyword that may be a UPC or SKU: one token of letters, digits, dashes. */
const CODE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

/** The alias of a table with `latitude` and `longitude` columns in the statement (`l`: listings or the keyword copy, `k`: postings). */
export type TableAlias = 'l' | 'd' | 'k';

export interface Origin {
  latitude: number;
  longitude: number;
}

/**
 * Great-circle miles from `origin` to the listing's location (haversine). Written with
 * sin²(x/2) = (1 − cos x) / 2 and the origin's terms computed here: three cosines per row instead
 * of two sines, two powers and three cosines (a distance search evaluates it for thousands of rows).
 */
export function distanceSql(origin: Origin, alias: TableAlias = 'l'): SQL {
  const rad = RADIANS_PER_DEGREE;
  const cosOrigin = Math.cos(origin.latitude * rad);
  const a = sql.raw(alias);
  return sql`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    (1 - cos((${a}.latitude - ${origin.latitude}::float8) * ${rad}::float8)) / 2
    + ${cosOrigin / 2}::float8 * cos(${a}.latitude * ${rad}::float8)
      * (1 - cos((${a}.longitude - ${origin.longitude}::float8) * ${rad}::float8))))))`;
}

export interface Box {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/**
 * A latitude/longitude box around `origin` that holds every point within `miles` (by `distanceSql`):
 * the circle's widest longitudes lie poleward of the origin's latitude, asin(sin δ ÷ cos φ) away
 * for an angular radius δ, more than δ ÷ cos φ (a box of that width cut the circle's corners off
 * for a large radius far north). A circle reaching a pole spans every longitude.
 */
export function boundingBox(origin: Origin, miles: number): Box {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  const angle = miles / EARTH_RADIUS_MILES;
  const cosLat = Math.cos(origin.latitude * RADIANS_PER_DEGREE);
  // A hair wider than the circle, so a listing on its edge is in the box whatever the rounding.
  const dLng =
    Math.sin(angle) >= cosLat ? 180 : Math.asin(Math.sin(angle) / cosLat) / RADIANS_PER_DEGREE + 1e-9;
  return {
    minLatitude: origin.latitude - dLat,
    maxLatitude: origin.latitude + dLat,
    minLongitude: origin.longitude - dLng,
    maxLongitude: origin.longitude + dLng,
  };
}

/** The bounding box as a condition (an index prefilter). */
export function boundingBoxSql(origin: Origin, miles: number, alias: TableAlias = 'l'): SQL {
  const box = boundingBox(origin, miles);
  const a = sql.raw(alias);
  return sql`${a}.latitude between ${box.minLatitude}::float8 and ${box.maxLatitude}::float8
    and ${a}.longitude between ${box.minLongitude}::float8 and ${box.maxLongitude}::float8`;
}

export const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The filters of the three facets. Each facet is counted with every filter except its own, so a
 * shopper sees (and can add) the other options; the results and the total use all of them.
 */
export interface FacetFilters {
  family: SQL | null;
  condition: SQL | null;
  listingType: SQL | null;
}

export interface SearchPlan {
  /**
   * The same facet filters written over a facet key (`listing_facet_key`), for rows that carry the
   * key alone (keyword postings).
   */
  facetsOfKey: (key: SQL) => FacetFilters;
  /** Every filter that is not a facet's own, apart from "offered" (its form depends on the table read). */
  where: SQL[];
  /**
   * The radius of a distance search, kept apart from `where`: the rows of the bounding box carry their
   * distance, and the radius is checked on it, so the distance is computed once per row.
   */
  radius: number | null;
  facets: FacetFilters;
  /**
   * With a family filter, the facet keys the three facet filters allow (`facetKeysOf`): a narrow set
   * of families, conditions and listing types is read from the facet key index, whatever the other
   * filters. Null without a family filter (the keys would span every family).
   */
  facetKeys: number[] | null;
  /**
   * Relevance columns for a keyword: full-text rank and, for a keyword shaped like a code, exact code
   * match; `condition` is the keyword's match among `where`.
   */
  keyword: { query: SQL; codeMatch: SQL | null; condition: SQL } | null;
  origin: Origin | null;
  /**
   * The radius's bounding box among `where` (an index prefilter: it holds the whole circle, so the
   * distance alone decides), or null without a radius.
   */
  box: SQL | null;
  /** Completed auctions: the listings of sold auctions (`SOLD_AUCTION`), not the listings on sale. */
  completed: boolean;
}

/** The full-text query a search runs for its typed keyword (a parameter, or a column of texts). */
export const keywordQuery = (text: SQL) => sql`websearch_to_tsquery('english', ${text})`;

/** Turns a parsed request into SQL conditions; the zip code is resolved to its centroid. */
export async function planSearch(db: DbExecutor, request: ParsedSearchRequest): Promise<SearchPlan> {
  const where: SQL[] = [];
  let keyword: SearchPlan['keyword'] = null;

  const text = request.keyword?.trim();
  if (text) {
    const query = keywordQuery(sql`${text}`);
    const codeMatch = CODE_PATTERN.test(text)
      ? sql`(l.upc = ${text} or lower(l.sku) = ${text.toLowerCase()})`
      : null;
    const condition = codeMatch
      ? sql`(l.search_vector @@ ${query} or ${codeMatch})`
      : sql`l.search_vector @@ ${query}`;
    where.push(condition);
    keyword = { query, codeMatch, condition };
  }
  const facets: FacetFilters = {
    family: request.familyIds?.length ? sql`l.family_id in (${list(request.familyIds)})` : null,
    condition: request.conditions?.length ? sql`l.condition in (${list(request.conditions)})` : null,
    listingType: request.listingType !== undefined ? sql`l.listing_type = ${request.listingType}` : null,
  };
  const facetsOfKey = (key: SQL): FacetFilters => ({
    // A family's keys are one range (`keyOf`): the planner estimates a range of the key from its
    // statistics, where it took the decoded family for a rare value and sorted a frequent word's
    // every posting rather than walk them in rank order for a family's page.
    family: request.familyIds?.length
      ? sql`(${sql.join(
          request.familyIds.map(
            (family) => sql`(${key} >= ${keyOf(family, 0, 0)} and ${key} < ${keyOf(family + 1, 0, 0)})`,
          ),
          sql` or `,
        )})`
      : null,
    condition: request.conditions?.length
      ? sql`listing_facet_condition(${key}) in (${list(request.conditions)})`
      : null,
    listingType:
      request.listingType !== undefined
        ? sql`listing_facet_listing_type(${key}) = ${request.listingType}`
        : null,
  });
  if (request.uid) where.push(sql`l.user_id = ${request.uid}`);
  if (request.upsells) where.push(sql`(l.listing_options & ${request.upsells}) = ${request.upsells}`);
  if (request.listingStartDate) {
    where.push(sql`l.listing_start_date >= now() - make_interval(days => ${request.listingStartDate}::int)`);
  }
  if (request.distributorId !== undefined) {
    where.push(
      isEmptyGuid(request.distributorId)
        ? sql`l.distributor_id is null`
        : sql`l.distributor_id = ${request.distributorId}`,
    );
  }
  if (request.minPrice !== undefined) where.push(sql`l.price >= ${request.minPrice}`);
  if (request.maxPrice !== undefined) where.push(sql`l.price <= ${request.maxPrice}`);

  let origin: Origin | null = null;
  let radius: number | null = null;
  let box: SQL | null = null;
  if (request.zipCode) {
    const centroid = await findZipCentroid(db, request.zipCode);
    if (!centroid) throw badRequest('The request is not valid.', { zipCode: 'Unknown zip code.' });
    origin = centroid;
    if (request.distance !== undefined) {
      box = boundingBoxSql(origin, request.distance);
      where.push(box);
      radius = request.distance;
    }
  }
  const facetKeys = request.familyIds?.length
    ? facetKeysOf(request.familyIds, request.conditions, request.listingType)
    : null;
  return {
    where,
    radius,
    facets,
    facetsOfKey,
    facetKeys,
    keyword,
    origin,
    box,
    completed: request.completed === true,
  };
}

/**
 * The condition codes of the SQL function `listing_condition_code` (migration 0006), in code order;
 * any other condition is code 3.
 */
const CONDITION_CODES: readonly string[] = [Condition.NewInBox, Condition.Used, Condition.NeverFired];
const EVERY_CONDITION_CODE = [0, 1, 2, 3];

function conditionCode(condition: string): number {
  const code = CONDITION_CODES.indexOf(condition);
  return code < 0 ? 3 : code;
}

const keyOf = (familyId: number, code: number, listingType: number) =>
  familyId * 4096 + code * 256 + (listingType & 255);

/** A listing's facet key, as the SQL function `listing_facet_key` computes it. */
export function facetKeyOf(familyId: number, condition: string, listingType: number): number {
  return keyOf(familyId, conditionCode(condition), listingType);
}

/**
 * Every facet key of the given families with the given conditions (any, when not given) and listing
 * type (any of ListingType's, the only types a listing is written with, when not given).
 */
export function facetKeysOf(
  familyIds: readonly number[],
  conditions: readonly string[] | undefined,
  listingType: number | undefined,
): number[] {
  const codes = conditions?.length ? conditions.map(conditionCode) : EVERY_CONDITION_CODE;
  const types = listingType !== undefined ? [listingType] : Object.values(ListingType);
  const keys = new Set<number>();
  for (const family of familyIds)
    for (const code of codes) for (const type of types) keys.add(keyOf(family, code, type));
  return [...keys].sort((a, b) => a - b);
}

/**
 * The order the page follows: distance without a ZIP code falls back to the default (relevance for a
 * keyword, featured first otherwise). Completed auctions have no featured ones and none ending:
 * their default, newest and ending-soonest orders are the latest sale first.
 */
export type Ordering =
  | 'price-asc'
  | 'price-desc'
  | 'newest'
  | 'distance'
  | 'relevance'
  | 'featured'
  | 'ending-soonest'
  | 'latest-sale';

export function ordering(sort: ParsedSearchRequest['sort'], plan: SearchPlan): Ordering {
  switch (sort) {
    case SearchSort.PriceAsc:
    case SearchSort.PriceDesc:
      return sort;
    case SearchSort.Newest:
    case SearchSort.EndingSoonest:
      return plan.completed ? 'latest-sale' : sort;
    case SearchSort.Distance:
      if (plan.origin) return 'distance';
      break;
  }
  if (plan.keyword) return 'relevance';
  return plan.completed ? 'latest-sale' : 'featured';
}

/**
 * Where reading a narrow set whole (a row each) and walking an order's index for its members (`weight`
 * ÷ the set's size rows per page, each `weight` ÷ pageEnd times dearer) cost the same: the set's size
 * of √(weight × rows of `table`), the walked table's rows as the planner estimates them, never more
 * than 50,000. `weight` is the walk's cost per row relative to a row of the set, times the page's end.
 */
export function evenCostRows(table: 'listing_search' | 'listings' | 'auctions', weight: number): SQL {
  return sql`(select least(50000, sqrt(${weight}::float8 * greatest(c.reltuples, 0)))::int
    from pg_class c where c.oid = ${table}::regclass)`;
}

/**
 * Whether the rows of `rows` (a `from` item with its conditions) number at most `most`, counted up to
 * `most` + 1 and never further: the gate between reading a narrow set whole and walking an order's
 * index (`most` from `evenCostRows`). `ctes` go in the statement's `with` (they end with a comma),
 * `few` is the answer as a scalar; the CTEs are named after `name`.
 */
export function boundedCount(name: string, rows: SQL, most: SQL): { ctes: SQL; few: SQL } {
  const limit = sql.raw(`${name}_most`);
  const gate = sql.raw(name);
  return {
    ctes: sql`${limit} as (select ${most} as most),
    ${gate} as (select count(*) <= (select ${limit}.most from ${limit}) as few from (
      select 1 from ${rows} limit (select ${limit}.most + 1 from ${limit})) t),`,
    few: sql`(select ${gate}.few from ${gate})`,
  };
}

/** A word or a phrase of a tsquery's text: 'sig', 'ar' <-> '-15', 'smith' <2> 'wesson'. */
export const QUERY_PART = String.raw`'(?:[^']|'')*'(?: <(?:-|[0-9]+)> '(?:[^']|'')*')*`;

/**
 * The canonical form of a tsquery: a query of words and phrases joined by & alone as those parts
 * sorted, each once ('ruger' & '22' & 'lr' and 'lr' & 'ruger' & '22' & 'lr' both read
 * '22' & 'lr' & 'ruger'), any other query (an alternative, a negation, a group) as itself. Such
 * queries match the same listings (& is commutative) and ts_rank ranks every listing alike (it
 * ranks a query's distinct words, sorted). Kept keys carry theirs (`keyword_posting_lexemes.canonical`,
 * migration 0057), written by this expression.
 */
export const canonicalQuery = (query: SQL) => sql`(case
    when (${query})::text ~ ${`^${QUERY_PART}(?: & ${QUERY_PART})*$`}
    then (select string_agg(distinct m[1], ' & ' order by m[1])
      from regexp_matches((${query})::text, ${`(${QUERY_PART})(?: & |$)`}, 'g') m)::tsquery
    else ${query} end)`;

/**
 * The key under which the postings keep a keyword's whole query (a lexeme, a name, a
 * hyphenated word, a set of words), or null: with `titlesOnly` the key of a word past the
 * postings' share, whose postings are its title matches alone; otherwise a key whose postings are
 * every match, the only kind that answers a search or counts its total, found by the query's
 * canonical form whatever the order the words are typed in (`canonicalQuery`).
 */
export const keptKeyOf = (query: SQL, { titlesOnly = false } = {}) =>
  titlesOnly
    ? sql`(select f.lexeme from keyword_posting_lexemes f where f.query = ${query} and f.titles_only)`
    : sql`(select f.lexeme from keyword_posting_lexemes f
        where f.canonical = ${canonicalQuery(query)} and not f.titles_only
        order by f.query = ${query} desc, f.lexeme limit 1)`;

/** Of the auctions `ra`, the running one (started, not yet ended, no outcome) of the listing `id`. */
export const runningAuctionOf = (id: SQL, now: SQL) =>
  sql`ra.listing_id = ${id} and ra.outcome is null and ra.starts_at <= ${now} and ra.ends_at > ${now}`;

/**
 * The end of a listing's running auction (started, not yet ended, no outcome), else null: the key
 * of the ending-soonest order. Looked up by the auction's key for auction-type listings only, one
 * lookup per row (a scalar subquery: never a hashed read of every running auction). `listingType`
 * is the listing's type (the keyword copy's and the listings' column, or the postings' facet key decoded).
 */
export function runningAuctionEnd(id: SQL, now: SQL, listingType: SQL = sql`l.listing_type`): SQL {
  return sql`case when ${listingType} = ${sql.raw(String(ListingType.Auction))} then (
    select ra.ends_at from auctions ra where ${runningAuctionOf(id, now)}) end`;
}

/**
 * Not a running auction: the complement of `runningAuctionEnd` written as a filter the planner can
 * estimate (most listings are not auctions), so "the other matches, newest first" walks the newest
 * index rather than reading and sorting every match. The auction is looked up for auction listings
 * only, one lookup each (a scalar subquery: `not exists` here was run as a hash of every running
 * auction, tens of thousands at a million listings, for a page of two dozen rows).
 */
export function notRunningAuction(id: SQL, now: SQL): SQL {
  return sql`(l.listing_type <> ${sql.raw(String(ListingType.Auction))} or (
    select true from auctions ra where ${runningAuctionOf(id, now)}) is null)`;
}

/** A completed auction, as the source of a completed search joins it (`auctions a`): sold, its listing not frozen. */
export const SOLD_AUCTION = sql`a.outcome = 'sold' and (l.listing_options & ${sql.raw(String(STAFF_LISTING_OPTIONS))}) = 0`;

export function orderBy(order: Ordering, plan: SearchPlan, alias: 'k' | 'l' | 'm' | 'p' | 's' | 'u'): SQL {
  const a = sql.raw(alias);
  const tail = sql`${a}.listing_start_date desc, ${a}.id`;
  switch (order) {
    case 'ending-soonest':
      return sql`${a}.auction_end asc nulls last, ${tail}`;
    case 'latest-sale':
      return sql`${a}.sold_at desc, ${tail}`;
    case 'price-asc':
      return sql`${a}.price asc, ${tail}`;
    case 'price-desc':
      return sql`${a}.price desc, ${tail}`;
    case 'newest':
      return tail;
    case 'distance':
      return sql`${a}.distance asc nulls last, ${tail}`;
    case 'relevance':
      // Without a code-shaped keyword no row matches a code exactly: rank leads, every rank under
      // `keyword_pairless_rank()` alike (`keyword_rank`, migration 0058).
      return plan.keyword?.codeMatch
        ? sql`${a}.code_match desc, keyword_rank(${a}.rank) desc, ${tail}`
        : sql`keyword_rank(${a}.rank) desc, ${tail}`;
    case 'featured':
      return sql`${a}.featured desc, ${tail}`;
  }
}

/**
 * The places within `radius` miles of `origin`, each with its distance (`near`). Listings share few
 * places (a dealer's stock sits at one address), so the places of the radius's box are found one
 * index descent each (the next place after the last one found, within the box's latitudes: a loose
 * scan of the location index, never its rows), and each place's distance is computed once.
 */
export function nearPlaces(origin: Origin, radius: number): SQL {
  const box = boundingBox(origin, radius);
  const located = sql`l.is_active and not l.is_sold and l.latitude <= ${box.maxLatitude}::float8`;
  return sql`places (latitude, longitude) as (
        (select l.latitude, l.longitude from listings l
          where ${located} and l.latitude >= ${box.minLatitude}::float8
          order by l.latitude, l.longitude limit 1)
        union all
        select n.latitude, n.longitude from places pl cross join lateral (
          select l.latitude, l.longitude from listings l
          where ${located} and (l.latitude, l.longitude) > (pl.latitude, pl.longitude)
          order by l.latitude, l.longitude limit 1) n
      ),
      near as (
        select d.latitude, d.longitude, ${distanceSql(origin, 'd')} as distance from places d
        where d.longitude between ${box.minLongitude}::float8 and ${box.maxLongitude}::float8
          and ${distanceSql(origin, 'd')} <= ${radius}::float8
      )`;
}
