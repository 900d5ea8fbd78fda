import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { listingPath } from '../shared/routes/paths.ts';
import { type DatabaseHandle, openDatabase, queryRows } from '../src-server/db/client.ts';
import { isDatabaseEmpty, seedDemoData } from '../src-server/seed/seed.ts';
import { withScratchPostgres } from './postgres-database.ts';
import { mixCatalogue, searchMix } from './search-mix.ts';
import {
  BENCH_HOST,
  benchServerEnv,
  memoryOf,
  ROOT,
  resetHighWater,
  SERVER_ARGV,
  startProcess,
} from './server-process.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  requests?: (AutocannonRequest & { setupRequest?: (request: AutocannonRequest) => AutocannonRequest })[];
}
// autocannon ships no types; only the fields read here are declared.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

const { values: flags } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    postgres: {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    'no-postgres': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    'pglite-folder': { type: 'string' },
    'hello-world': { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
  },
});
const LISTINGS = Number(flags.listings);
const DURATION_S = Number(flags.duration);
const CONNECTIONS = Number(flags.connections);
const PGLITE_FOLDER = flags['pglite-folder'] ? path.resolve(flags['pglite-folder']) : null;
const POSTGRES_URL = flags['no-postgres'] ? null : flags.postgres;
const ONLY = flags.only;
const MIX_TARGET = 'uncached search mix  POST /api/listings/search (bodies in rotation)';
const MIX_WANTED = MIX_TARGET.includes(ONLY);
const HOST = BENCH_HOST;
const SEED = 1997;
/** The built web app when there is one; otherwise the test fixture page (the server does the same work). */
const WEB_ROOT = existsSync(path.join(ROOT, 'dist/web/index.html'))
  ? path.join(ROOT, 'dist/web')
  : path.join(ROOT, 'tests/api/fixtures/web');

interface Target {
  name: string;
  path: string;
  method?: 'POST';
  body?: unknown;
  /** Sent as a browser would; the other targets send no Accept-Encoding (answers go out plain). */
  acceptEncoding?: string;
}

function targets(listing: { id: string; title: string }): Target[] {
  const all: Target[] = [
    { name: 'home page HTML  GET /', path: '/' },
    { name: 'home page HTML, Brotli  GET / (Accept-Encoding: br)', path: '/', acceptEncoding: 'gzip, br' },
    { name: 'featured  GET /api/listings/featured', path: '/api/listings/featured' },
    { name: 'new this week  GET /api/listings/newthisweek', path: '/api/listings/newthisweek' },
    { name: 'local  GET /api/listings/local?zipCode=75207', path: '/api/listings/local?zipCode=75207' },
    {
      name: 'keyword search  POST {"keyword":"glock"}',
      path: '/api/listings/search',
      method: 'POST',
      body: { keyword: 'glock' },
    },
    {
      name: 'ZIP search  POST {"zipCode":"75207","distance":50}',
      path: '/api/listings/search',
      method: 'POST',
      body: { zipCode: '75207', distance: 50 },
    },
    // Another sort is not a popular search: every request runs the statement (about 17,000 matches at 100k listings).
    {
      name: 'ZIP search, uncached  POST {…,"sort":"price-asc"}',
      path: '/api/listings/search',
      method: 'POST',
      body: { zipCode: '75207', distance: 50, sort: 'price-asc' },
    },
    { name: 'listing page  GET /<id>/<title>', path: listingPath(listing.id, listing.title) },
    { name: 'health  GET /api/health', path: '/api/health' },
  ];
  return all.filter((target) => target.name.includes(ONLY));
}

interface Row {
  name: string;
  result: AutocannonResult;
}

async function load(origin: string, target: Target): Promise<AutocannonResult> {
  return autocannon({
    url: `${origin}${target.path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: {
      ...(target.method ? { 'content-type': 'application/json' } : {}),
      ...(target.acceptEncoding ? { 'accept-encoding': target.acceptEncoding } : {}),
    },
    ...(target.method ? { method: target.method, body: JSON.stringify(target.body) } : {}),
  });
}

function printTable(title: string, ceiling: Row, rows: Row[], peakRss?: string): void {
  // autocannon counts a timed-out request among its errors too.
  const header = ['target', 'requests/s', 'p50', 'p99', 'errors (timeouts)', 'non-2xx', 'of ceiling'];
  const lines = [ceiling, ...rows].map(({ name, result }) => [
    name,
    Math.round(result.requests.average).toLocaleString('en-US'),
    `${result.latency.p50} ms`,
    `${result.latency.p99} ms`,
    `${result.errors} (${result.timeouts})`,
    String(result.non2xx),
    `${((100 * result.requests.average) / ceiling.result.requests.average).toFixed(2)} %`,
    ...(peakRss === undefined ? [] : [name === ceiling.name ? '' : peakRss]),
  ]);
  if (peakRss !== undefined) header.push('server peak RSS');
  console.info(`\n${title}\n`);
  console.info(`| ${header.join(' | ')} |`);
  console.info(`|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
  for (const line of lines) console.info(`| ${line.join(' | ')} |`);
}

/** The ceiling: Fastify answering a constant, nothing else. */
async function helloWorld(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  app.get('/api/health', async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT), host: HOST });
}

interface Seeded {
  listing: { id: string; title: string };
  /** The uncached mix's request bodies, when it is measured. */
  mixBodies: string[];
}

async function seeded(handle: DatabaseHandle): Promise<Seeded> {
  if (await isDatabaseEmpty(handle.db)) {
    const started = performance.now();
    await seedDemoData(handle.db, { seed: SEED, listings: LISTINGS });
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
    console.info(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s (load average ${load})`);
    // Settled before the server starts, as bench:search does: its boot vacuum then finds little to do
    // (within the statement timeout), and no autovacuum of the fresh tables runs during the figures.
    await handle.db.execute(sql`vacuum analyze`);
  } else {
    console.info('  reusing the seeded data');
  }
  const [listing] = await queryRows<{ id: string; title: string }>(
    handle.db,
    sql`select id, title from listings where not is_sold order by id limit 1`,
  );
  if (!listing) throw new Error('no listing was seeded');
  const mixBodies = MIX_WANTED
    ? searchMix(await mixCatalogue(handle.db)).map((request) => JSON.stringify(request.body))
    : [];
  return { listing, mixBodies };
}

async function measure(title: string, serverEnv: NodeJS.ProcessEnv, data: Seeded): Promise<void> {
  const hello = await startProcess([import.meta.filename, '--hello-world'], {});
  try {
    const ceiling: Row = {
      name: 'bare Fastify hello world (ceiling)',
      result: await load(hello.origin, { name: 'hello', path: '/' }),
    };
    const list = targets(data.listing);
    if (list.length > 0) {
      const server = await startProcess(SERVER_ARGV, benchServerEnv({ ...serverEnv, WEB_ROOT }));
      try {
        for (const target of list) {
          const res = await fetch(`${server.origin}${target.path}`, {
            method: target.method ?? 'GET',
            ...(target.body
              ? { body: JSON.stringify(target.body), headers: { 'content-type': 'application/json' } }
              : {}),
          });
          if (!res.ok) throw new Error(`${target.name}: ${res.status} ${await res.text()}`);
        }
        const rows: Row[] = [];
        for (const target of list) {
          rows.push({ name: target.name, result: await load(server.origin, target) });
          process.stdout.write('.');
        }
        printTable(title, ceiling, rows);
      } finally {
        await server.stop();
      }
    }
    if (MIX_WANTED) await measureMix(title, serverEnv, ceiling, data.mixBodies);
  } finally {
    await hello.stop();
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Sends every body once, a few at a time (it warms the server up too), and fails on any answer but
 * 200 or 503: a 503 is the server's own limit (a statement past its timeout, a full queue), counted
 * and reported; anything else means a body the mix should not hold. Answers how many were 503.
 */
async function checkBodies(origin: string, bodies: readonly string[]): Promise<number> {
  let next = 0;
  let busy = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const res = await fetch(`${origin}/api/listings/search`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      if (res.status === 503) busy += 1;
      else if (!res.ok) throw new Error(`mix: ${res.status} ${await res.text()} for ${body}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return busy;
}

/**
 * The uncached mix on a server that keeps no shared answer: each request takes the next body of the
 * rotation, whichever connection sends it. The server's resident high-water mark is reset as the
 * run starts and read when it ends.
 */
async function measureMix(
  title: string,
  serverEnv: NodeJS.ProcessEnv,
  ceiling: Row,
  bodies: readonly string[],
): Promise<void> {
  const server = await startProcess(
    SERVER_ARGV,
    benchServerEnv({ ...serverEnv, WEB_ROOT, SHARED_CACHE: 'off' }),
  );
  try {
    const busy = await checkBodies(server.origin, bodies);
    if (busy > 0)
      console.info(
        `\n${busy} of the ${bodies.length.toLocaleString('en-US')} searches answered 503 when sent four at a time before the run (statement timeout or full queue)`,
      );
    const before = await memoryOf(server.pid, 'VmRSS');
    await resetHighWater(server.pid);
    let next = 0;
    const result = await autocannon({
      url: server.origin,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [
        {
          method: 'POST',
          path: '/api/listings/search',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length]! }),
        },
      ],
    });
    const peak = await memoryOf(server.pid, 'VmHWM');
    printTable(
      `${title}: uncached search mix (SHARED_CACHE=off), ${bodies.length.toLocaleString('en-US')} distinct searches`,
      ceiling,
      [{ name: MIX_TARGET, result }],
      mb(peak),
    );
    console.info(
      `\n${result.requests.total.toLocaleString('en-US')} requests, ${(result.requests.total / bodies.length).toFixed(1)} passes over the mix; server RSS ${mb(before)} before the run, peak ${mb(peak)} during it`,
    );
  } finally {
    await server.stop();
  }
}

async function benchPglite(): Promise<void> {
  const dataDir = PGLITE_FOLDER ?? (await mkdtemp(path.join(tmpdir(), 'ironsight-load-')));
  console.info(`PGlite in ${dataDir}`);
  try {
    // The server's own layout: the database lives in DATA_DIR/pglite.
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const data = await seeded(handle).finally(() => handle.close());
    await measure(`PGlite, ${LISTINGS.toLocaleString('en-US')} listings`, { DATA_DIR: dataDir }, data);
  } finally {
    if (!PGLITE_FOLDER) await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(adminUrl: string): Promise<void> {
  await withScratchPostgres(adminUrl, 'load', async (url, name) => {
    console.info(`PostgreSQL database ${name}`);
    const handle = await openDatabase({ kind: 'postgres', url });
    const data = await seeded(handle).finally(() => handle.close());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-load-pg-'));
    try {
      await measure(
        `PostgreSQL, ${LISTINGS.toLocaleString('en-US')} listings`,
        { DATA_DIR: dataDir, DATABASE_URL: url },
        data,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}

async function main(): Promise<void> {
  if (flags['hello-world']) return helloWorld();
  console.info(
    `Load benchmark: ${LISTINGS.toLocaleString('en-US')} listings, ${CONNECTIONS} connections for ${DURATION_S} s per target`,
  );
  if (!flags['no-pglite']) await benchPglite();
  if (POSTGRES_URL) await benchPostgres(POSTGRES_URL);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
