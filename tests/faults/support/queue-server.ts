/** The real app on a database with chosen queue and pool limits, for the queue and pool tests. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp } from '../../../src-server/app.ts';
import { type DatabaseHandle, type DatabaseLimits, queryRows } from '../../../src-server/db/client.ts';
import { testConfig } from '../../api/support/test-app.ts';
import { openTestDatabase } from '../../api/support/test-database.ts';

/**
 * A call that runs one statement on every request, straight through the app's database handle (the
 * public reads answer from the shared-answer cache, which first reads the catalogue's version).
 */
export const UNCACHED = '/one-statement';

export interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
}
const open: Server[] = [];
afterEach(async () => {
  for (const { app, database } of open.splice(0)) {
    await app.close();
    await database.close();
  }
});

/**
 * The real app on a database with the given limits, plus `GET /slow` that sleeps in SQL for `?s=`
 * seconds and `GET /one-statement` (UNCACHED) that runs one statement.
 */
export async function serverWith(limits: DatabaseLimits & { poolSize?: number }): Promise<Server> {
  const database = await openTestDatabase(limits);
  const app = await buildApp(testConfig(), { database, ownsDatabase: false });
  app.get(UNCACHED, async () => {
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from listings`);
    return { listings: rows[0]?.n ?? 0 };
  });
  app.get('/slow', async (request) => {
    const seconds = Number((request.query as { s?: string }).s ?? '1');
    await database.db.execute(sql`select pg_sleep(${seconds})`);
    return { slept: seconds };
  });
  await app.ready();
  const server = { app, database };
  open.push(server);
  return server;
}

/**
 * Holds one turn of the database for `seconds` (a transaction that waits before it commits) and
 * answers when it ends. Not pg_sleep: PGlite runs in the event loop's thread, so a sleeping
 * statement would stop the requests too, not just queue them.
 */
export const holdDatabase = (database: DatabaseHandle, seconds: number) =>
  database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    })
    .then(
      () => 'done',
      (error: unknown) => error,
    );

/** Sleeps in SQL on the database, answering when it ends (or fails). */
export const sleepInSql = (database: DatabaseHandle, seconds: number) =>
  database.db.execute(sql`select pg_sleep(${seconds})`).then(
    () => 'done',
    (error: unknown) => error,
  );

export const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};
