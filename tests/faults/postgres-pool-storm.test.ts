import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from '../../shared/contract/health.ts';
import { openDatabase } from '../../src-server/db/client.ts';
import { accountsSeedPart } from '../../src-server/seed/accounts.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import { withAdminClient } from '../api/support/test-database.ts';
import { call, saveSearch, signIn, WRITERS } from './support/client.ts';
import { isRunning, type ServerProcess, startServer, stopServer } from './support/server-process.ts';

/** The PostgreSQL admin URL; this file is skipped on the embedded database. */
const adminUrl = process.env.DATABASE_URL;
/** A small pool: a handful of connections lost for good would leave none to serve with. */
const POOL_SIZE = 4;
const STORMS = 4;
const STORM_MS = 12_000;
/** How often the storm ends every connection of the server. */
const TERMINATE_EVERY_MS = 250;
const WRITERS_AT_ONCE = 12;
/** After a storm, the longest the server may take to serve writes again with a pool back to normal. */
const RECOVERY_MS = 5_000;

const name = `ironsight_storm_${process.pid}_${randomBytes(4).toString('hex')}`;
const databaseUrl = () => {
  const url = new URL(adminUrl ?? 'postgres://127.0.0.1');
  url.pathname = `/${name}`;
  return url.toString();
};

/** Ends every connection to the test database, as an operator or a failover would; answers how many. */
const terminateConnections = () =>
  withAdminClient(adminUrl ?? '', async (client) => {
    const result = await client.query(
      'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) t',
      [name],
    );
    return (result.rows[0] as { n: number }).n;
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Pool = NonNullable<HealthResponse['pool']>;

/** The server's pool as /api/health reports it after its own round trip, or the status it answered. */
async function poolNow(server: ServerProcess): Promise<Pool | number> {
  const res = await call(server.baseUrl, '/health', { method: 'GET' }).catch(() => undefined);
  if (!res) return 0;
  if (res.status !== 200) return res.status;
  return ((await res.json()) as HealthResponse).pool ?? 0;
}

/** With no requests under way, every open connection is idle and no checkout waits. */
const atRest = (pool: Pool | number): pool is Pool =>
  typeof pool !== 'number' && pool.waiting === 0 && pool.idle === pool.total && pool.total <= pool.max;

describe.skipIf(!adminUrl)('the PostgreSQL pool under storms of terminated connections', () => {
  let dataDir = '';
  let server: ServerProcess;
  let tokens: string[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ironsight-faults-storm-'));
    await withAdminClient(adminUrl ?? '', (client) => client.query(`CREATE DATABASE "${name}"`));
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(), poolSize: 2 });
    await seedDemoData(database.db, DEFAULT_SEED_OPTIONS, [accountsSeedPart]);
    await database.close();
    server = await startServer({
      dataDir,
      databaseUrl: databaseUrl(),
      env: { DATABASE_POOL_SIZE: String(POOL_SIZE) },
    });
    tokens = await Promise.all(WRITERS.map((key) => signIn(server.baseUrl, key)));
  }, 60_000);

  afterAll(async () => {
    if (server) await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await withAdminClient(adminUrl ?? '', (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  });

  it(
    'serves again within seconds after each storm, with every connection back in the pool',
    async () => {
      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const recoveries: number[] = [];
      const leftAfter: string[] = [];
      let connectionsEnded = 0;

      for (let storm = 0; storm < STORMS; storm += 1) {
        let writing = true;
        // Each writer saves a search (a transaction) and deletes it again, so no account fills up.
        const writer = async (w: number) => {
          for (let i = 0; writing; i += 1) {
            const token = tokens[(w + i) % tokens.length] ?? '';
            const saved = await saveSearch(server.baseUrl, token, `s${storm}-w${w}-${i}`).catch(
              () => undefined,
            );
            count(saved?.status ?? 0);
            if (saved?.status !== 200) continue;
            const { id } = (await saved.json()) as { id: string };
            const deleted = await call(server.baseUrl, `/users/deleteSaveSearch/${id}`, {
              token,
              method: 'DELETE',
            }).catch(() => undefined);
            count(deleted?.status ?? 0);
          }
        };
        const writers = Promise.all(Array.from({ length: WRITERS_AT_ONCE }, (_, w) => writer(w)));
        const stormEnds = performance.now() + STORM_MS;
        while (performance.now() < stormEnds) {
          connectionsEnded += await terminateConnections();
          await sleep(TERMINATE_EVERY_MS);
        }
        writing = false;
        await writers;

        // Recovered: a write succeeds and the pool is at rest (nothing checked out for good).
        const calm = performance.now();
        let pool: Pool | number = 0;
        let wrote = false;
        while (performance.now() - calm < RECOVERY_MS) {
          wrote ||=
            (await saveSearch(server.baseUrl, tokens[0] ?? '', `after-${storm}`).catch(() => undefined))
              ?.status === 200;
          pool = await poolNow(server);
          if (wrote && atRest(pool)) break;
          await sleep(100);
        }
        if (wrote && atRest(pool)) recoveries.push(Math.round(performance.now() - calm));
        else leftAfter.push(`storm ${storm + 1}: wrote ${wrote}, pool ${JSON.stringify(pool)}`);
        // A pool that did not come back will not after the next storm either.
        if (leftAfter.length > 0) break;
        // The saved searches of this account are deleted again so it never reaches its maximum.
        await call(server.baseUrl, '/users/getSavedSearches', {
          token: tokens[0] ?? '',
          body: { total: 100 },
        })
          .then(async (res) =>
            res.status === 200 ? ((await res.json()) as { results: { id: string }[] }) : undefined,
          )
          .then((list) =>
            Promise.all(
              (list?.results ?? []).map(({ id }) =>
                call(server.baseUrl, `/users/deleteSaveSearch/${id}`, {
                  token: tokens[0] ?? '',
                  method: 'DELETE',
                }),
              ),
            ),
          )
          .catch(() => undefined);
      }

      const summary = [...statuses].map(([status, n]) => `${status}: ${n}`).join(', ');
      console.info(
        `faults/postgres pool: ${STORMS} storms of ${STORM_MS / 1000} s ending every connection each ` +
          `${TERMINATE_EVERY_MS} ms (${connectionsEnded} connections ended); recovered after ${recoveries.join(', ')} ms; ` +
          `answers: ${summary}`,
      );
      expect(isRunning(server), server.stderr()).toBe(true);
      expect(leftAfter).toEqual([]);
      // Within a storm only successes and 503s (retry later) are answered, never a failure of the server.
      expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    },
    STORMS * (STORM_MS + RECOVERY_MS + 20_000),
  );
});
