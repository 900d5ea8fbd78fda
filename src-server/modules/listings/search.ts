import { type SQL, sql } from 'drizzle-orm';
import { isEmptyGuid } from '../../../shared/contract/common.ts';
import {
  type ParsedSearchRequest,
  type SearchFacets,
  type SearchResponse,
  SearchSort,
} from '../../../shared/contract/listings.ts';
import { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { Condition, ListingOption, ListingType } from '../../../shared/domain/listing.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { findZipCentroid } from '../location/service.ts';
import { CARD_JSON, type CardJson, OFFERED, toCard } from './cards.ts';

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;
const RADIANS_PER_DEGREE = Math.PI / 180;

/** A keyword that may be a UPC or SKU: one token of letters, digits, dashes. */
const CODE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

export interface Origin {
  latitude: number;
  longitude: number;
}

/**
 * Great-circle miles from `origin` to the listing's location (haversine). Written with
 * sin²(x/2) = (1 − cos x) / 2 and the origin's terms computed here: three cosines per row instead
 * of two sines, two powers and three cosines (a distance search evaluates it for thousands of rows).
 */
export function distanceSql(origin: Origin): SQL {
  const rad = RADIANS_PER_DEGREE;
  const cosOrigin = Math.cos(origin.latitude * rad);
  return sql`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    (1 - cos((l.latitude - ${origin.latitude}::float8) * ${rad}::float8)) / 2
    + ${cosOrigin / 2}::float8 * cos(l.latitude * ${rad}::float8)
      * (1 - cos((l.longitude - ${origin.longitude}::float8) * ${rad}::float8))))))`;
}

/** A latitude/longitude box around `origin` that holds every point within `miles` (an index prefilter). */
export function boundingBoxSql(origin: Origin, miles: number): SQL {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  const cosLat = Math.max(0.01, Math.cos((origin.latitude * Math.PI) / 180));
  const dLng = miles / (MILES_PER_DEGREE_LATITUDE * cosLat);
  return sql`l.latitude between ${origin.latitude - dLat}::float8 and ${origin.latitude + dLat}::float8
    and l.longitude between ${origin.longitude - dLng}::float8 and ${origin.longitude + dLng}::float8`;
}

const list = (values: readonly (string | number)[]) =>
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
  /** Every filter that is not a facet's own, apart from "offered" (its form depends on the table read). */
  where: SQL[];
  /**
   * The radius of a distance search, kept apart from `where`: the rows of the bounding box carry their
   * distance, and the radius is checked on it, so the distance is computed once per row.
   */
  radius: number | null;
  facets: FacetFilters;
  /** Relevance columns for a keyword: full-text rank and, for a keyword shaped like a code, exact code match. */
  keyword: { query: SQL; codeMatch: SQL | null } | null;
  origin: Origin | null;
}

/** Turns a parsed request into SQL conditions; the zip code is resolved to its centroid. */
export async function planSearch(db: Database, request: ParsedSearchRequest): Promise<SearchPlan> {
  const where: SQL[] = [];
  let keyword: SearchPlan['keyword'] = null;

  const text = request.keyword?.trim();
  if (text) {
    const query = sql`websearch_to_tsquery('english', ${text})`;
    const codeMatch = CODE_PATTERN.test(text)
      ? sql`(l.upc = ${text} or lower(l.sku) = ${text.toLowerCase()})`
      : null;
    where.push(
      codeMatch ? sql`(l.search_vector @@ ${query} or ${codeMatch})` : sql`l.search_vector @@ ${query}`,
    );
    keyword = { query, codeMatch };
  }
  const facets: FacetFilters = {
    family: request.familyIds?.length ? sql`l.family_id in (${list(request.familyIds)})` : null,
    condition: request.conditions?.length ? sql`l.condition in (${list(request.conditions)})` : null,
    listingType: request.listingType !== undefined ? sql`l.listing_type = ${request.listingType}` : null,
  };
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
  if (request.zipCode) {
    const centroid = await findZipCentroid(db, request.zipCode);
    if (!centroid) throw badRequest('The request is not valid.', { zipCode: 'Unknown zip code.' });
    origin = centroid;
    if (request.distance !== undefined) {
      where.push(boundingBoxSql(origin, request.distance));
      radius = request.distance;
    }
  }
  return { where, radius, facets, keyword, origin };
}

const FEATURED_BITS = ListingOption.Featured | ListingOption.Homepage;

/** The order the page follows: distance without a ZIP code falls back to the default (relevance for a keyword, featured first otherwise). */
type Ordering = 'price-asc' | 'price-desc' | 'newest' | 'distance' | 'relevance' | 'featured';

function ordering(sort: ParsedSearchRequest['sort'], plan: SearchPlan): Ordering {
  switch (sort) {
    case SearchSort.PriceAsc:
    case SearchSort.PriceDesc:
    case SearchSort.Newest:
      return sort;
    case SearchSort.Distance:
      if (plan.origin) return 'distance';
      break;
  }
  return plan.keyword ? 'relevance' : 'featured';
}

function orderBy(order: Ordering, plan: SearchPlan, alias: 'm' | 'p'): SQL {
  const a = sql.raw(alias);
  const tail = sql`${a}.listing_start_date desc, ${a}.id`;
  switch (order) {
    case 'price-asc':
      return sql`${a}.price asc, ${tail}`;
    case 'price-desc':
      return sql`${a}.price desc, ${tail}`;
    case 'newest':
      return tail;
    case 'distance':
      return sql`${a}.distance asc nulls last, ${tail}`;
    case 'relevance':
      // Without a code-shaped keyword no row matches a code exactly: rank leads.
      return plan.keyword?.codeMatch
        ? sql`${a}.code_match desc, ${a}.rank desc, ${tail}`
        : sql`${a}.rank desc, ${tail}`;
    case 'featured':
      return sql`${a}.featured desc, ${tail}`;
  }
}

/** grouping() bits of the facet rows: family_id 4, condition 2, listing_type 1 (set = not grouped by). */
const GROUPED_BY_FAMILY = 3;
const GROUPED_BY_CONDITION = 5;
const GROUPED_BY_LISTING_TYPE = 6;
const GRAND_TOTAL = 7;

type FacetRow = [
  grouping: number,
  familyId: number | null,
  condition: Condition | null,
  listingType: number | null,
  count: number,
];

interface SearchRow {
  facets: FacetRow[] | null;
  results: { card: CardJson; distance: number | null }[] | null;
  [key: string]: unknown;
}

/**
 * One statement per search (PGlite has one connection): the rows matching every filter but the
 * facets' own are materialised once, each with its facet key and a flag per facet filter; the page
 * and the total read the rows whose flags all hold, and each facet counts the rows that pass the
 * other two facets' filters (standard faceted search). Keyword searches read the narrow
 * `listing_search` rows (same column names), other searches the listings and their covering indexes.
 */
export function searchStatement(plan: SearchPlan, request: ParsedSearchRequest): SQL {
  const order = ordering(request.sort, plan);
  const offset = (request.page - 1) * request.pageSize;
  // The materialised rows carry only what the facets, the page's order and its answer read: every
  // column is written to and read back from the CTE's store once per match (thousands for a
  // common keyword), so the ones this search does not use are left out.
  const orderColumns: Record<Ordering, SQL> = {
    'price-asc': sql`, l.price`,
    'price-desc': sql`, l.price`,
    newest: sql``,
    distance: sql``,
    relevance: plan.keyword
      ? sql`, ts_rank(l.search_vector, ${plan.keyword.query}) as rank${plan.keyword.codeMatch ? sql`, ${plan.keyword.codeMatch} as code_match` : sql``}`
      : sql``,
    featured: sql`, (l.listing_options & ${FEATURED_BITS}) <> 0 as featured`,
  };
  const distanceColumn = plan.origin ? sql`, ${distanceSql(plan.origin)} as distance` : sql``;
  // A flag column per active facet filter; each facet counts with the other facets' flags.
  const flags = {
    family: plan.facets.family ? sql.raw('f_ok') : null,
    condition: plan.facets.condition ? sql.raw('c_ok') : null,
    listingType: plan.facets.listingType ? sql.raw('t_ok') : null,
  };
  const flagColumns = sql.join(
    (['family', 'condition', 'listingType'] as const).flatMap((facet) =>
      flags[facet] ? [sql`, ${plan.facets[facet]} as ${flags[facet]}`] : [],
    ),
  );
  const allFlags = [flags.family, flags.condition, flags.listingType].filter((flag) => flag !== null);
  const flagKeys = sql.join(allFlags.map((flag) => sql`, ${flag}`));
  const countWhere = (...only: (SQL | null)[]) => {
    const active = only.filter((flag) => flag !== null);
    return active.length
      ? sql`coalesce(sum(n) filter (where ${sql.join(active, sql` and `)}), 0)`
      : sql`coalesce(sum(n), 0)`;
  };
  const raw = (value: number) => sql.raw(String(value));
  // Without facet filters every facet counts all rows: one plain sum (cheapest aggregate).
  const facetCount =
    allFlags.length === 0
      ? sql`coalesce(sum(n), 0)::int`
      : sql`(case grouping(family_id, condition, listing_type)
          when ${raw(GROUPED_BY_FAMILY)} then ${countWhere(flags.condition, flags.listingType)}
          when ${raw(GROUPED_BY_CONDITION)} then ${countWhere(flags.family, flags.listingType)}
          when ${raw(GROUPED_BY_LISTING_TYPE)} then ${countWhere(flags.family, flags.condition)}
          else ${countWhere(...allFlags)} end)::int`;
  // The keyword copy folds "offered" into one column; the time is a parameter, not a call per row.
  const source = plan.keyword
    ? sql`listing_search l where l.offered_until > ${new Date().toISOString()}::timestamptz`
    : sql`listings l where ${OFFERED}`;
  const within = plan.radius === null ? null : sql`m.distance <= ${plan.radius}::float8`;
  const pageWhere = [within, ...allFlags].filter((condition) => condition !== null);
  // The matches are first counted per (facet key, flags) in one hash pass over one integer column (a
  // few hundred groups at most); the grouping sets then add up those counts instead of updating
  // four aggregates for every match.
  return sql`
    with m as materialized (
      select ${plan.keyword ? sql`l.listing_id` : sql`l.id`} as id, l.facet_key,
        l.listing_start_date${orderColumns[order]}${distanceColumn}${flagColumns}
      from ${source}${plan.where.length ? sql` and ${sql.join(plan.where, sql` and `)}` : sql``}
    ),
    p as (
      select m.* from m${pageWhere.length ? sql` where ${sql.join(pageWhere, sql` and `)}` : sql``}
      order by ${orderBy(order, plan, 'm')}
      limit ${request.pageSize} offset ${offset}
    ),
    c as (
      select listing_facet_family(facet_key) as family_id, listing_facet_condition(facet_key) as condition,
        listing_facet_listing_type(facet_key) as listing_type${flagKeys}, n
      from (select facet_key${flagKeys}, count(*) as n from m${within ? sql` where ${within}` : sql``}
            group by facet_key${flagKeys}) k
    )
    select
      (select json_agg(json_build_array(g, family_id, condition, listing_type, n))
         from (select family_id, condition, listing_type,
                 grouping(family_id, condition, listing_type) as g, ${facetCount} as n
               from c group by grouping sets ((family_id), (condition), (listing_type), ())) f) as facets,
      (select json_agg(json_build_object('card', ${CARD_JSON}, 'distance', ${plan.origin ? sql`p.distance` : sql`null::float8`}) order by ${orderBy(order, plan, 'p')})
         from p join listings l on l.id = p.id join users u on u.id = l.user_id) as results`;
}

const CONDITIONS = new Set<string>(Object.values(Condition));
const LISTING_TYPES = new Set<number>(Object.values(ListingType));
const FAMILY_IDS = new Set<number>(Object.values(CategoryFamilyId));

/**
 * Ties between facet counts go by key, in natural order. One collator for every search:
 * `localeCompare` with options builds a new one on each call, which cost more than the rest of the
 * answer's mapping.
 */
const FACET_KEY_ORDER = new Intl.Collator('en', { numeric: true });

export async function searchListings(db: Database, request: ParsedSearchRequest): Promise<SearchResponse> {
  const plan = await planSearch(db, request);
  const [row] = await queryRows<SearchRow>(db, searchStatement(plan, request));
  const facetRows = row?.facets ?? [];
  const byCount = <T extends { count: number }>(entries: T[], key: (entry: T) => string | number) =>
    entries.sort((a, b) => b.count - a.count || FACET_KEY_ORDER.compare(String(key(a)), String(key(b))));
  const facets: SearchFacets = {
    family: byCount(
      facetRows
        .filter(([g, id, , , n]) => g === GROUPED_BY_FAMILY && n > 0 && id !== null && FAMILY_IDS.has(id))
        .map(([, id, , , count]) => ({ id: id as CategoryFamilyId, count })),
      (entry) => entry.id,
    ),
    condition: byCount(
      facetRows
        .filter(
          ([g, , value, , n]) =>
            g === GROUPED_BY_CONDITION && n > 0 && value !== null && CONDITIONS.has(value),
        )
        .map(([, , value, , count]) => ({ value: value as Condition, count })),
      (entry) => entry.value,
    ),
    listingType: byCount(
      facetRows
        .filter(
          ([g, , , value, n]) =>
            g === GROUPED_BY_LISTING_TYPE && n > 0 && value !== null && LISTING_TYPES.has(value),
        )
        .map(([, , , value, count]) => ({ value: value as ListingType, count })),
      (entry) => entry.value,
    ),
  };
  const total = facetRows.find(([g]) => g === GRAND_TOTAL)?.[4] ?? 0;
  return {
    total,
    page: request.page,
    pageSize: request.pageSize,
    results: (row?.results ?? []).map(({ card, distance }) => toCard(card, distance)),
    facets,
  };
}
