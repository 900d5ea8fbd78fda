import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src-server/db/client.ts';
import { inStatementScope } from '../../src-server/db/statement-queue.ts';
import { serverWith, sleepInSql, timed, UNCACHED } from './support/queue-server.ts';

/** Needs PostgreSQL: `npm test -- --postgres URL` runs it. */
describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL pool', () => {
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

  it("gives a request's next statement a connection before requests that have not started", async () => {
    const { database } = await serverWith({ poolSize: 1 });
    const order: string[] = [];
    const step = async (name: string, seconds: number) => {
      expect(await sleepInSql(database, seconds)).toBe('done');
      order.push(name);
    };
    // A request of two statements: while its first holds the one connection, two requests arrive.
    const first = inStatementScope(async () => {
      await step('a1', 0.3);
      await step('a2', 0);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const later = [inStatementScope(() => step('b1', 0)), inStatementScope(() => step('c1', 0))];
    await Promise.all([first, ...later]);
    // In the pool's own first-come order a2 would wait behind b1 and c1, once per statement.
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1']);
    expect(database.poolCounts?.()).toMatchObject({ waiting: 0 });
  });

  it('compiles no statement to machine code (JIT is off on every pooled connection)', async () => {
    const { database } = await serverWith({ poolSize: 2 });
    const settings = await Promise.all(
      [1, 2].map(() => queryRows<{ jit: string }>(database.db, sql`select current_setting('jit') as jit`)),
    );
    expect(settings.flat()).toEqual([{ jit: 'off' }, { jit: 'off' }]);
  });

  it('gives a connection back when its transaction cannot even begin', async () => {
    const { database } = await serverWith({ poolSize: 1 });
    // A BEGIN the database refuses: the connection was checked out and must return to the pool.
    const refused = await database.db
      .transaction(async () => 'never', { isolationLevel: 'no such level' as 'serializable' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(database.poolCounts?.()).toMatchObject({ waiting: 0 });
    const counts = database.poolCounts?.();
    expect(counts?.idle).toBe(counts?.total);
    // The pool's one connection serves the next statement at once, not after the connect timeout.
    const { result, ms } = await timed(() => sleepInSql(database, 0));
    expect(result).toBe('done');
    expect(ms).toBeLessThan(1000);
  });

  it('cancels a statement past statement_timeout and answers 503 with Retry-After, then serves the next', async () => {
    const { app } = await serverWith({ poolSize: 2, statementTimeoutMs: 300 });

    const { result, ms } = await timed(() => app.inject({ method: 'GET', url: '/slow?s=3' }));
    expect(result.statusCode).toBe(503);
    expect(result.headers['retry-after']).toBe('1');
    expect(result.json().error.code).toBe('service_unavailable');
    expect(ms).toBeLessThan(1500);

    expect((await app.inject({ method: 'GET', url: '/slow?s=0.05' })).json()).toEqual({ slept: 0.05 });
    expect((await app.inject({ method: 'GET', url: UNCACHED })).statusCode).toBe(200);
  });
});
