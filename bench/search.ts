/**
 * Search latency at catalogue scale. Seeds N listings (default 100,000) with the demo seeder on
 * embedded PGlite and on PostgreSQL, then times five representative searches and suggestions
 * through the API (in-process `app.inject`: routing, parsing, access checks, the SQL and the
 * JSON answer, no sockets) beside the same SQL statement run directly on the database.
 *
 * The home page's lists (featured, new this week, local near a ZIP code and local anywhere) are
 * timed the same way after the searches. Last, the `mix` group: over a thousand distinct searches
 * and two hundred suggestion texts (`search-mix.ts`) on a server whose shared cache keeps nothing,
 * once each (`--runs N`: N passes), figures per scenario (`search-mix-bench.ts`).
 *
 * Usage: npm run bench:search [-- --listings 100000] [--runs 200] [--postgres URL | --no-postgres] [--no-pglite]
 *   [--only NAME] (only the scenarios whose name contains NAME; `npm run bench:home-lists` is `--only list`,
 *   `--only mix` the mix alone) [--baseline N]
 * --baseline N runs every scenario first on a catalogue of N listings, in a database of its own, and
 * ends with each scenario's API p95 at both sizes and their ratio (how cost grows with the catalogue).
 * The PostgreSQL URL (default postgres://postgres@127.0.0.1:5432/test) is an admin connection:
 * the benchmark creates its own database there and drops it afterwards. `--keep-database NAME` uses
 * the database NAME instead (and NAME_<baseline> for the baseline), creates and seeds it only when it
 * holds no listings, and keeps it: a million listings are seeded once for several runs.
 */
import { spawnSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EMPTY_GUID } from '../shared/contract/common.ts';
import {
  type ParsedSearchRequest,
  type SearchRequest,
  searchRequestSchema,
} from '../shared/contract/listing-search.ts';
import { CategoryFamilyId } from '../shared/domain/category.ts';
import { buildApp } from '../src-server/app.ts';
import type { AppConfig } from '../src-server/config.ts';
import { type Database, type DatabaseHandle, openDatabase, queryRows } from '../src-server/db/client.ts';
import {
  homeListStatements,
  type Origin,
  planSearch,
  querySearch,
  searchStatements,
  suggestionCandidates,
} from '../src-server/modules/listings/index.ts';
import { findZipCentroid } from '../src-server/modules/location/index.ts';
import { seedDemoData } from '../src-server/seed/seed.ts';
import { withAdminClient } from '../tests/api/support/test-database.ts';
import { withScratchPostgres } from './postgres-database.ts';
import { benchMix } from './search-mix-bench.ts';
import { collectGarbage, type Figures, figuresOf, percentile, tableHeader, tableRow } from './timing.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const LISTINGS = Number(option('--listings', '100000'));
const BASELINE = args.includes('--baseline') ? Number(option('--baseline', '100000')) : null;
const RUNS = Number(option('--runs', '200'));
const ONLY = option('--only', '');
const KEEP_DATABASE = option('--keep-database', '');
/** The mix runs once unless --runs asks for more passes (each pass is over a thousand searches). */
const MIX_PASSES = args.includes('--runs') ? RUNS : 1;
const MIX_ONLY = ONLY === 'mix';
const WARMUP = 20;
/**
 * A fast scenario keeps sampling past RUNS until its pairs have taken this long (up to MAX_RUNS):
 * a p95 of 200 runs rests on its 10 slowest samples, and a few milliseconds' request gives a
 * steadier tail from more of them at little cost.
 */
const MIN_SAMPLING_MS = 8_000;
const MAX_RUNS = 2_000;
const POSTGRES_URL = args.includes('--no-postgres')
  ? null
  : option('--postgres', process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

const config: AppConfig = {
  port: 0,
  host: '127.0.0.1',
  publicOrigin: 'http://bench.local',
  dataDir: path.join(tmpdir(), 'ironsight-bench'),
  databaseUrl: undefined,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-signing',
  webRoot: path.resolve('.no-web-root'),
  logLevel: 'silent',
  nodeEnv: 'production',
  // The benchmark seeds its own catalogue.
  demoData: false,
};

interface Scenario {
  name: string;
  /** Requests rotated through, so caches of one query do not flatter the figures. */
  requests: SearchRequest[];
}

async function scenarios(db: Database): Promise<Scenario[]> {
  const sellers = await queryRows<{ id: string }>(
    db,
    sql`select user_id as id from listings group by user_id order by count(*) desc limit 20`,
  );
  return [
    {
      name: 'keyword',
      requests: [
        'glock',
        'sig sauer',
        'ruger',
        '9mm',
        'remington 700',
        'vortex',
        'ar-15',
        'smith & wesson',
      ].map((keyword) => ({ keyword })),
    },
    {
      // Words that stand together in descriptions: most matches rank alike, below the titles'. A
      // second page: the shared cache keeps first pages.
      name: 'keyword in descriptions',
      requests: [
        'original box',
        'holster wear',
        'good condition',
        'licensed dealer',
        'comes with original box',
        'clean bore bright',
      ].map((keyword) => ({ keyword, page: 2 })),
    },
    {
      name: 'keyword + family',
      requests: [
        { keyword: 'smith wesson', familyIds: [CategoryFamilyId.Revolvers] },
        { keyword: 'glock', familyIds: [CategoryFamilyId.SemiAutoPistols] },
        { keyword: 'federal', familyIds: [CategoryFamilyId.Ammunition] },
        {
          keyword: 'mossberg',
          familyIds: [CategoryFamilyId.PumpActionShotguns, CategoryFamilyId.SemiAutoShotguns],
        },
      ],
    },
    {
      name: 'zip + distance',
      requests: ['75207', '77002', '85003', '60601', '98101', '37203'].map((zipCode) => ({
        zipCode,
        distance: 50,
        sort: 'distance' as const,
      })),
    },
    { name: 'seller', requests: sellers.map((seller) => ({ uid: seller.id })) },
    {
      name: 'new this week',
      requests: [
        { listingStartDate: 7, distributorId: EMPTY_GUID },
        { listingStartDate: 7 },
        { listingStartDate: 7, sort: 'newest' as const },
      ],
    },
  ];
}

const SUGGESTION_QUERIES = [
  'glo',
  'sig',
  'rem',
  '9mm',
  'vort',
  'smith',
  'p36',
  'ruger 10',
  'henr',
  'remingtn',
];

interface HomeList {
  name: string;
  /** API requests rotated through, each beside the statement it runs (the same position). */
  urls: string[];
  statements: SQL[];
}

const LOCAL_ZIPS = ['75207', '77002', '85003', '60601', '98101', '37203'];

async function homeLists(db: Database): Promise<HomeList[]> {
  const origin = async (zip: string): Promise<Origin> => {
    const found = await findZipCentroid(db, zip);
    if (!found) throw new Error(`no centroid for ${zip}`);
    return found;
  };
  // A ZIP code with no local listing within 50 miles: the list falls back to local listings anywhere.
  const [far] = await queryRows<{ zip: string }>(
    db,
    sql`select z.zip from zip_centroids z where z.state = 'AK' and not exists (
          select 1 from listings l where l.listing_type = 2
            and abs(l.latitude - z.latitude) < 2 and abs(l.longitude - z.longitude) < 4)
        order by z.zip limit 1`,
  );
  if (!far) throw new Error('no ZIP code far from every local listing');
  const near = await Promise.all(LOCAL_ZIPS.map(origin));
  return [
    {
      name: 'featured list',
      urls: ['/api/listings/featured'],
      statements: [homeListStatements.featured(12)],
    },
    {
      name: 'new list',
      urls: ['/api/listings/newthisweek'],
      statements: [homeListStatements.newThisWeek(12)],
    },
    {
      name: 'local list near',
      urls: LOCAL_ZIPS.map((zip) => `/api/listings/local?zipCode=${zip}`),
      statements: near.map((place) => homeListStatements.localNear(place, 50, 12)),
    },
    {
      name: 'local list far',
      urls: [`/api/listings/local?zipCode=${far.zip}`],
      statements: [homeListStatements.localAnywhere(12)],
    },
  ];
}

interface Timed extends Figures {
  /** Median of each rotated request, by its position in the rotation (API side). */
  medians: number[];
}

/**
 * Times the API and the direct SQL of one scenario in alternation (API, SQL, API, SQL…), so both
 * run under the same conditions: the same warm caches, the same garbage-collector state, the same
 * background noise. The heap is collected once before, so garbage left by seeding or by the
 * previous scenario is not charged to whichever side happens to run first.
 */
async function timePair(
  api: (index: number) => Promise<unknown>,
  direct: (index: number) => Promise<unknown>,
  rotation = 1,
): Promise<{ api: Timed; direct: Timed }> {
  for (let i = 0; i < WARMUP; i++) {
    await api(i);
    await direct(i);
  }
  collectGarbage();
  const samples = { api: [] as number[], direct: [] as number[] };
  const byRequest: number[][] = Array.from({ length: rotation }, () => []);
  const sampling = performance.now();
  for (let i = 0; i < RUNS || (i < MAX_RUNS && performance.now() - sampling < MIN_SAMPLING_MS); i++) {
    let start = performance.now();
    await api(i);
    const elapsed = performance.now() - start;
    samples.api.push(elapsed);
    byRequest[i % rotation]!.push(elapsed);
    start = performance.now();
    await direct(i);
    samples.direct.push(performance.now() - start);
  }
  const medians = byRequest.map((list) =>
    percentile(
      [...list].sort((a, b) => a - b),
      50,
    ),
  );
  return {
    api: { ...figuresOf(samples.api), medians },
    direct: { ...figuresOf(samples.direct), medians: [] },
  };
}

const row = tableRow;

/** Runs every scenario on `listings` listings; answers each scenario's API figures. */
async function bench(
  label: string,
  handle: DatabaseHandle,
  listings = LISTINGS,
): Promise<Map<string, Figures>> {
  const { db } = handle;
  const figures = new Map<string, Figures>();
  const [held] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from listings`);
  let vacuum = 0;
  if (held?.n) {
    console.info(`\n${label}: kept database with ${held.n.toLocaleString('en-US')} listings`);
  } else {
    const seedStart = performance.now();
    await seedDemoData(db, { seed: 1997, listings });
    const seconds = (performance.now() - seedStart) / 1000;
    console.info(
      `\n${label}: seeded ${listings.toLocaleString('en-US')} listings in ${seconds.toFixed(1)} s (load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')})`,
    );
    // A settled database: every table vacuumed and analysed now, so PostgreSQL's autovacuum does not
    // pick up the freshly loaded tables in the background while the figures are taken.
    const vacuumStart = performance.now();
    await db.execute(sql`vacuum analyze`);
    vacuum = (performance.now() - vacuumStart) / 1000;
  }
  // The server boots on the seeded database as `npm start` does (ZIP centroids, vacuum at ready).
  const bootStart = performance.now();
  // The mix alone needs only the server that keeps no shared answer; the other scenarios time the real one.
  const app: FastifyInstance = await buildApp(
    { ...config, sharedCache: !MIX_ONLY },
    { database: handle, ownsDatabase: false },
  );
  await app.ready();
  const boot = (performance.now() - bootStart) / 1000;
  try {
    console.info(`${label}: vacuum analyze ${vacuum.toFixed(1)} s, server ready in ${boot.toFixed(1)} s`);
    console.info(`${'API = app.inject (in-process HTTP), SQL = the same statement on the database; ms'}`);
    if (!MIX_ONLY) console.info(tableHeader());

    for (const scenario of (await scenarios(db)).filter((scenario) => scenario.name.includes(ONLY))) {
      const requests = scenario.requests;
      const parsed: ParsedSearchRequest[] = requests.map((request) => searchRequestSchema.parse(request));
      const plans = await Promise.all(parsed.map((request) => planSearch(db, request)));
      // The statements the API runs for each request (postings first where they may apply).
      const statements = parsed.map((request, index) => searchStatements(plans[index]!, request));
      // The answers are kept and read after timing: parsing them is the client's work, not the API's.
      const answers: string[] = [];
      const { api, direct } = await timePair(
        async (i) => {
          const res = await app.inject({
            method: 'POST',
            url: '/api/listings/search',
            payload: requests[i % requests.length] as object,
          });
          if (res.statusCode !== 200) throw new Error(`${scenario.name}: ${res.statusCode} ${res.body}`);
          answers[i % requests.length] = res.body;
        },
        (i) => querySearch(db, statements[i % statements.length]!),
        requests.length,
      );
      figures.set(scenario.name, api);
      const slowest = api.medians.indexOf(Math.max(...api.medians));
      const label = JSON.stringify(requests[slowest]).replace(/"/g, '').slice(0, 60);
      console.info(
        `${row(scenario.name, api, direct)}   slowest ${label}: ${api.medians[slowest]!.toFixed(1)} ms median, ${(JSON.parse(answers[slowest] ?? '{}').total ?? 0).toLocaleString('en-US')} matches`,
      );
    }

    if ('suggestions'.includes(ONLY)) {
      const { api, direct } = await timePair(
        async (i) => {
          const query = encodeURIComponent(SUGGESTION_QUERIES[i % SUGGESTION_QUERIES.length]!);
          const res = await app.inject({ method: 'GET', url: `/api/listings/suggestions?query=${query}` });
          if (res.statusCode !== 200) throw new Error(`suggestions: ${res.statusCode}`);
        },
        (i) => suggestionCandidates(db, SUGGESTION_QUERIES[i % SUGGESTION_QUERIES.length]!),
      );
      figures.set('suggestions', api);
      console.info(row('suggestions', api, direct));
    }

    for (const list of await homeLists(db)) {
      if (!list.name.includes(ONLY)) continue;
      const { api, direct } = await timePair(
        async (i) => {
          const res = await app.inject({ method: 'GET', url: list.urls[i % list.urls.length]! });
          if (res.statusCode !== 200) throw new Error(`${list.name}: ${res.statusCode} ${res.body}`);
        },
        (i) => queryRows(db, list.statements[i % list.statements.length]!),
        list.urls.length,
      );
      figures.set(list.name, api);
      console.info(row(list.name, api, direct));
    }

    if ('mix'.includes(ONLY)) {
      const uncached = MIX_ONLY
        ? app
        : await buildApp({ ...config, sharedCache: false }, { database: handle, ownsDatabase: false });
      try {
        await uncached.ready();
        const mix = await benchMix(uncached, db, { passes: MIX_PASSES, warmup: WARMUP });
        for (const [name, api] of mix) figures.set(`mix: ${name}`, api);
      } finally {
        if (uncached !== app) await uncached.close();
      }
    }
  } finally {
    await app.close();
  }
  return figures;
}

/** Each scenario's API p95 on the baseline catalogue and on the full one, and the ratio. */
function printGrowth(baseline: number, small: Map<string, Figures>, large: Map<string, Figures>): void {
  const sizes = [baseline, LISTINGS].map((n) => n.toLocaleString('en-US'));
  console.info(`\nAPI p95 at ${sizes[0]} and ${sizes[1]} listings (ms) and the ratio`);
  console.info(`${'scenario'.padEnd(34)} | ${sizes[0]!.padStart(9)} | ${sizes[1]!.padStart(9)} | ratio`);
  for (const [name, figures] of large) {
    const before = small.get(name);
    if (!before) continue;
    console.info(
      `${name.padEnd(34)} | ${before.p95.toFixed(1).padStart(9)} | ${figures.p95.toFixed(1).padStart(9)} | ${(figures.p95 / before.p95).toFixed(2)}×`,
    );
  }
}

/** A database of its own on the PostgreSQL server for one run, dropped afterwards. */
async function withPostgresDatabase<T>(
  run: (handle: DatabaseHandle, host: string) => Promise<T>,
  listings = LISTINGS,
): Promise<T> {
  const opened = async (url: string) => {
    const postgres = await openDatabase({ kind: 'postgres', url });
    try {
      return await run(postgres, new URL(url).host);
    } finally {
      await postgres.close();
    }
  };
  if (!KEEP_DATABASE) return withScratchPostgres(POSTGRES_URL!, 'bench', opened);
  const name = listings === LISTINGS ? KEEP_DATABASE : `${KEEP_DATABASE}_${listings}`;
  await withAdminClient(POSTGRES_URL!, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(POSTGRES_URL!);
  url.pathname = `/${name}`;
  return opened(url.toString());
}

/**
 * Both halves asked for: each runs in a process of its own, so the PostgreSQL figures are not
 * taken in a heap still holding the PGlite half's WebAssembly memory and seeding garbage.
 */
function runHalvesApart(): number {
  for (const skip of ['--no-postgres', '--no-pglite']) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, ...process.argv.slice(1), skip, '--half'],
      {
        stdio: 'inherit',
      },
    );
    if (child.status !== 0) return child.status ?? 1;
  }
  return 0;
}

async function main(): Promise<void> {
  if (!args.includes('--no-pglite') && POSTGRES_URL) {
    console.info(
      `Search benchmark: ${LISTINGS.toLocaleString('en-US')} listings, ${RUNS} timed runs or more per scenario (until ${MIN_SAMPLING_MS / 1000} s, at most ${MAX_RUNS}) after ${WARMUP} warm-up runs`,
    );
    process.exitCode = runHalvesApart();
    return;
  }
  if (!args.includes('--half')) {
    console.info(
      `Search benchmark: ${LISTINGS.toLocaleString('en-US')} listings, ${RUNS} timed runs or more per scenario (until ${MIN_SAMPLING_MS / 1000} s, at most ${MAX_RUNS}) after ${WARMUP} warm-up runs`,
    );
  }
  if (!args.includes('--no-pglite')) {
    const open = () => openDatabase({ kind: 'pglite' });
    const small = BASELINE
      ? await withHandle(open, (handle) => bench('PGlite (in memory)', handle, BASELINE))
      : null;
    const large = await withHandle(open, (handle) => bench('PGlite (in memory)', handle));
    if (small && BASELINE) printGrowth(BASELINE, small, large);
  }

  if (POSTGRES_URL) {
    const small = BASELINE
      ? await withPostgresDatabase(
          (handle, host) => bench(`PostgreSQL (${host})`, handle, BASELINE),
          BASELINE,
        )
      : null;
    const large = await withPostgresDatabase((handle, host) => bench(`PostgreSQL (${host})`, handle));
    if (small && BASELINE) printGrowth(BASELINE, small, large);
  }
}

async function withHandle<T>(
  open: () => Promise<DatabaseHandle>,
  run: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await open();
  try {
    return await run(handle);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
