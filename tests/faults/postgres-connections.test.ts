import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/client.ts';
import { isConnectionLost } from '../../src-server/db/connection-errors.ts';
import { accountsSeedPart } from '../../src-server/seed/accounts.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import { withAdminClient } from '../api/support/test-database.ts';
import { call, saveSearch, signIn, WRITERS } from './support/client.ts';
import {
  isRunning,
  type ServerProcess,
  startServer,
  stopServer,
  waitHealthy,
} from './support/server-process.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

/** The PostgreSQL admin URL; this file is skipped on the embedded database. */
const adminUrl = process.env.DATABASE_URL;
const TERMINATIONS = 10;
const CONCURRENCY = 10;

const name = `ironsight_faults_${process.pid}_${randomBytes(4).toString('hex')}`;
const databaseUrl = (host: string) => {
  const url = new URL(adminUrl ?? 'postgres://127.0.0.1');
  url.host = host;
  url.pathname = `/${name}`;
  return url.toString();
};
const directUrl = () => databaseUrl(new URL(adminUrl ?? 'postgres://127.0.0.1').host);

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

describe.skipIf(!adminUrl)('PostgreSQL connections terminated under load', () => {
  let dataDir = '';
  let proxy: TcpProxy;
  let server: ServerProcess;
  let tokens: string[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ironsight-faults-pg-'));
    await withAdminClient(adminUrl ?? '', (client) => client.query(`CREATE DATABASE "${name}"`));
    const database = await openDatabase({ kind: 'postgres', url: directUrl(), poolSize: 2 });
    await seedDemoData(database.db, DEFAULT_SEED_OPTIONS, [accountsSeedPart]);
    await database.close();
    // The server reaches PostgreSQL through a relay the test can cut, to stage an outage.
    proxy = await startTcpProxy(Number(new URL(adminUrl ?? '').port || 5432));
    server = await startServer({ dataDir, databaseUrl: databaseUrl(`127.0.0.1:${proxy.port}`) });
    tokens = await Promise.all(WRITERS.map((key) => signIn(server.baseUrl, key)));
  }, 60_000);

  afterAll(async () => {
    if (server) await stopServer(server);
    await proxy?.down();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await withAdminClient(adminUrl ?? '', (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  });

  it('fails a transaction whose connection was terminated with a connection-loss error, and the next query reconnects', async () => {
    const database = await openDatabase({ kind: 'postgres', url: directUrl(), poolSize: 2 });
    try {
      // Terminated while checked out between two statements: the client emits 'error' with no query
      // running, which killed the process when nothing listened.
      const failed = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await terminateConnections();
          await sleep(300);
          await tx.execute(sql`select 1`);
        })
        .catch((error: unknown) => error);
      expect(isConnectionLost(failed)).toBe(true);
      await expect(database.db.execute(sql`select 1 as one`)).resolves.toBeDefined();
    } finally {
      await database.close();
    }
  });

  it('stays up while its connections are terminated during writes, answering 503 and then serving again', async () => {
    const statuses = new Map<string, number>();
    const count = (status: string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const unexpected: string[] = [];
    let lastSuccess = 0;
    let writing = true;

    const record = async (res: Response | undefined) => {
      if (!res) return count('no answer');
      count(String(res.status));
      if (res.status === 503) {
        const body = (await res.json()) as { error?: { code?: string; message?: string } };
        if (body.error?.code !== 'service_unavailable' || !res.headers.get('retry-after')) {
          unexpected.push(`503 ${JSON.stringify(body)}`);
        }
      } else if (res.status !== 200) {
        unexpected.push(`${res.status} ${await res.text()}`);
      }
    };
    // Each worker saves a search and deletes it again, so the accounts never reach their maximum.
    const worker = async (w: number) => {
      for (let i = 0; writing; i += 1) {
        const token = tokens[(w + i) % tokens.length] ?? '';
        const saved = await saveSearch(server.baseUrl, token, `w${w}-${i}`).catch(() => undefined);
        const id = saved?.status === 200 ? ((await saved.clone().json()) as { id: string }).id : undefined;
        await record(saved);
        if (!id) continue;
        lastSuccess = performance.now();
        const deleted = await call(server.baseUrl, `/users/deleteSaveSearch/${id}`, {
          token,
          method: 'DELETE',
        }).catch(() => undefined);
        await record(deleted);
      }
    };
    const workers = Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));

    let survived = 0;
    let connectionsEnded = 0;
    for (let attempt = 0; attempt < TERMINATIONS; attempt += 1) {
      await sleep(300);
      const terminatedAt = performance.now();
      connectionsEnded += await terminateConnections();
      // Survived: the process is still up and a write succeeded on a new connection afterwards.
      const deadline = terminatedAt + 5_000;
      while (performance.now() < deadline && isRunning(server) && lastSuccess <= terminatedAt)
        await sleep(20);
      if (isRunning(server) && lastSuccess > terminatedAt) survived += 1;
    }
    writing = false;
    await workers;

    const summary = [...statuses].map(([status, n]) => `${status}: ${n}`).join(', ');
    console.info(
      `faults/postgres: terminations survived ${survived} of ${TERMINATIONS} ` +
        `(${connectionsEnded} connections ended); answers during them: ${summary}`,
    );
    expect(isRunning(server), server.stderr()).toBe(true);
    expect(survived).toBe(TERMINATIONS);
    expect(unexpected).toEqual([]);
    expect(statuses.get('no answer') ?? 0).toBe(0);
  });

  it('answers 503 with the reason on /api/health while the database is down, and recovers by itself', async () => {
    await proxy.down();
    const health = await call(server.baseUrl, '/health', { method: 'GET' });
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBeTruthy();
    const body = (await health.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('service_unavailable');
    expect(body.error.message).toMatch(/^Database unavailable: .+/);
    const write = await saveSearch(server.baseUrl, tokens[0] ?? '', 'while-down');
    expect(write.status).toBe(503);

    const restoredAt = performance.now();
    await proxy.up();
    await waitHealthy(server, 15_000);
    const recoveredMs = Math.round(performance.now() - restoredAt);
    const after = await saveSearch(server.baseUrl, tokens[0] ?? '', 'after-outage');
    console.info(
      `faults/postgres: health 503 while down ("${body.error.message}"), 200 again ${recoveredMs} ms after the database returned`,
    );
    expect(after.status).toBe(200);
    expect(isRunning(server)).toBe(true);
  });
});
