/**
 * Three servers started at once on an empty PostgreSQL database, each allowed to seed the demo data
 * (scripts/cluster starts them together): the database's start-up lock (src-server/db/client.ts)
 * lets one migrate and seed while the others wait, then find the migrations applied and the data
 * there. Without it, two would apply the same migration or write the same demo part at once, and
 * the loser would fail to start (or the data would be doubled).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster/cluster.ts';
import { DEMO_ACCOUNTS } from '../../src-server/seed/accounts.ts';
import { withAdminClient } from '../api/support/test-database.ts';
import { CLUSTER_TEST_POSTGRES_URL } from './support/cluster-database.ts';
import { signIn } from './support/http.ts';

const name = `ironsight_cold_start_${process.pid}_${randomBytes(3).toString('hex')}`;
const url = new URL(CLUSTER_TEST_POSTGRES_URL);
url.pathname = `/${name}`;
let dataDir: string;
let cluster: Cluster | undefined;

beforeAll(async () => {
  await withAdminClient(CLUSTER_TEST_POSTGRES_URL, (client) => client.query(`CREATE DATABASE "${name}"`));
  dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-cold-start-'));
});

afterAll(async () => {
  await cluster?.stop();
  await withAdminClient(CLUSTER_TEST_POSTGRES_URL, (client) =>
    client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  );
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Each query's first row, on a connection of its own. */
async function firstRows(queries: string[]): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const rows: Record<string, unknown>[] = [];
    for (const query of queries) rows.push((await client.query(query)).rows[0] ?? {});
    return rows;
  } finally {
    await client.end();
  }
}

describe('three servers starting at once on an empty database', () => {
  it('migrate and seed it once: all three start, every migration and demo part is there once', async () => {
    const started = performance.now();
    cluster = await startCluster({
      databaseUrl: url.toString(),
      dataDir,
      demoData: true,
      serverEnv: { WEB_ROOT: path.resolve(import.meta.dirname, '../api/fixtures/web') },
    });
    const took = performance.now() - started;

    const journal = JSON.parse(
      await readFile(
        path.resolve(import.meta.dirname, '../../src-server/db/migrations/meta/_journal.json'),
        'utf8',
      ),
    ) as { entries: unknown[] };
    const demoEmails = Object.values(DEMO_ACCOUNTS).map((account) => `'${account.email}'`);
    const [migrations, accounts, sellers] = await firstRows([
      'select count(*)::int as rows, count(distinct hash)::int as distinct from public.__drizzle_migrations',
      `select count(*)::int as rows from users where email in (${demoEmails.join(', ')})`,
      // Listings per seller and title: a catalogue seeded twice would list each of them twice.
      `select count(*)::int as listings, max(copies)::int as most from (
         select count(*) as copies from listings group by user_id, title, price, created_at) as seen`,
    ]);
    console.info(
      `cold start: three servers at once on an empty database, all answering after ${(took / 1000).toFixed(1)} s; ${migrations!.rows} migrations, ${sellers!.listings} distinct listings`,
    );
    expect(migrations).toEqual({ rows: journal.entries.length, distinct: journal.entries.length });
    expect(accounts).toEqual({ rows: demoEmails.length });
    expect(sellers!.most).toBe(1);

    // Each server serves the seeded data: a demo account signs in on every one.
    for (const server of cluster.servers) {
      await signIn(server.origin, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password);
    }
  });
});
