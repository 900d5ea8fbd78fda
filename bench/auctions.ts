/**
 * Auctions under contention, on PGlite and on PostgreSQL:
 * - `--bidders` accounts (200) bid on one auction over `--connections` connections (200) for
 *   `--duration` seconds (10) through the real server, each request a new maximum with its own
 *   idempotency key. Prints bids per second, latency (p50, p99) and the answers by status; then
 *   checks the auction: the history numbered without gaps, every accepted bid applied once, and
 *   the standing equal to replaying the applied maximums one by one in the order the auction
 *   applied them (shared/domain/auctions.ts).
 * - `--ending` auctions (10,000) whose ends fall in the same minute, ended by the ending job's
 *   function in one call: prints how long it took and checks each was ended once, with one alert.
 *
 * Usage: npm run bench:auctions [-- --bidders 200] [--connections 200] [--duration 10]
 *          [--ending 10000] [--postgres URL | --no-postgres] [--no-pglite]
 * PostgreSQL defaults to postgres://postgres@127.0.0.1:5432/test; the benchmark creates a database
 * of its own there and drops it afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { type AuctionBidState, placeBid } from '../shared/domain/auctions.ts';
import { CategoryFamilyId } from '../shared/domain/category.ts';
import { type DatabaseHandle, openDatabase } from '../src-server/db/client.ts';
import {
  alerts,
  auctionBidRequests,
  auctionBids,
  auctions,
  listings,
  users,
} from '../src-server/db/schema.ts';
import { endDueAuctions } from '../src-server/modules/auctions/index.ts';
import { tokenFor } from '../tests/api/support/catalog.ts';
import { withScratchPostgres } from './postgres-database.ts';
import { BENCH_JWT_SECRET, benchServerEnv, SERVER_ARGV, startProcess } from './server-process.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  '2xx': number;
  '4xx': number;
  '5xx': number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
// autocannon ships no types; only the fields used here are declared.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: (AutocannonRequest & { setupRequest: (request: AutocannonRequest) => AutocannonRequest })[];
}) => Promise<AutocannonResult>;

const { values: flags } = parseArgs({
  options: {
    bidders: { type: 'string', default: '200' },
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    ending: { type: 'string', default: '10000' },
    postgres: { type: 'string' },
    'no-postgres': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
  },
});
const BIDDERS = Number(flags.bidders);
const CONNECTIONS = Number(flags.connections);
const DURATION_S = Number(flags.duration);
const ENDING = Number(flags.ending);
const POSTGRES_URL = flags['no-postgres']
  ? null
  : (flags.postgres ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const STARTING_BID = 10;
const BATCH = 1000;

/** The seller, the bidders and one running auction (a $10 start, ending in a day). */
async function seedContest(db: DatabaseHandle['db']) {
  const [seller] = await db
    .insert(users)
    .values({
      email: 'auction-seller@example.com',
      firstName: 'Sam',
      lastName: 'Seller',
      roles: ['BasicSeller'],
    })
    .returning({ id: users.id });
  const bidders = await db
    .insert(users)
    .values(
      Array.from({ length: BIDDERS }, (_, index) => ({
        email: `bidder-${index}@example.com`,
        firstName: `Bidder${index}`,
        lastName: 'Bench',
        roles: ['Buyer'],
      })),
    )
    .returning({ id: users.id });
  const [listing] = await db
    .insert(listings)
    .values(auctionListing(seller!.id, 'Contested scope'))
    .returning({ id: listings.id });
  const now = new Date();
  await db.insert(auctions).values({
    listingId: listing!.id,
    startingBid: STARTING_BID,
    startsAt: now,
    endsAt: new Date(now.getTime() + 86_400_000),
    currentPrice: STARTING_BID,
  });
  return { sellerId: seller!.id, bidderIds: bidders.map((row) => row.id), listingId: listing!.id };
}

const auctionListing = (sellerId: string, title: string) => ({
  userId: sellerId,
  title,
  condition: 'Used' as const,
  price: STARTING_BID,
  quantity: 1,
  familyId: CategoryFamilyId.Optics,
  listingType: 1,
  zipCode: '75201',
});

/** `ENDING` auctions of one seller, their ends spread over the minute before now, none with a bid. */
async function seedEnding(db: DatabaseHandle['db'], sellerId: string): Promise<Date> {
  const now = new Date();
  for (let start = 0; start < ENDING; start += BATCH) {
    const size = Math.min(BATCH, ENDING - start);
    const created = await db
      .insert(listings)
      .values(
        Array.from({ length: size }, (_, index) => auctionListing(sellerId, `Ending lot ${start + index}`)),
      )
      .returning({ id: listings.id });
    await db.insert(auctions).values(
      created.map((row, index) => ({
        listingId: row.id,
        startingBid: STARTING_BID,
        startsAt: new Date(now.getTime() - 86_400_000),
        endsAt: new Date(now.getTime() - 60_000 + Math.floor(((start + index) * 60_000) / ENDING)),
        currentPrice: STARTING_BID,
      })),
    );
  }
  return now;
}

/** Replays the applied maximums in order and compares with the stored standing; answers what it found. */
async function checkContest(
  db: DatabaseHandle['db'],
  listingId: string,
  accepted: number,
): Promise<string[]> {
  const problems: string[] = [];
  const [stored] = await db.select().from(auctions).where(eq(auctions.listingId, listingId));
  const applied = await db
    .select({
      seq: auctionBidRequests.seq,
      bidderId: auctionBidRequests.bidderId,
      maxBid: auctionBidRequests.maxBid,
    })
    .from(auctionBidRequests)
    .where(eq(auctionBidRequests.listingId, listingId))
    .orderBy(asc(auctionBidRequests.seq));
  const history = await db
    .select({ seq: auctionBids.seq })
    .from(auctionBids)
    .where(eq(auctionBids.listingId, listingId))
    .orderBy(asc(auctionBids.seq));
  if (applied.length !== accepted)
    problems.push(`${accepted} bids answered 200 but ${applied.length} were applied`);
  if (applied.some((row, index) => row.seq !== index + 1))
    problems.push('applied bids are not numbered 1, 2, 3…');
  if (history.some((row, index) => row.seq !== index + 1))
    problems.push('the history is not numbered 1, 2, 3…');
  let state: AuctionBidState = {
    startingBidCents: STARTING_BID * 100,
    reserveCents: null,
    priceCents: STARTING_BID * 100,
    bidCount: 0,
    leader: null,
  };
  for (const row of applied) {
    const result = placeBid(state, row.bidderId, Math.round(row.maxBid * 100));
    if (!result.accepted) {
      problems.push(`applied bid ${row.seq} is refused on replay (${result.reason})`);
      continue;
    }
    state = result.state;
  }
  if (!stored) return [...problems, 'the auction is gone'];
  if (state.priceCents !== Math.round(stored.currentPrice * 100)) {
    problems.push(`price ${stored.currentPrice} stored, ${state.priceCents / 100} on replay`);
  }
  if (state.bidCount !== stored.bidCount || state.bidCount !== history.length) {
    problems.push(
      `bid count ${stored.bidCount} stored, ${history.length} in the history, ${state.bidCount} on replay`,
    );
  }
  if (state.leader?.bidderId !== stored.highBidderId) problems.push('the leader differs from the replay');
  return problems;
}

/**
 * The contest, then the ending, on the database `open` opens. The handle is closed while the server
 * runs: PGlite's folder is held by one process at a time.
 */
async function contest(title: string, serverEnv: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>) {
  const seeding = await open();
  const { bidderIds, listingId, sellerId } = await seedContest(seeding.db).finally(() => seeding.close());
  const tokens = await Promise.all(
    bidderIds.map(async (id) => `Bearer ${await tokenFor(id, ['Buyer'], BENCH_JWT_SECRET)}`),
  );
  const server = await startProcess(SERVER_ARGV, benchServerEnv(serverEnv));
  let result: AutocannonResult;
  try {
    let next = 0;
    result = await autocannon({
      url: server.origin,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [
        {
          method: 'POST',
          path: `/api/auctions/${listingId}/bids`,
          setupRequest: (request) => {
            const n = next++;
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: tokens[n % tokens.length]! },
              // Each a little higher than the one before: most beat the leader, some arrive too late.
              body: JSON.stringify({ maxBid: STARTING_BID + n * 2, idempotencyKey: `bench-bid-${n}` }),
            };
          },
        },
      ],
    });
  } finally {
    await server.stop();
  }
  const handle = await open();
  try {
    const problems = await checkContest(handle.db, listingId, result['2xx']);
    console.info(
      `\n${title}: ${BIDDERS} bidders on one auction, ${CONNECTIONS} connections for ${DURATION_S} s`,
    );
    console.info('| bids/s | p50 | p99 | max | 200 (applied) | 4xx (too low) | 5xx | errors (timeouts) |');
    console.info('|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.info(
      `| ${Math.round(result.requests.average).toLocaleString('en-US')} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.latency.max} ms | ${result['2xx']} | ${result['4xx']} | ${result['5xx']} | ${result.errors} (${result.timeouts}) |`,
    );
    console.info(
      problems.length === 0
        ? 'consistent: every applied bid numbered once, the history without gaps, the standing equal to the replay'
        : `INCONSISTENT: ${problems.join('; ')}`,
    );

    const now = await seedEnding(handle.db, sellerId);
    const started = performance.now();
    const ended = await endDueAuctions({ db: handle.db, now: () => now });
    const seconds = (performance.now() - started) / 1000;
    const [settled] = await handle.db
      .select({ n: count() })
      .from(auctions)
      .where(sql`${isNotNull(auctions.outcome)} and ${auctions.listingId} <> ${listingId}`);
    const [told] = await handle.db.select({ n: count() }).from(alerts).where(eq(alerts.userId, sellerId));
    console.info(
      `${title}: ${ENDING.toLocaleString('en-US')} auctions ending in the same minute, ended in ${seconds.toFixed(1)} s by one run of the job: ${ended.toLocaleString('en-US')} ended, ${settled?.n.toLocaleString('en-US')} with an outcome, ${told?.n.toLocaleString('en-US')} alerts to their seller`,
    );
  } finally {
    await handle.close();
  }
}

async function benchPglite(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-auctions-'));
  try {
    // The server's own layout: the database lives in DATA_DIR/pglite.
    const folder = path.join(dataDir, 'pglite');
    await contest('PGlite', { DATA_DIR: dataDir }, () => openDatabase({ kind: 'pglite', dataDir: folder }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(adminUrl: string): Promise<void> {
  await withScratchPostgres(adminUrl, 'auctions', async (url) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-auctions-pg-'));
    try {
      await contest('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }, () =>
        openDatabase({ kind: 'postgres', url }),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}

async function main(): Promise<void> {
  if (!flags['no-pglite']) await benchPglite();
  if (POSTGRES_URL) await benchPostgres(POSTGRES_URL);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
