import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src-server/db/client.ts';
import { tablesToVacuum } from '../../src-server/modules/listings/search-indexes/jobs.ts';
import { openTestDatabase } from './support/test-database.ts';

const TABLES = ['listings', 'listing_search', 'suggestion_terms'] as const;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

const due = () => tablesToVacuum(database.db, database.kind, TABLES);

/** PostgreSQL's statistics reach the shared counters within about a second of a commit. */
async function untilDue(table: string): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  let tables = await due();
  while (!tables.includes(table) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    tables = await due();
  }
  return tables;
}

describe('the search upkeep vacuums what autovacuum has not caught up with', () => {
  it('every table on PGlite; on PostgreSQL a table never vacuumed, or much written since', async () => {
    if (database.kind === 'pglite') {
      // PGlite has no autovacuum: each boot vacuums them all.
      expect(await due()).toEqual([...TABLES]);
      return;
    }
    // New tables have never been vacuumed.
    expect(await due()).toEqual([...TABLES]);
    await database.db.execute(sql`vacuum analyze listings, listing_search, suggestion_terms`);
    expect(await due()).toEqual([]);
    // More than a tenth of the table written since: vacuumed again, the others left alone.
    await database.db.execute(
      sql`insert into suggestion_terms (term, kind, listing_count, top_family_id)
          select 'term ' || n, 'model', 1, 1 from generate_series(1, 50) n`,
    );
    expect(await untilDue('suggestion_terms')).toEqual(['suggestion_terms']);
  });
});
