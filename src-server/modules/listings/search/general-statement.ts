import { type SQL, sql } from 'drizzle-orm';
import { type ParsedSearchRequest, SEARCH_COUNT_LIMIT } from '../../../../shared/contract/listing-search.ts';
import { ListingOption } from '../../../../shared/domain/listing.ts';
import { OFFERED, offeredInCopy } from '../cards.ts';
import { answerSql, cappedCountsSql, DECODED_FACET_KEY, facetFlags, flagColumns } from './facets.ts';
import {
  boundingBox,
  distanceSql,
  type Ordering,
  type Origin,
  orderBy,
  ordering,
  type SearchPlan,
} from './plan.ts';

const FEATURED_BITS = ListingOption.Featured | ListingOption.Homepage;

/**
 * The general statement, one per search (PGlite has one connection), in three bounded reads:
 *
 * - `p`, the page: the rows matching every filter, in the page's order, up to the page's end. The
 *   planner walks an index in that order and stops at the page, or reads a selective filter's index
 *   and sorts its few matches;
 * - `m`, the facet sample: up to SEARCH_COUNT_LIMIT + 1 rows matching every filter but the facets'
 *   own, each with its facet key and a flag per facet filter. When it holds them all, each facet
 *   counts the rows that pass the other two facets' filters (standard faceted search) and the total
 *   counts the rows that pass all three;
 * - when the sample is full and a facet filter is set, the total alone is counted again, up to the
 *   same limit, with every filter.
 *
 * Keyword searches read the narrow `listing_search` rows (same column names), other searches the
 * listings and their indexes.
 */
export function searchStatement(plan: SearchPlan, request: ParsedSearchRequest): SQL {
  const order = ordering(request.sort, plan);
  const offset = (request.page - 1) * request.pageSize;
  // The page's rows carry what its order and its answer read.
  const orderColumns: Record<Ordering, SQL> = {
    'price-asc': sql`, l.price`,
    'price-desc': sql`, l.price`,
    newest: sql``,
    distance: sql``,
    relevance: plan.keyword
      ? sql`, ts_rank(l.search_vector, ${plan.keyword.query}) as rank${plan.keyword.codeMatch ? sql`, (${plan.keyword.codeMatch}) is true as code_match` : sql``}`
      : sql``,
    featured: sql`, (l.listing_options & ${sql.raw(String(FEATURED_BITS))}) <> 0 as featured`,
  };
  const distance = plan.origin ? distanceSql(plan.origin) : null;
  const flags = facetFlags(plan.facets);
  const flagKeys = sql.join(flags.all.map((flag) => sql`, ${flag}`));
  // The keyword copy folds "offered" into one column; the time is a parameter, not a call per row.
  const source = plan.keyword
    ? sql`listing_search l where ${offeredInCopy('l', sql`${new Date().toISOString()}::timestamptz`)}`
    : sql`listings l where ${OFFERED}`;
  const within = plan.radius === null || !distance ? null : sql`${distance} <= ${plan.radius}::float8`;
  const filtered = (conditions: (SQL | null)[]) => {
    const active = conditions.filter((condition) => condition !== null);
    return sql`${source}${active.length ? sql` and ${sql.join(active, sql` and `)}` : sql``}`;
  };
  const matching = (extra: (SQL | null)[]) => filtered([...plan.where, within, ...extra]);
  const facetFilters = [plan.facets.family, plan.facets.condition, plan.facets.listingType];
  const id = plan.keyword ? sql`l.listing_id` : sql`l.id`;
  return sql`
    with m as materialized (
      select l.facet_key${flagColumns(plan.facets, flags)} from ${matching([])}
      limit ${SEARCH_COUNT_LIMIT + 1}
    ),
    p as (${
      order === 'distance' && plan.origin && plan.radius !== null && !plan.keyword
        ? placesPage(plan.origin, plan.radius, filtered([...plan.where, ...facetFilters]), request)
        : sql`
      select * from (
        select ${id} as id, l.listing_start_date${orderColumns[order]}${distance ? sql`, ${distance} as distance` : sql``}
        from ${matching(facetFilters)}
      ) s
      order by ${orderBy(order, plan, 's')}
      limit ${request.pageSize} offset ${offset}`
    }),
    c as (
      select ${DECODED_FACET_KEY}${flagKeys}, n
      from (select facet_key${flagKeys}, count(*) as n from m group by facet_key${flagKeys}) k
    )
    select ${cappedCountsSql(flags.all.length > 0 ? sql`select 1 from ${matching(facetFilters)}` : null)},
      ${answerSql(plan, order, flags)}`;
}

/**
 * The page of a search by distance within a radius, read by place. Listings share few places (a
 * dealer's stock sits at one address), so the places of the radius's box are found first, one index
 * descent each (the next place after the last one found, within the box's latitudes: a loose scan
 * of the location index, never its rows), each place's distance is computed once, and each place
 * within the radius gives at most a page of its newest matches, read in order from the same
 * index. The nearest of those are the page. Rows read: the box's places and a page per place.
 */
function placesPage(origin: Origin, radius: number, matches: SQL, request: ParsedSearchRequest): SQL {
  const pageEnd = request.page * request.pageSize;
  const box = boundingBox(origin, radius);
  const located = sql`l.is_active and not l.is_sold and l.latitude <= ${box.maxLatitude}::float8`;
  return sql`
      with recursive places (latitude, longitude) as (
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
      )
      select n.id, n.listing_start_date, pl.distance
      from near pl
      cross join lateral (
        select l.id, l.listing_start_date from ${matches} and l.latitude = pl.latitude and l.longitude = pl.longitude
        order by l.listing_start_date desc, l.id
        limit ${pageEnd}
      ) n
      where pl.distance <= ${radius}::float8
      order by pl.distance, n.listing_start_date desc, n.id
      limit ${request.pageSize} offset ${(request.page - 1) * request.pageSize}`;
}
