import { type SQL, sql } from 'drizzle-orm';
import { evenCostRows, type SearchPlan } from './plan.ts';

/**
 * A match ranked whole relative to a row walked in the keyword copy's date index by relevance (its
 * keyword row read from the heap where it lies, the keyword checked and ranked): 3.4 µs against
 * 14.6 µs at a million listings (a keyword of 8,884 matches ranked in about 30 ms; 3,581 of the
 * newest rows walked in 52 ms).
 */
export const DESCRIPTION_WALK_COST = 0.25;

type Keyword = NonNullable<SearchPlan['keyword']>;

interface RelevanceWalkInput {
  keyword: Keyword;
  pageEnd: number;
  /** The page's columns, as every branch of the page reads them. */
  pageColumns: SQL;
  /** The keyword copy's rows that pass every filter and `extra`, the keyword's own condition left out. */
  rows: (keyword: Keyword, extra: SQL[]) => SQL;
  /** The page's order over a subquery `s`. */
  order: SQL;
  /** Every match ranked, up to the page's end: the answer where the walk does not fill the page. */
  rankedMatches: SQL;
  /** A row's positioned lexemes (title, manufacturer, model and caliber), as their index holds them. */
  positioned: SQL;
}

/**
 * The page of a keyword of more than one word by relevance, below the listings with both of two
 * words positioned (`tp`, read by the general statement) when those do not fill it. Every other
 * match ranks alike under them (`keyword_rank`: as `keyword_pairless_rank()`), newest first:
 * walked in the keyword copy's date index (`kw`) through the newest rows up to where ranking every
 * match and walking cost the same (`kc`), stopped at the page's end. When that walk fills the page
 * ('original box': 285,000 matches, 970 → 12 ms at a million listings), the page is the listings
 * above the bound and those; otherwise the matches are few among the newest listings and every
 * match is ranked. The walk's match is no condition the keyword's index answers: words that stand
 * together in descriptions match far more listings together than the planner expects of them one by
 * one, and it would read every match to sort them.
 *
 * Of more than two words (or a phrase), the listings with two of them positioned are read for the
 * page only when the walk fills it (`tq`, `keyword_title_pairs`): for words frequent in titles that
 * is most of every match, and their index is read past the pairs' listings without the other words.
 * An alternative or a negation has no such bound: every match is ranked. The walk is tried only
 * where most of the facet sample (`m`) ranks under the bound (the words stand together in
 * descriptions): where most of it ranks above, the matches are the titles' and the walk would pass
 * the newest listings for the few others.
 */
export function relevanceWalk({
  keyword,
  pageEnd,
  pageColumns,
  rows,
  order,
  rankedMatches,
  positioned,
}: RelevanceWalkInput): { ctes: SQL; page: SQL } {
  const filled = sql`(coalesce(keyword_title_pair(${keyword.query}), keyword_title_pairs(${keyword.query})) is not null
      and (select 4 * count(*) filter (where m.rank <= keyword_pairless_rank()) >= 3 * count(*) from m)
      and (select count(*) from kw) = ${pageEnd})`;
  const ctes = sql`kc as (
      select coalesce((select s.listing_start_date from listing_search s
        order by s.listing_start_date desc, s.listing_id
        offset ${evenCostRows('listing_search', DESCRIPTION_WALK_COST * pageEnd)} limit 1), '-infinity') as since
    ),
    kw as materialized (
      select ${pageColumns} from ${rows(keyword, [
        sql`l.listing_start_date >= (select kc.since from kc)`,
        sql`(${keyword.condition}) is true`,
        sql`ts_rank(l.search_vector, ${keyword.query}) <= keyword_pairless_rank()`,
      ])}
      order by l.listing_start_date desc, l.listing_id limit ${pageEnd}
    ),
    tq as materialized (
      select * from (select ${pageColumns} from ${rows(keyword, [
        sql`${positioned} @@ keyword_title_pairs(${keyword.query})`,
        sql`(${keyword.condition}) is true`,
      ])}) s
      order by ${order} limit ${pageEnd}
    ),`;
  const page = sql`select * from tp where rank > keyword_pairless_rank() and ${filled}
      union all
      select * from tq where rank > keyword_pairless_rank() and ${filled}
      union all
      select * from kw where ${filled}
      union all
      select * from (${rankedMatches}) s where not ${filled}`;
  return { ctes, page };
}
