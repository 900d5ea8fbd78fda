import { type SQL, sql } from 'drizzle-orm';
import { SEARCH_COUNT_LIMIT, searchRequestSchema } from '../../../../shared/contract/listing-search.ts';
import { type Database, queryRows } from '../../../db/client.ts';
import { offeredInCopy } from '../cards.ts';
import { keptKeyOf, keywordQuery, planSearch } from './plan.ts';

/**
 * For each text, the total a keyword search for it answers (POST /listings/search with that keyword
 * and no other filter): the offered rows of the keyword copy that the search's own keyword condition
 * matches, counted up to SEARCH_COUNT_LIMIT + 1 (as the search counts: more than the limit is
 * "1,000+"). Search suggestions show these counts, so a suggestion never promises more or fewer
 * listings than its search finds. A text whose query is kept (a frequent word, a name, a set of
 * words) is counted as its search counts it (`postings-statement.ts`): the start of its postings'
 * range, plus the listings only its UPC or SKU matches, never a bitmap of every listing with the words.
 *
 * Two statements whatever the number of texts, each planned once: the texts' kept keys, looked up
 * together; then the kept keys' postings counted by one subquery run per key, beside a count of its
 * own for each text kept by none (and for each kept text's code matches). A statement of a count of
 * each kind per text spent most of its time planning counts it would not run (0.8 ms each of 1.0–1.5).
 */
export async function keywordSearchTotals(
  db: Database,
  keywords: readonly string[],
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  if (keywords.length === 0) return totals;
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const limit = SEARCH_COUNT_LIMIT + 1;
  const requests = keywords.map((keyword) => searchRequestSchema.parse({ keyword }));
  const plans = await Promise.all(requests.map((request) => planSearch(db, request)));
  const searched = [...plans.entries()].filter(([, plan]) => plan.where.length > 0 && plan.keyword);
  if (searched.length === 0) return totals;
  // The search's own query of each text (`planSearch`), one per row.
  const texts = searched.map(([index]) => ({ i: index, text: requests[index]!.keyword!.trim() }));
  const kept = await queryRows<{ i: number; lexeme: string | null }>(
    db,
    sql`select x.i, ${keptKeyOf(keywordQuery(sql`x.text`))} as lexeme
      from json_to_recordset(${JSON.stringify(texts)}::json) x(i int, text text)`,
  );
  const keyOf = new Map(kept.map((row) => [row.i, row.lexeme]));
  const counts: SQL[] = [];
  const keys: { i: number; lexeme: string }[] = [];
  for (const [index, plan] of searched) {
    const keyword = plan.keyword!;
    const lexeme = keyOf.get(index) ?? null;
    if (lexeme === null) {
      counts.push(sql`select ${index}::int as i, (select count(*)::int from (select 1 from listing_search l
        where ${offeredInCopy('l', now)} and ${sql.join(plan.where, sql` and `)} limit ${limit}) t) as n`);
      continue;
    }
    keys.push({ i: index, lexeme });
    // Each of the few code matches is looked up in the postings (a subquery per row): an anti join
    // would hash every posting of the word first.
    if (keyword.codeMatch) {
      counts.push(sql`select ${index}::int as i, (select count(*)::int from listing_search l
        where ${offeredInCopy('l', now)} and ${keyword.codeMatch}
          and (select 1 from keyword_postings k where k.listing_id = l.listing_id and k.lexeme = ${lexeme} limit 1) is null) as n`);
    }
  }
  if (keys.length > 0) {
    counts.unshift(sql`select x.i, (select count(*)::int from (select 1 from keyword_postings k
        where k.lexeme = x.lexeme and ${offeredInCopy('k', now)} limit ${limit}) t) as n
      from json_to_recordset(${JSON.stringify(keys)}::json) x(i int, lexeme text)`);
  }
  const sums = new Map<number, number>();
  for (const row of await queryRows<{ i: number; n: number }>(db, sql.join(counts, sql` union all `))) {
    sums.set(row.i, (sums.get(row.i) ?? 0) + Number(row.n));
  }
  // A kept text's postings and code matches together count as its search counts: up to the limit.
  for (const [index, n] of sums) totals.set(keywords[index]!, Math.min(n, limit));
  return totals;
}
