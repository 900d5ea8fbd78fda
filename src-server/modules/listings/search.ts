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
  const facetsOfKey = (key: SQL): FacetFilters => ({
    family: request.familyIds?.length
      ? sql`listing_facet_family(${key}) in (${list(request.familyIds)})`
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
  if (request.zipCode) {
    const centroid = await findZipCentroid(db, request.zipCode);
    if (!centroid) throw badRequest('The request is not valid.', { zipCode: 'Unknown zip code.' });
    origin = centroid;
    if (request.distance !== undefined) {
      where.push(boundingBoxSql(origin, request.distance));
      radius = request.distance;
    }
  }
  return { where, radius, facets, facetsOfKey, keyword, origin };
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

function orderBy(order: Ordering, plan: SearchPlan, alias: 'm' | 'p' | 'u'): SQL {
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

export interface SearchRow {
  /** Postings statement only: whether the keyword is one kept lexeme (otherwise nothing was read). */
  covered?: boolean;
  facets: FacetRow[] | null;
  results: { card: CardJson; distance: number | null }[] | null;
  [key: string]: unknown;
}

/** The flag column of each active facet filter; each facet counts with the other facets' flags. */
interface FacetFlags {
  family: SQL | null;
  condition: SQL | null;
  listingType: SQL | null;
  all: SQL[];
}

function facetFlags(facets: FacetFilters): FacetFlags {
  const family = facets.family ? sql.raw('f_ok') : null;
  const condition = facets.condition ? sql.raw('c_ok') : null;
  const listingType = facets.listingType ? sql.raw('t_ok') : null;
  return {
    family,
    condition,
    listingType,
    all: [family, condition, listingType].filter((flag) => flag !== null),
  };
}

/** `, <filter> as <flag>` for each active facet filter. */
function flagColumns(facets: FacetFilters, flags: FacetFlags): SQL {
  return sql.join(
    (['family', 'condition', 'listingType'] as const).flatMap((facet) =>
      flags[facet] ? [sql`, ${facets[facet]} as ${flags[facet]}`] : [],
    ),
  );
}

/**
 * The answer both statements end with, read from two relations: `c`, the matches counted per facet
 * key (its family, condition and listing type decoded, a flag per active facet filter, `n`), and
 * `p`, the page's rows in any order (id, the order's columns, distance when searched by ZIP code).
 * The grouping sets add up those counts per facet instead of updating four aggregates per match.
 */
function answerSql(plan: SearchPlan, order: Ordering, flags: FacetFlags): SQL {
  const countWhere = (...only: (SQL | null)[]) => {
    const active = only.filter((flag) => flag !== null);
    return active.length
      ? sql`coalesce(sum(n) filter (where ${sql.join(active, sql` and `)}), 0)`
      : sql`coalesce(sum(n), 0)`;
  };
  const raw = (value: number) => sql.raw(String(value));
  // Without facet filters every facet counts all rows: one plain sum (cheapest aggregate).
  const facetCount =
    flags.all.length === 0
      ? sql`coalesce(sum(n), 0)::int`
      : sql`(case grouping(family_id, condition, listing_type)
          when ${raw(GROUPED_BY_FAMILY)} then ${countWhere(flags.condition, flags.listingType)}
          when ${raw(GROUPED_BY_CONDITION)} then ${countWhere(flags.family, flags.listingType)}
          when ${raw(GROUPED_BY_LISTING_TYPE)} then ${countWhere(flags.family, flags.condition)}
          else ${countWhere(...flags.all)} end)::int`;
  return sql`
      (select json_agg(json_build_array(g, family_id, condition, listing_type, n))
         from (select family_id, condition, listing_type,
                 grouping(family_id, condition, listing_type) as g, ${facetCount} as n
               from c group by grouping sets ((family_id), (condition), (listing_type), ())) f) as facets,
      (select json_agg(json_build_object('card', ${CARD_JSON}, 'distance', ${plan.origin ? sql`p.distance` : sql`null::float8`}) order by ${orderBy(order, plan, 'p')})
         from p join listings l on l.id = p.id join users u on u.id = l.user_id) as results`;
}

/** The facet key's decoded family, condition and listing type, as `c` carries them. */
const DECODED_FACET_KEY = sql`listing_facet_family(facet_key) as family_id,
  listing_facet_condition(facet_key) as condition, listing_facet_listing_type(facet_key) as listing_type`;

/**
 * The general statement, one per search (PGlite has one connection): the rows matching every filter
 * but the facets' own are materialised once, each with its facet key and a flag per facet filter;
 * the page and the total read the rows whose flags all hold, and each facet counts the rows that
 * pass the other two facets' filters (standard faceted search). Keyword searches read the narrow
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
      ? sql`, ts_rank(l.search_vector, ${plan.keyword.query}) as rank${plan.keyword.codeMatch ? sql`, (${plan.keyword.codeMatch}) is true as code_match` : sql``}`
      : sql``,
    featured: sql`, (l.listing_options & ${FEATURED_BITS}) <> 0 as featured`,
  };
  const distanceColumn = plan.origin ? sql`, ${distanceSql(plan.origin)} as distance` : sql``;
  const flags = facetFlags(plan.facets);
  const flagKeys = sql.join(flags.all.map((flag) => sql`, ${flag}`));
  // The keyword copy folds "offered" into one column; the time is a parameter, not a call per row.
  const source = plan.keyword
    ? sql`listing_search l where l.offered_until > ${new Date().toISOString()}::timestamptz`
    : sql`listings l where ${OFFERED}`;
  const within = plan.radius === null ? null : sql`m.distance <= ${plan.radius}::float8`;
  const pageWhere = [within, ...flags.all].filter((condition) => condition !== null);
  // The matches are first counted per (facet key, flags) in one hash pass over one integer column (a
  // few hundred groups at most) for the answer's grouping sets.
  return sql`
    with m as materialized (
      select ${plan.keyword ? sql`l.listing_id` : sql`l.id`} as id, l.facet_key,
        l.listing_start_date${orderColumns[order]}${distanceColumn}${flagColumns(plan.facets, flags)}
      from ${source}${plan.where.length ? sql` and ${sql.join(plan.where, sql` and `)}` : sql``}
    ),
    p as (
      select m.* from m${pageWhere.length ? sql` where ${sql.join(pageWhere, sql` and `)}` : sql``}
      order by ${orderBy(order, plan, 'm')}
      limit ${request.pageSize} offset ${offset}
    ),
    c as (
      select ${DECODED_FACET_KEY}${flagKeys}, n
      from (select facet_key${flagKeys}, count(*) as n from m${within ? sql` where ${within}` : sql``}
            group by facet_key${flagKeys}) k
    )
    select ${answerSql(plan, order, flags)}`;
}

/**
 * The postings statement, for a keyword search that may be one kept lexeme (see
 * `keyword-postings.ts`), ranked by relevance, with no filter but the facets'. The page is the
 * first rows of the lexeme's range of the postings' covering index, already in rank order, and the
 * facet counts group that range by facet key without visiting a table; the facet filters are
 * applied to the grouped keys. A keyword shaped like a code also matches listings by UPC or SKU:
 * those few rows are read from the keyword copy, lead the page as in the general statement, and
 * are counted once. `covered` is false when the keyword is not one kept lexeme; the search then
 * runs the general statement.
 */
export function postingSearchStatement(plan: SearchPlan, request: ParsedSearchRequest): SQL | null {
  const order = ordering(request.sort, plan);
  const text = request.keyword?.trim() ?? '';
  if (!plan.keyword || order !== 'relevance' || plan.where.length !== 1 || plan.origin || /\s/.test(text)) {
    return null;
  }
  const { query, codeMatch } = plan.keyword;
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const offset = (request.page - 1) * request.pageSize;
  const flags = facetFlags(plan.facets);
  const keyFilters = (key: SQL) => {
    const filters = plan.facetsOfKey(key);
    return [filters.family, filters.condition, filters.listingType]
      .filter((filter) => filter !== null)
      .map((filter) => sql` and ${filter}`);
  };
  const lexeme = sql`(select w.lexeme from w)`;
  const postings = sql`keyword_postings k where k.lexeme = ${lexeme} and k.offered_until > ${now}`;
  // Code matches: offered listings whose UPC or SKU is the keyword; counted here when the lexeme's
  // postings do not already hold them.
  const code = codeMatch
    ? {
        cte: sql`x as (
          select l.listing_id as id, l.facet_key, l.listing_start_date, ts_rank(l.search_vector, ${query}) as rank
          from listing_search l where l.offered_until > ${now} and ${codeMatch} and exists (select 1 from w)
        ),`,
        counts: sql` union all
          select x.facet_key, count(*) from x
          where not exists (select 1 from keyword_postings k where k.lexeme = ${lexeme} and k.listing_id = x.id)
          group by x.facet_key`,
        page: sql`select x.id, x.listing_start_date, x.rank, true as code_match from x where true${sql.join(keyFilters(sql`x.facet_key`))}
          union all `,
        exclude: sql` and k.listing_id not in (select x.id from x)`,
      }
    : { cte: sql``, counts: sql``, page: sql``, exclude: sql`` };
  const keyFlagColumns = flagColumns(plan.facetsOfKey(sql`facet_key`), flags);
  return sql`
    with w as (select f.lexeme from keyword_posting_lexemes f where f.query = ${query}),
    ${code.cte}
    g as (
      select k.facet_key, count(*) as n from ${postings} group by k.facet_key${code.counts}
    ),
    p as (
      select u.* from (
        ${code.page}(select k.listing_id as id, k.listing_start_date, k.rank, false as code_match
         from ${postings}${sql.join(keyFilters(sql`k.facet_key`))}${code.exclude}
         order by k.rank desc, k.listing_start_date desc, k.listing_id
         limit ${offset + request.pageSize})
      ) u
      order by ${orderBy(order, plan, 'u')}
      limit ${request.pageSize} offset ${offset}
    ),
    c as (select ${DECODED_FACET_KEY}${keyFlagColumns}, n from g)
    select exists (select 1 from w) as covered, ${answerSql(plan, order, flags)}`;
}

export interface SearchOptions {
  /** Whether a keyword that is one kept lexeme reads its postings (the default); off, every search runs the general statement. */
  postings?: boolean;
}

/**
 * The statements of a search: the postings' when it may apply, and the general one, built on first
 * use (a search the postings answer never needs it).
 */
export interface SearchStatements {
  postings: SQL | null;
  general: () => SQL;
}

export function searchStatements(
  plan: SearchPlan,
  request: ParsedSearchRequest,
  options: SearchOptions = {},
): SearchStatements {
  let general: SQL | undefined;
  return {
    postings: options.postings === false ? null : postingSearchStatement(plan, request),
    general: () => {
      general ??= searchStatement(plan, request);
      return general;
    },
  };
}

/**
 * Per database, the keywords last found not to be one kept lexeme, whose searches then skip the
 * postings statement (its planning alone costs a few milliseconds). A hint only: a keyword wrongly
 * missing here costs one uncovered postings statement, a keyword wrongly here (a lexeme kept since)
 * is answered by the general statement. Cleared whenever the kept lexemes are refreshed.
 */
const uncoveredKeywords = new WeakMap<Database, Set<string>>();
const MAX_UNCOVERED_KEYWORDS = 10_000;

/** Forgets which keywords the postings did not cover (after the kept lexemes changed). */
export function forgetKeywordCoverage(db: Database): void {
  uncoveredKeywords.delete(db);
}

/**
 * Runs a search's statements: the postings' first when there is one and the keyword is not known to
 * be uncovered, the general one when the postings do not cover it.
 */
export async function querySearch(
  db: Database,
  statements: SearchStatements,
  keyword?: string,
): Promise<SearchRow | undefined> {
  const key = keyword?.trim().toLowerCase();
  if (statements.postings && !(key && uncoveredKeywords.get(db)?.has(key))) {
    const [row] = await queryRows<SearchRow>(db, statements.postings);
    if (row?.covered) return row;
    if (key) {
      let known = uncoveredKeywords.get(db);
      if (!known || known.size >= MAX_UNCOVERED_KEYWORDS) {
        known = new Set();
        uncoveredKeywords.set(db, known);
      }
      known.add(key);
    }
  }
  const [row] = await queryRows<SearchRow>(db, statements.general());
  return row;
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

export async function searchListings(
  db: Database,
  request: ParsedSearchRequest,
  options: SearchOptions = {},
): Promise<SearchResponse> {
  const plan = await planSearch(db, request);
  const row = await querySearch(db, searchStatements(plan, request, options), request.keyword);
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
