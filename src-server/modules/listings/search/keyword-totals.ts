import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_LIMIT, searchRequestSchema } from '../../../../shared/contract/listing-search.ts';
import { type Database, queryRows } from '../../../db/client.ts';
import { offeredInCopy } from '../cards.ts';
import { planSearch } from './plan.ts';

/**
 * For each text, the total a keyword search for it answers (POST /listings/search with that keyword
 * and no other filter): the offered rows of the keyword copy that the search's own keyword condition
 * matches, counted in one statement up to SEARCH_COUNT_LIMIT + 1 (as the search counts: more than
 * the limit is "1,000+"). Search suggestions show these counts, so a suggestion never promises more
 * or fewer listings than its search finds.
 */
export async function keywordSearchTotals(
  db: Database,
  keywords: readonly string[],
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  if (keywords.length === 0) return totals;
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const counts = [];
  for (const [index, keyword] of keywords.entries()) {
    const plan = await planSearch(db, searchRequestSchema.parse({ keyword }));
    if (plan.where.length === 0) continue;
    counts.push(sql`select ${index}::int as i, count(*)::int as n from (select 1 from listing_search l
      where ${offeredInCopy('l', now)} and ${sql.join(plan.where, sql` and `)}
      limit ${SEARCH_COUNT_LIMIT + 1}) t`);
  }
  if (counts.length === 0) return totals;
  const rows = await queryRows<{ i: number; n: number }>(db, sql.join(counts, sql` union all `));
  for (const row of rows) totals.set(keywords[row.i]!, Number(row.n));
  return totals;
}
