import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_LIMIT, searchRequestSchema } from '../../../../shared/contract/listing-search.ts';
import { type Database, queryRows } from '../../../db/client.ts';
import { offeredInCopy } from '../cards.ts';
import { keptKeyOf, planSearch } from './plan.ts';

/**
 * For each text, the total a keyword search for it answers (POST /listings/search with that keyword
 * and no other filter): the offered rows of the keyword copy that the search's own keyword condition
 * matches, counted in one statement up to SEARCH_COUNT_LIMIT + 1 (as the search counts: more than
 * the limit is "1,000+"). Search suggestions show these counts, so a suggestion never promises more
 * or fewer listings than its search finds. A text whose query is kept (a frequent word or a
 * name) is counted as its search counts it (`postings-statement.ts`): the start of its postings'
 * range, plus the listings only its UPC or SKU matches, never a bitmap of every listing with the words.
 */
export async function keywordSearchTotals(
  db: Database,
  keywords: readonly string[],
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  if (keywords.length === 0) return totals;
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const limit = SEARCH_COUNT_LIMIT + 1;
  const counts = [];
  for (const [index, keyword] of keywords.entries()) {
    const plan = await planSearch(db, searchRequestSchema.parse({ keyword }));
    if (plan.where.length === 0 || !plan.keyword) continue;
    const general = sql`(select count(*)::int from (select 1 from listing_search l
      where ${offeredInCopy('l', now)} and ${sql.join(plan.where, sql` and `)} limit ${limit}) t)`;
    const lexeme = keptKeyOf(plan.keyword.query);
    const postings = sql`(select count(*)::int from (select 1 from keyword_postings k
      where k.lexeme = ${lexeme} and ${offeredInCopy('k', now)} limit ${limit}) t)`;
    // Each of the few code matches is looked up in the postings (a subquery per row): an anti join
    // would hash every posting of the word first.
    const codeOnly = plan.keyword.codeMatch
      ? sql` + (select count(*)::int from listing_search l where ${offeredInCopy('l', now)} and ${plan.keyword.codeMatch}
          and (select 1 from keyword_postings k where k.listing_id = l.listing_id and k.lexeme = ${lexeme} limit 1) is null)`
      : sql``;
    counts.push(sql`select ${index}::int as i,
      case when ${lexeme} is not null then least(${postings}${codeOnly}, ${limit}) else ${general} end as n`);
  }
  if (counts.length === 0) return totals;
  const rows = await queryRows<{ i: number; n: number }>(db, sql.join(counts, sql` union all `));
  for (const row of rows) totals.set(keywords[row.i]!, Number(row.n));
  return totals;
}
