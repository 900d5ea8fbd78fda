import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app.ts';
import type { DatabaseHandle, DatabaseLimits } from '../../src-server/db/client.ts';
import { testConfig } from './support/test-app.ts';
import { openTestDatabase } from './support/test-database.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const FEATURED = '/api/listings/featured';

interface Server {
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

/** The real app on a database with the given limits, plus `GET /slow` that sleeps in SQL for `?s=` seconds. */
async function serverWith(limits: DatabaseLimits & { poolSize?: number }): Promise<Server> {
  const database = await openTestDatabase(limits);
  const app = await buildApp(testConfig(), { database, ownsDatabase: false });
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
const holdDatabase = (database: DatabaseHandle, seconds: number) =>
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
const sleepInSql = (database: DatabaseHandle, seconds: number) =>
  database.db.execute(sql`select pg_sleep(${seconds})`).then(
    () => 'done',
    (error: unknown) => error,
  );

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe('a bounded database queue', () => {
  it('answers 503 with Retry-After past its limit while slow work holds the database, then recovers', async () => {
    // One connection on PostgreSQL, so both databases run one statement at a time here.
    const { app, database } = await serverWith({ queueLimit: 3, poolSize: 1 });
    const slow = holdDatabase(database, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const burst = await Promise.all(
      Array.from({ length: 12 }, () => timed(() => app.inject({ method: 'GET', url: FEATURED }))),
    );
    const refused = burst.filter(({ result }) => result.statusCode === 503);
    expect(refused.length).toBeGreaterThanOrEqual(12 - 3);
    for (const { result, ms } of refused) {
      expect(result.headers['retry-after']).toBe('1');
      expect(result.json().error.code).toBe('service_unavailable');
      expect(result.json().error.message).toMatch(/busy/);
      // Refused at once, not after the slow statement.
      expect(ms).toBeLessThan(500);
    }
    expect(burst.every(({ result }) => [200, 503].includes(result.statusCode))).toBe(true);

    expect(await slow).toBe('done');
    const after = await Promise.all(
      Array.from({ length: 3 }, () => app.inject({ method: 'GET', url: FEATURED })),
    );
    expect(after.map((res) => res.statusCode)).toEqual([200, 200, 200]);
  });

  it.skipIf(onPostgres)(
    'on PGlite, a statement waiting longer than the timeout for its turn answers 503 instead of waiting out slow work',
    async () => {
      const { app, database } = await serverWith({ queueLimit: 50, queueWaitMs: 300 });
      const slow = holdDatabase(database, 1.5);
      await new Promise((resolve) => setTimeout(resolve, 50));

      const { result, ms } = await timed(() => app.inject({ method: 'GET', url: FEATURED }));
      expect(result.statusCode).toBe(503);
      expect(result.headers['retry-after']).toBe('1');
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(1000);

      expect(await slow).toBe('done');
      expect((await app.inject({ method: 'GET', url: FEATURED })).statusCode).toBe(200);
    },
  );
});

describe.runIf(onPostgres)('the PostgreSQL pool', () => {
  it('runs slow statements in parallel up to its size', async () => {
    const { database } = await serverWith({ poolSize: 4 });
    const sleeps = (count: number) =>
      timed(() => Promise.all(Array.from({ length: count }, () => sleepInSql(database, 0.4))));

    const four = await sleeps(4);
    expect(four.result).toEqual(['done', 'done', 'done', 'done']);
    // Four at once take about one sleep, not four.
    expect(four.ms).toBeLessThan(750);
    // Eight take two rounds on four connections.
    const eight = await sleeps(8);
    expect(eight.ms).toBeGreaterThanOrEqual(780);
    expect(eight.ms).toBeLessThan(1400);
  });

  it('cancels a statement past statement_timeout and answers 503 with Retry-After, then serves the next', async () => {
    const { app } = await serverWith({ poolSize: 2, statementTimeoutMs: 300 });

    const { result, ms } = await timed(() => app.inject({ method: 'GET', url: '/slow?s=3' }));
    expect(result.statusCode).toBe(503);
    expect(result.headers['retry-after']).toBe('1');
    expect(result.json().error.code).toBe('service_unavailable');
    expect(ms).toBeLessThan(1500);

    expect((await app.inject({ method: 'GET', url: '/slow?s=0.05' })).json()).toEqual({ slept: 0.05 });
    expect((await app.inject({ method: 'GET', url: FEATURED })).statusCode).toBe(200);
  });
});
