import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../../src-server/db/client.ts';
import { MAX_PREPARED, queryPrepared } from '../../src-server/db/prepared-statements.ts';
import { openTestDatabase } from './support/test-database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The statements the session keeps prepared under the recurring names (PGlite keeps them; PostgreSQL runs them as usual). */
const preparedCount = async () => {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_prepared_statements where name like 'recurring\\_%'`,
  );
  return row!.n;
};

const echo = (text: string, number: number, flag: boolean | null) =>
  sql`select ${text}::text as text, ${number}::numeric as number, ${flag}::boolean as flag,
    length(${text}::text) as length`;

describe('recurring statements', () => {
  it('answer as the statement itself does, whatever the values, the text prepared once', async () => {
    const before = await preparedCount();
    const values: [string, number, boolean | null][] = [
      ['glock', 1, true],
      ["o'brien''s", -2.5, false],
      ["x'); drop table listings; --", 0, null],
      ['back\\slash \\x27 é 漢字 🙂', 1e-7, true],
      ['', 123456789.25, null],
    ];
    for (const [text, number, flag] of values) {
      expect(await queryPrepared(database.db, echo(text, number, flag))).toEqual(
        await queryRows(database.db, echo(text, number, flag)),
      );
    }
    const [row] = await queryPrepared<{ text: string; length: number }>(
      database.db,
      echo("x'); drop table listings; --", 0, null),
    );
    expect(row!.text).toBe("x'); drop table listings; --");
    await queryRows(database.db, sql`select count(*) from listings`);
    expect(await preparedCount()).toBe(database.kind === 'pglite' ? before + 1 : 0);
  });

  it('run a statement whose values are not plain scalars, or whose text cannot be prepared, as usual', async () => {
    const before = await preparedCount();
    const list = sql`select ${JSON.stringify(['a', 'b'])}::jsonb as list, ${new Date('2026-01-02T00:00:00Z')}::timestamptz as at`;
    expect(await queryPrepared(database.db, list)).toEqual(await queryRows(database.db, list));
    // A statement PREPARE does not take, twice: each run answers as usual.
    for (let run = 0; run < 2; run++) {
      expect(await queryPrepared(database.db, sql`show plan_cache_mode`)).toEqual([
        // Each run of a prepared statement is planned for its own values.
        { plan_cache_mode: database.kind === 'pglite' ? 'force_custom_plan' : 'auto' },
      ]);
    }
    expect(await preparedCount()).toBe(before);
  });

  it(`keep at most ${MAX_PREPARED} texts, and prepare a text again after its statement was deallocated`, async () => {
    const shape = (index: number) => sql`select ${index}::int as i, ${sql.raw(String(index))}::int as n`;
    for (let index = 0; index < MAX_PREPARED + 20; index++) {
      const [row] = await queryPrepared<{ i: number; n: number }>(database.db, shape(index));
      expect(row).toEqual({ i: index, n: index });
    }
    expect(await preparedCount()).toBe(database.kind === 'pglite' ? MAX_PREPARED : 0);
    // Deallocated behind its back: the next run answers all the same, and the one after runs prepared again.
    await database.db.execute(sql`deallocate all`);
    const last = MAX_PREPARED + 19;
    for (let run = 0; run < 2; run++) {
      const [row] = await queryPrepared<{ i: number; n: number }>(database.db, shape(last));
      expect(row).toEqual({ i: last, n: last });
    }
    expect(await preparedCount()).toBe(database.kind === 'pglite' ? 1 : 0);

    // The texts it still knows of were deallocated too: making room for new ones deallocates them
    // again, which fails, and must be no rejection left unhandled (the process would end).
    const unhandled: unknown[] = [];
    const hear = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', hear);
    try {
      for (let index = MAX_PREPARED + 20; index < MAX_PREPARED + 25; index++) {
        const [row] = await queryPrepared<{ i: number; n: number }>(database.db, shape(index));
        expect(row).toEqual({ i: index, n: index });
      }
      await queryRows(database.db, sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('unhandledRejection', hear);
    }
    expect(unhandled).toEqual([]);
  });
});
