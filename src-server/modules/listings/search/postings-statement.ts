import { type SQL, sql } from 'drizzle-orm';
import { type ParsedSearchRequest, SEARCH_COUNT_LIMIT } from '../../../../shared/contract/listing-search.ts';
import { ListingType } from '../../../../shared/domain/listing.ts';
import { offeredInCopy } from '../cards.ts';
import { answerSql, cappedCountsSql, DECODED_FACET_KEY, facetFlags, flagColumns } from './facets.ts';
import {
  boundedCount,
  boundingBoxSql,
  distanceSql,
  evenCostRows,
  keptKeyOf,
  nearPlaces,
  orderBy,
  ordering,
  runningAuctionEnd,
  runningAuctionOf,
  type SearchPlan,
  type TableAlias,
} from './plan.ts';

/**
 * The postings statement, for a keyword search that may be one kept lexeme or name (see
 * `search-indexes/keyword-postings.ts`), among the listings on sale (the postings hold no completed
 * auction), ranked by relevance, by price (no radius) or, from a ZIP code, by distance. Its filters
 * are those the postings carry: the facets' (through the facet key), a price range, new this week
 * and a radius. The page is the first rows of the lexeme's range of the postings' covering index
 * that pass them, in rank or price order (by distance: the range's rows in the radius, sorted),
 * and the facet counts group the first
 * rows passing the other filters (up to SEARCH_COUNT_LIMIT + 1) by facet key without visiting a
 * table; the facet filters are applied to the grouped keys. A keyword shaped like a code also
 * matches listings by UPC or SKU: those few rows are read from the keyword copy, lead the page by
 * relevance as in the general statement, and are counted once. `covered` is false when the keyword's
 * query is not kept, or kept for its title matches only (`titles_only`: a word past the postings'
 * share); the search then runs the general statement.
 *
 * Newest first and ending soonest have no postings index in their order. Newest first within a
 * radius reads a page per place (the place index is newest first within a place). Otherwise, when
 * the word has few postings (`fewPostingsSql`; `fewPostings` fixes the number), its whole range is
 * read and sorted: the running auctions among them by end, then the rest newest first. A word with
 * more postings is in enough listings for the general statement's walk in that order (the newest
 * index, or the running auctions by end) to find a page sooner: `covered` is false and the search
 * runs it.
 */
export function postingSearchStatement(
  plan: SearchPlan,
  request: ParsedSearchRequest,
  { fewPostings, lexeme: keptKey }: { fewPostings?: number; lexeme?: string } = {},
): SQL | null {
  const order = ordering(request.sort, plan);
  const filters = postingFilters(plan, request);
  const byPlace = plan.origin !== null && plan.radius !== null;
  const sortedRange = order === 'ending-soonest' || (order === 'newest' && !byPlace);
  if (!plan.keyword || !filters || !postingsMayAnswer(plan, request)) return null;
  const { query, codeMatch } = plan.keyword;
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const offset = (request.page - 1) * request.pageSize;
  const pageEnd = offset + request.pageSize;
  const flags = facetFlags(plan.facets);
  const keyFilters = (key: SQL) => {
    const filters = plan.facetsOfKey(key);
    return [filters.family, filters.condition, filters.listingType]
      .filter((filter) => filter !== null)
      .map((filter) => sql` and ${filter}`);
  };
  const and = (alias: TableAlias) => sql.join(filters(alias).map((filter) => sql` and ${filter}`));
  const distance = (alias: TableAlias) => (plan.origin ? distanceSql(plan.origin, alias) : sql`null::float8`);
  // The key of the keyword's postings: given (the search looked it up first), a value the planner
  // sees, so it knows how many postings the range holds (a frequent word's range is a hundred times
  // the average: a family's page walks it in rank order rather than sorting it whole); it still
  // counts only while the query is kept under it (`w`). Otherwise looked up here.
  const lexeme = keptKey === undefined ? sql`(select w.lexeme from w)` : sql`${keptKey}`;
  const postings = sql`keyword_postings k where k.lexeme = ${lexeme} and ${offeredInCopy('k', now)}${and('k')}`;
  // Code matches: offered listings whose UPC or SKU is the keyword and that pass the filters; counted
  // here when the lexeme's postings do not already hold them.
  const codeOnly = sql`not exists (select 1 from keyword_postings k where k.lexeme = ${lexeme} and k.listing_id = x.id)`;
  const code = codeMatch
    ? {
        cte: sql`x as (
          select l.listing_id as id, l.facet_key, l.listing_start_date, keyword_rank(ts_rank(l.search_vector, ${query})) as rank,
            l.price, ${distance('l')} as distance
          from listing_search l where ${offeredInCopy('l', now)} and ${codeMatch}${and('l')} and exists (select 1 from w)
        ),`,
        sample: sql` union all select x.facet_key from x where ${codeOnly}`,
        total: sql` union all select 1 from x where ${codeOnly}${sql.join(keyFilters(sql`x.facet_key`))}`,
        page: sql`select x.id, x.listing_start_date, x.rank, true as code_match, x.price, x.distance${
          order === 'ending-soonest'
            ? sql`, ${runningAuctionEnd(sql`x.id`, now, keyListingType('x'))} as auction_end`
            : sql``
        } from x where true${sql.join(keyFilters(sql`x.facet_key`))}
          union all `,
        exclude: sql` and k.listing_id not in (select x.id from x)`,
      }
    : { cte: sql``, sample: sql``, total: sql``, page: sql``, exclude: sql`` };
  const keyFlagColumns = flagColumns(plan.facetsOfKey(sql`facet_key`), flags);
  const facetKeyFilters = sql.join(keyFilters(sql`k.facet_key`));
  const limit = SEARCH_COUNT_LIMIT + 1;
  const pageColumns = sql`k.listing_id as id, k.listing_start_date, k.rank, false as code_match, k.price`;
  // Within a radius the postings are read by place (`near`, from the place index), each place's
  // newest first; otherwise from the lexeme's range in rank order.
  const atPlace = sql` and k.latitude = pl.latitude and k.longitude = pl.longitude`;
  // Up to `count` postings that pass the filters and `extra`, in no particular order.
  const rows = (columns: SQL, extra: SQL, count: number) =>
    byPlace
      ? sql`select k.* from near pl cross join lateral (
          select ${columns} from ${postings}${extra}${atPlace} limit ${count}) k
        limit ${count}`
      : sql`select ${columns} from ${postings}${extra} limit ${count}`;
  const byRank = sql` order by k.rank desc, k.listing_start_date desc, k.listing_id`;
  const byNewest = sql` order by k.listing_start_date desc, k.listing_id`;
  // The page in rank order: the lexeme's range walked in that order, stopped at the page's end (the
  // radius's rows pass a filter); from a few places, a page per place (a small radius passes few of
  // the range's rows).
  const rankWalk = sql`select ${pageColumns}, ${distance('k')} as distance
         from ${postings}${facetKeyFilters}${code.exclude}${byRank}
         limit ${pageEnd}`;
  const perPlace = (within: SQL) => sql`select k.* from near pl cross join lateral (
          select ${pageColumns}, pl.distance from ${postings}${facetKeyFilters}${code.exclude}${atPlace}
          ${within} limit ${pageEnd}) k
        order by ${order === 'distance' ? sql`k.distance, ` : order === 'newest' ? sql`` : sql`k.rank desc, `}k.listing_start_date desc, k.id
        limit ${pageEnd}`;
  const fewPlaces = sql`(select count(*) from near) <= ${FEW_PLACES}`;
  // By price, the lexeme's range of the price index in that order (backwards for highest first, its
  // few ties of price sorted), stopped at the page's end.
  const inOrder = (by: SQL) => sql`select ${pageColumns}, ${distance('k')} as distance
         from ${postings}${facetKeyFilters}${code.exclude}
         order by ${by}, k.listing_start_date desc, k.listing_id
         limit ${pageEnd}`;
  // Newest first or ending soonest, a word of few postings: its range read whole and sorted (gated
  // by `fp`, so a word of many postings reads none of it). Ending soonest looks up the running
  // auction of each auction listing among them, by end, then the rest newest first.
  const fewPostingsCount = boundedCount(
    'fp',
    sql`keyword_postings k where k.lexeme = ${lexeme}`,
    fewPostings !== undefined
      ? sql`${fewPostings}::int`
      : fewPostingsSql(order === 'ending-soonest' ? order : 'newest', pageEnd),
  );
  const few = fewPostingsCount.few;
  const newest = sql`select ${pageColumns}, null::float8 as distance${order === 'ending-soonest' ? sql`, null::timestamptz as auction_end` : sql``}
         from ${postings}${facetKeyFilters}${code.exclude}${order === 'ending-soonest' ? sql` and ${runningAuctionEnd(sql`k.listing_id`, now, keyListingType('k'))} is null` : sql``}
         order by k.listing_start_date desc, k.listing_id
         limit ${pageEnd}`;
  const rangeSorted =
    order === 'ending-soonest'
      ? sql`select * from (select r.*, ra.ends_at as auction_end from (
            select ${pageColumns}, null::float8 as distance from ${postings}${facetKeyFilters}${code.exclude}
              and ${keyListingType('k')} = ${AUCTION} offset 0) r
            join auctions ra on ${runningAuctionOf(sql`r.id`, now)}
            order by ra.ends_at, r.listing_start_date desc, r.id
            limit ${pageEnd}) e where ${few}
          union all
          select * from (${newest}) o where ${few}`
      : sql`select * from (${newest}) o where ${few}`;
  const page = sortedRange
    ? rangeSorted
    : !byPlace
      ? order === 'distance'
        ? inOrder(sql`distance asc nulls last`)
        : order === 'price-asc'
          ? inOrder(sql`k.price asc`)
          : order === 'price-desc'
            ? inOrder(sql`k.price desc`)
            : rankWalk
      : order === 'distance' || order === 'newest'
        ? perPlace(byNewest)
        : sql`select * from (${perPlace(byRank)}) f where ${fewPlaces}
        union all select * from (${rankWalk}) r where not ${fewPlaces}`;
  // The facet sample: up to SEARCH_COUNT_LIMIT + 1 postings of the lexeme that pass the filters (an
  // index range read in order, stopped there), with the code matches it does not hold.
  return sql`
    with ${byPlace && plan.origin && plan.radius !== null ? sql`recursive ${nearPlaces(plan.origin, plan.radius)},` : sql``}
    w as (select k.lexeme from (select ${keptKeyOf(query)} as lexeme) k where ${keptKey === undefined ? sql`k.lexeme is not null` : sql`k.lexeme = ${keptKey}`}),
    ${sortedRange ? fewPostingsCount.ctes : sql``}
    ${code.cte}
    m as materialized (
      (${rows(sql`k.facet_key`, sql``, limit)})${code.sample}
    ),
    g as (select m.facet_key, count(*) as n from m group by m.facet_key),
    p as (
      select u.* from (${code.page}(${page})) u
      order by ${orderBy(order, plan, 'u')}
      limit ${request.pageSize} offset ${offset}
    ),
    c as (select ${DECODED_FACET_KEY}${keyFlagColumns}, n from g)
    select exists (select 1 from w)${sortedRange ? sql` and ${few}` : sql``} as covered,
      ${cappedCountsSql(flags.all.length > 0 ? sql`select * from (${rows(sql`1`, facetKeyFilters, limit)}) t${code.total}` : null)},
      ${answerSql(plan, order, flags)}`;
}

/**
 * Whether the postings statement may answer the search: a keyword of at most `MAX_NAME_WORDS`
 * words, an order the postings give (by price and ending soonest: no radius), filters the postings
 * carry, listings on sale.
 */
export function postingsMayAnswer(plan: SearchPlan, request: ParsedSearchRequest): boolean {
  const order = ordering(request.sort, plan);
  const byPlace = plan.origin !== null && plan.radius !== null;
  return (
    plan.keyword !== null &&
    (POSTING_ORDERS.has(order) || order === 'newest' || order === 'ending-soonest') &&
    !(plan.radius !== null && (order === 'price-asc' || order === 'price-desc')) &&
    // Ending soonest within a radius is the general statement's.
    !(order === 'ending-soonest' && byPlace) &&
    postingFilters(plan, request) !== null &&
    !plan.completed &&
    (request.keyword?.trim() ?? '').split(/\s+/).length <= MAX_NAME_WORDS
  );
}

const AUCTION = sql.raw(String(ListingType.Auction));
/** The listing type of a posting (or a code match) of the alias, decoded from its facet key. */
const keyListingType = (alias: 'k' | 'x') => sql`listing_facet_listing_type(${sql.raw(alias)}.facet_key)`;

/** The orders the postings' indexes answer: relevance, distance, and price without a radius. */
const POSTING_ORDERS: ReadonlySet<string> = new Set(['relevance', 'distance', 'price-asc', 'price-desc']);

/**
 * The most words of a keyword whose query the postings may keep whole: the names of the suggestion
 * terms ("Smith & Wesson Model 27 (1957)", "Safariland 7360 Holster for Glock 19"). A longer keyword
 * is never a kept name, and its search does not plan this statement.
 */
const MAX_NAME_WORDS = 8;

/**
 * The most postings a word may have for its range to be read whole and sorted, for a page newest
 * first or ending soonest that ends at `pageEnd`. Reading the range costs about its length; the
 * general statement's walk in that order passes about pageEnd × catalogue ÷ (the word's listings)
 * rows, each dearer than a posting read: `WALK_COST` times for the newest index (a keyword check per
 * row), many more for the running auctions (each looked up in the keyword copy). About 10,000
 * postings newest first and 20,000 ending soonest for a first page at a million listings (measured
 * there: `docs/benchmarks.md`). The catalogue's size is the planner's estimate of the keyword copy's rows.
 */
const fewPostingsSql = (order: 'newest' | 'ending-soonest', pageEnd: number): SQL =>
  evenCostRows('listing_search', WALK_COST[order] * pageEnd);

const WALK_COST = { newest: 4, 'ending-soonest': 16 } as const;

/**
 * Up to this many places within the radius, a search by relevance reads a page per place; with
 * more, the radius holds enough of the word's listings for a walk in rank order to stop soon.
 */
const FEW_PLACES = 8;

/**
 * The search's filters other than the keyword and the facets' as conditions on the postings (`k`)
 * or the keyword copy (`l`), which carry the same columns; null when the search has a filter the
 * postings do not carry (a seller, upsells, a distributor).
 */
function postingFilters(
  plan: SearchPlan,
  request: ParsedSearchRequest,
): ((alias: TableAlias) => SQL[]) | null {
  if (request.uid || request.upsells || request.distributorId !== undefined) return null;
  return (alias) => {
    const a = sql.raw(alias);
    const filters: SQL[] = [];
    if (request.minPrice !== undefined) filters.push(sql`${a}.price >= ${request.minPrice}`);
    if (request.maxPrice !== undefined) filters.push(sql`${a}.price <= ${request.maxPrice}`);
    if (request.listingStartDate) {
      filters.push(
        sql`${a}.listing_start_date >= now() - make_interval(days => ${request.listingStartDate}::int)`,
      );
    }
    if (plan.origin && plan.radius !== null) {
      filters.push(
        boundingBoxSql(plan.origin, plan.radius, alias),
        sql`${distanceSql(plan.origin, alias)} <= ${plan.radius}::float8`,
      );
    }
    return filters;
  };
}
