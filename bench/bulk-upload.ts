/**
 * Bulk inventory upload throughput. Generates an inventory CSV (default 100,000 rows of the
 * template), starts the real app (buildApp, listening on a local port) on a fresh PGlite data folder
 * and, when DATABASE_URL is set (or --postgres URL is given), on a PostgreSQL database of its own;
 * signs in as the demo dealer, uploads the file over HTTP, polls GET /users/bulkuploads until the
 * upload completes and prints the time and the server's peak resident memory while it ran (the
 * server runs in this process). Then uploads the same file again, which must report every row
 * unchanged, and prints that time.
 *
 * With --server-process the server is `node src-server/main.ts` (production mode) instead, a
 * process of its own. Its highest resident memory from start-up to the first upload is printed
 * too: that is when V8 compiles PGlite's WebAssembly with its optimizing compiler.
 *
 * An upload's peak is exact: the kernel's high-water mark of the server's resident memory (VmHWM)
 * is reset as the upload starts (`/proc/PID/clear_refs`) and read when it has completed.
 *
 * The database holds the demo firearms reference, so each written listing's identity is read at save
 * (listing_identities) as in a real deployment; --no-reference leaves it out (no identity is read).
 *
 * Usage: npm run bench:bulk-upload [-- --rows 100000] [--postgres URL] [--no-pglite] [--server-process]
 *   [--no-reference]
 * Targets: 100k rows in ≤ 20 s on each database, peak RSS ≤ 400 MB, re-upload ≤ 10 s.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BulkUpload } from '../shared/contract/inventory.ts';
import { CATEGORY_FAMILIES } from '../shared/domain/category.ts';
import { buildApp } from '../src-server/app.ts';
import { type DatabaseHandle, openDatabase } from '../src-server/db/client.ts';
import { accountsSeedPart, DEMO_ACCOUNTS } from '../src-server/seed/accounts.ts';
import { firearmReferenceSeedPart } from '../src-server/seed/firearm-reference.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../src-server/seed/seed.ts';
import { testConfig } from '../tests/api/support/test-app.ts';
import { withAdminClient } from '../tests/api/support/test-database.ts';
import { inventoryCsv } from '../tests/support/inventory-csv.ts';
import { benchServerEnv, memoryOf, resetHighWater, SERVER_ARGV, startProcess } from './server-process.ts';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    postgres: { type: 'string', default: process.env.DATABASE_URL ?? '' },
    'no-pglite': { type: 'boolean', default: false },
    'no-reference': { type: 'boolean', default: false },
    'server-process': { type: 'boolean', default: false },
  },
});
const ROWS = Number(flags.rows);
/** What the database is seeded with: the demo accounts, and the firearms reference unless left out. */
const SEED_PARTS = flags['no-reference'] ? [accountsSeedPart] : [accountsSeedPart, firearmReferenceSeedPart];

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Where the server runs, as the process whose memory is read. */
interface Server {
  base: string;
  /** The server's process id (this process for the in-process server). */
  pid: number;
  close: () => Promise<void>;
}

/** The app built in this process (the benchmark's own memory counts too). */
async function inProcessServer(database: DatabaseHandle, dataDir: string): Promise<Server> {
  const app = await buildApp(testConfig({ dataDir }), {
    database,
    ownsDatabase: false,
    serverRenderer: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`,
    pid: process.pid,
    close: () => app.close(),
  };
}

/** The real server (`node src-server/main.ts`, production mode) as a process of its own. */
async function serverProcess(env: NodeJS.ProcessEnv): Promise<Server> {
  const server = await startProcess(SERVER_ARGV, benchServerEnv(env));
  return {
    base: `${server.origin}/api`,
    pid: server.pid,
    close: server.stop,
  };
}

async function run(label: string, server: Server, file: Buffer): Promise<void> {
  const { base } = server;
  try {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.dealer.email, password: DEMO_ACCOUNTS.dealer.password }),
    });
    const token = ((await login.json()) as { jwtToken: string }).jwtToken;
    const headers = { authorization: `Bearer ${token}` };

    const once = async (what: string): Promise<BulkUpload> => {
      await resetHighWater(server.pid);
      const started = performance.now();
      const form = new FormData();
      form.append('formFiles', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'inventory.csv');
      const res = await fetch(`${base}/users/process-bulkuploads`, { method: 'POST', headers, body: form });
      if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      const id = ((await res.json()) as { results: BulkUpload[] }).results[0]?.id;
      let upload: BulkUpload | undefined;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const list = await fetch(`${base}/users/bulkuploads`, { headers });
        upload = ((await list.json()) as { results: BulkUpload[] }).results.find((entry) => entry.id === id);
        if (upload && (upload.status === 'Completed' || upload.status === 'Failed')) break;
      }
      const seconds = (performance.now() - started) / 1000;
      const peak = await memoryOf(server.pid, 'VmHWM');
      console.info(
        `${label} ${what}: ${seconds.toFixed(1)} s for ${upload.totalRows} rows (${Math.round(upload.totalRows / seconds)} rows/s), ` +
          `status ${upload.status}, created ${upload.createdCount}, updated ${upload.updatedCount}, ` +
          `unchanged ${upload.unchangedCount}, failed ${upload.errorCount}; peak RSS ${mb(peak)}`,
      );
      return upload;
    };
    const before = await memoryOf(server.pid, 'VmRSS');
    const startUp =
      server.pid === process.pid
        ? ''
        : `, highest since it started ${mb(await memoryOf(server.pid, 'VmHWM'))}`;
    console.info(`${label}: RSS before the upload ${mb(before)}${startUp}`);
    await once('first upload');
    const again = await once('same file again');
    if (again.unchangedCount !== ROWS) console.info(`${label}: expected ${ROWS} unchanged rows`);
  } finally {
    await server.close();
  }
}

const file = inventoryCsv(ROWS);
console.info(`inventory file: ${ROWS} rows, ${mb(file.length)} (${CATEGORY_FAMILIES.length} families known)`);

if (!flags['no-pglite']) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-bulk-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await seedDemoData(database.db, DEFAULT_SEED_OPTIONS, SEED_PARTS);
  try {
    if (flags['server-process']) {
      // The server process takes the data folder's lock.
      await database.close();
      await run(
        'PGlite (server process)',
        await serverProcess({ DATA_DIR: dataDir, DATABASE_URL: '' }),
        file,
      );
    } else {
      await run('PGlite', await inProcessServer(database, dataDir), file);
    }
  } finally {
    if (!flags['server-process']) await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (flags.postgres) {
  const adminUrl = flags.postgres;
  const name = `ironsight_bulk_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-bulk-pg-'));
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await seedDemoData(database.db, DEFAULT_SEED_OPTIONS, SEED_PARTS);
  try {
    if (flags['server-process']) {
      const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
      await run('PostgreSQL (server process)', await serverProcess(env), file);
    } else {
      await run('PostgreSQL', await inProcessServer(database, dataDir), file);
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    await withAdminClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  }
}
