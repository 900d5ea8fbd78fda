import { type SQL, sql } from 'drizzle-orm';
import { type ParsedSearchRequest, SEARCH_COUNT_LIMIT } from '../../../../shared/contract/listing-search.ts';
import { offeredInCopy } from '../cards.ts';
import { answerSql, cappedCountsSql, DECODED_FACET_KEY, facetFlags, flagColumns } from './facets.ts';
import { orderBy, ordering, type SearchPlan } from './plan.ts';

/**
 * The postings statement, for a keyword search that may be one kept lexeme (see
 * `search-indexes/keyword-postings.ts`), ranked by relevance, with no filter but the facets', among
 * the listings on sale (the postings hold no completed auction). The page is the first rows of the
 * lexeme's range of the postings' covering index, already in rank order, and the facet counts group
 * the start of that range (up to SEARCH_COUNT_LIMIT + 1 rows) by facet key without visiting a table; the facet filters are applied to the grouped keys. A keyword shaped like a code also matches listings by UPC or SKU:
 * those few rows are read from the keyword copy, lead the page as in the general statement, and
 * are counted once. `covered` is false when the keyword is not one kept lexeme; the search then
 * runs the general statement.
 */
export function postingSearchStatement(plan: SearchPlan, request: ParsedSearchRequest): SQL | null {
  const order = ordering(request.sort, plan);
  const text = request.keyword?.trim() ?? '';
  if (
    !plan.keyword ||
    order !== 'relevance' ||
    plan.where.length !== 1 ||
    plan.origin ||
    plan.completed ||
    /\s/.test(text)
  ) {
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
  const postings = sql`keyword_postings k where k.lexeme = ${lexeme} and ${offeredInCopy('k', now)}`;
  // Code matches: offered listings whose UPC or SKU is the keyword; counted here when the lexeme's
  // postings do not already hold them.
  const codeOnly = sql`not exists (select 1 from keyword_postings k where k.lexeme = ${lexeme} and k.listing_id = x.id)`;
  const code = codeMatch
    ? {
        cte: sql`x as (
          select l.listing_id as id, l.facet_key, l.listing_start_date, ts_rank(l.search_vector, ${query}) as rank
          from listing_search l where ${offeredInCopy('l', now)} and ${codeMatch} and exists (select 1 from w)
        ),`,
        sample: sql` union all select x.facet_key from x where ${codeOnly}`,
        total: sql` union all select 1 from x where ${codeOnly}${sql.join(keyFilters(sql`x.facet_key`))}`,
        page: sql`select x.id, x.listing_start_date, x.rank, true as code_match from x where true${sql.join(keyFilters(sql`x.facet_key`))}
          union all `,
        exclude: sql` and k.listing_id not in (select x.id from x)`,
      }
    : { cte: sql``, sample: sql``, total: sql``, page: sql``, exclude: sql`` };
  const keyFlagColumns = flagColumns(plan.facetsOfKey(sql`facet_key`), flags);
  // The facet sample: up to SEARCH_COUNT_LIMIT + 1 postings of the lexeme (an index range read in
  // order, stopped there), with the code matches it does not hold.
  return sql`
    with w as (select f.lexeme from keyword_posting_lexemes f where f.query = ${query}),
    ${code.cte}
    m as materialized (
      (select k.facet_key from ${postings} limit ${SEARCH_COUNT_LIMIT + 1})${code.sample}
    ),
    g as (select m.facet_key, count(*) as n from m group by m.facet_key),
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
    select exists (select 1 from w) as covered,
      ${cappedCountsSql(flags.all.length > 0 ? sql`select 1 from ${postings}${sql.join(keyFilters(sql`k.facet_key`))}${code.total}` : null)},
      ${answerSql(plan, order, flags)}`;
}
