import { type SQL, sql } from 'drizzle-orm';
import type { ParsedSearchRequest } from '../../../../shared/contract/listing-search.ts';
import { ListingOption } from '../../../../shared/domain/listing.ts';
import { OFFERED, offeredInCopy } from '../cards.ts';
import { answerSql, DECODED_FACET_KEY, facetFlags, flagColumns } from './facets.ts';
import { distanceSql, type Ordering, orderBy, ordering, type SearchPlan } from './plan.ts';

const FEATURED_BITS = ListingOption.Featured | ListingOption.Homepage;

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
    ? sql`listing_search l where ${offeredInCopy('l', sql`${new Date().toISOString()}::timestamptz`)}`
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
