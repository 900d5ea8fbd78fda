/**
 * Auctions under contention, on PGlite and on PostgreSQL:
 * - `--bidders` accounts (200) bid on one auction through the real server for `--duration` seconds
 *   (10), each bidding again `--think` seconds (1, on average) after its answer (0: at once), each
 *   bid a new maximum with its own idempotency key, after a 3 s warm-up of the same bidders on
 *   another auction (connections open, the server's code compiled). Prints bids per second, latency (p50, p95,
 *   p99) and the answers by status; then checks the auction: every bid answered 200 applied once,
 *   the history numbered without gaps, and the standing equal to replaying the applied maximums
 *   one by one in the order the auction applied them (shared/domain/auctions.ts); prints how many
 *   transactions applied them (the auction's writer applies the bids waiting for it together).
 * - `--watchers` visitors (20) follow the contested auction's live channel meanwhile: prints how
 *   long after each bid's answer every watcher saw a bid count at least that bid's (p50, p95, p99).
 * - `--ending` auctions (10,000) whose ends fall in the same minute, ended by the ending job's
 *   function in one call: prints how long it took and checks each was ended once, with one alert.
 *
 * Usage: npm run bench:auctions [-- --bidders 200] [--think 1] [--duration 10]
 *          [--ending 10000] [--watchers 20] [--postgres URL | --no-postgres] [--no-pglite]
 *          [--by-second] (latency of the bids sent in each second of the contest)
 * PostgreSQL defaults to postgres://postgres@127.0.0.1:5432/test; the benchmark creates a database
 * of its own there and drops it afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { auctionLiveEventSchema, placeBidResponseSchema } from '../shared/contract/auctions.ts';
import { type AuctionBidState, placeBid } from '../shared/domain/auctions.ts';
import { CategoryFamilyId } from '../shared/domain/category.ts';
import { parseEventStream } from '../shared/live/follow-events.ts';
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

const { values: flags } = parseArgs({
  options: {
    bidders: { type: 'string', default: '200' },
    think: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    ending: { type: 'string', default: '10000' },
    watchers: { type: 'string', default: '20' },
    'by-second': { type: 'boolean', default: false },
    postgres: { type: 'string' },
    'no-postgres': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
  },
});
const BIDDERS = Number(flags.bidders);
/** Seconds a bidder waits, on average, before bidding again. */
const THINK_MS = Number(flags.think) * 1000;
const DURATION_S = Number(flags.duration);
const ENDING = Number(flags.ending);
/** Visitors following the contested auction's live channel (one client address: at most 24 per server). */
const WATCHERS = Number(flags.watchers);
const POSTGRES_URL = flags['no-postgres']
  ? null
  : (flags.postgres ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const STARTING_BID = 10;
/** Seconds the bidders bid on another auction before the contest is measured. */
const WARM_UP_S = 3;
/** Each bid's maximum is this much over the one before: above the largest increment, so most lead. */
const BID_STEP = 30;
const BATCH = 1000;

/** The seller, the bidders and two running auctions, a warm-up and the contest ($10 starts, ending in a day). */
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
  const [listing, warmUp] = await db
    .insert(listings)
    .values([auctionListing(seller!.id, 'Contested scope'), auctionListing(seller!.id, 'Warm-up scope')])
    .returning({ id: listings.id });
  const now = new Date();
  await db.insert(auctions).values(
    [listing!, warmUp!].map((row) => ({
      listingId: row.id,
      startingBid: STARTING_BID,
      startsAt: now,
      endsAt: new Date(now.getTime() + 86_400_000),
      currentPrice: STARTING_BID,
    })),
  );
  return {
    sellerId: seller!.id,
    bidderIds: bidders.map((row) => row.id),
    listingId: listing!.id,
    warmUpListingId: warmUp!.id,
  };
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
async function checkContest(db: DatabaseHandle['db'], listingId: string): Promise<string[]> {
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

interface BidOutcome {
  status: number;
  ms: number;
  key: string;
  /** When the answer arrived (performance.now()) and the bid count it gave, for a bid answered 200. */
  answeredAt: number;
  bidCount: number | null;
}

/** What one watcher of the auction's live channel saw: when each event arrived and its bid count. */
interface Watcher {
  seen: Array<{ at: number; bidCount: number }>;
  stop(): Promise<void>;
}

/** A visitor with the auction's page open: follows GET /auctions/{id}/live as the page does. */
async function watchAuction(origin: string, listingId: string): Promise<Watcher> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/auctions/${listingId}/live`, { signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`the live channel answered ${response.status}`);
  const seen: Watcher['seen'] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        const parsed = parseEventStream(buffer);
        buffer = parsed.rest;
        const at = performance.now();
        for (const raw of parsed.events) {
          const event = auctionLiveEventSchema.parse(raw);
          seen.push({ at, bidCount: event.auction.bidCount });
        }
      }
    } catch {
      // Stopped.
    }
  })();
  return {
    seen,
    stop: async () => {
      controller.abort();
      await reading;
    },
  };
}

/**
 * For each bid answered 200 and each watcher: how long after the answer the watcher saw a bid count
 * at least the one the answer gave (0 when the watcher saw it first); null when it never did.
 */
function liveDelays(outcomes: readonly BidOutcome[], watchers: readonly Watcher[]): Array<number | null> {
  const delays: Array<number | null> = [];
  for (const outcome of outcomes) {
    if (outcome.status !== 200 || outcome.bidCount === null) continue;
    for (const watcher of watchers) {
      const event = watcher.seen.find((candidate) => candidate.bidCount >= outcome.bidCount!);
      delays.push(event ? Math.max(0, event.at - outcome.answeredAt) : null);
    }
  }
  return delays;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/**
 * Every bidder bids, waits a think time (uniform, `THINK_MS` on average; 0: none), and bids
 * again, until the duration is over. Each bid states a new maximum, higher than any before it.
 */
async function bidFor(
  origin: string,
  listingId: string,
  tokens: readonly string[],
  seconds: number,
): Promise<BidOutcome[]> {
  const outcomes: BidOutcome[] = [];
  const until = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    tokens.map(async (token) => {
      // Bidders start spread over one think time, as people arrive.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * THINK_MS));
      while (performance.now() < until) {
        const n = next++;
        const key = `bench-bid-${listingId}-${n}`;
        const started = performance.now();
        const res = await fetch(`${origin}/api/auctions/${listingId}/bids`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify({ maxBid: STARTING_BID + n * BID_STEP, idempotencyKey: key }),
        });
        const answer =
          res.status === 200 ? placeBidResponseSchema.parse(await res.json()) : await res.arrayBuffer();
        const answeredAt = performance.now();
        outcomes.push({
          status: res.status,
          ms: answeredAt - started,
          key,
          answeredAt,
          bidCount: 'auction' in answer ? answer.auction.bidCount : null,
        });
        if (THINK_MS > 0)
          await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
      }
    }),
  );
  return outcomes;
}

/**
 * The contest, then the ending, on the database `open` opens. The handle is closed while the server
 * runs: PGlite's folder is held by one process at a time.
 */
async function contest(title: string, serverEnv: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>) {
  const seeding = await open();
  const { bidderIds, listingId, warmUpListingId, sellerId } = await seedContest(seeding.db).finally(() =>
    seeding.close(),
  );
  const tokens = await Promise.all(
    bidderIds.map(async (id) => `Bearer ${await tokenFor(id, ['Buyer'], BENCH_JWT_SECRET)}`),
  );
  const server = await startProcess(SERVER_ARGV, benchServerEnv(serverEnv));
  let outcomes: BidOutcome[];
  /** How long the contest's bids took, from the first sent to the last answered. */
  let seconds: number;
  const watchers: Watcher[] = [];
  try {
    // The same bidders on another auction first: connections open and the server's code warm.
    await bidFor(server.origin, warmUpListingId, tokens, WARM_UP_S);
    for (let i = 0; i < WATCHERS; i += 1) watchers.push(await watchAuction(server.origin, listingId));
    const started = performance.now();
    outcomes = await bidFor(server.origin, listingId, tokens, DURATION_S);
    // Not counting the wait below and the server's stop (PGlite's flush takes seconds).
    seconds = (performance.now() - started) / 1000;
    // The last bids' events are still on their way.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  } finally {
    await Promise.all(watchers.map((watcher) => watcher.stop()));
    await server.stop();
  }
  const handle = await open();
  try {
    const appliedKeys = new Set(
      (
        await handle.db
          .select({ key: auctionBidRequests.idempotencyKey })
          .from(auctionBidRequests)
          .where(eq(auctionBidRequests.listingId, listingId))
      ).map((row) => row.key),
    );
    const accepted = outcomes.filter((outcome) => outcome.status === 200);
    const problems = await checkContest(handle.db, listingId);
    const lost = accepted.filter((outcome) => !appliedKeys.has(outcome.key)).length;
    if (lost > 0) problems.push(`${lost} bids answered 200 are not applied`);
    if (appliedKeys.size !== accepted.length) {
      problems.push(`${accepted.length} bids answered 200 but ${appliedKeys.size} were applied`);
    }
    const byStatus = (low: number, high: number) =>
      outcomes.filter((outcome) => outcome.status >= low && outcome.status < high).length;
    const latencies = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    console.info(
      `\n${title}: ${BIDDERS} bidders on one auction for ${DURATION_S} s, each bidding again after ${THINK_MS > 0 ? `${THINK_MS / 1000} s on average` : 'no pause'}`,
    );
    console.info('| bids | bids/s | p50 | p95 | p99 | max | 200 (applied) | 4xx (too low) | 5xx |');
    console.info('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.info(
      `| ${outcomes.length} | ${Math.round(outcomes.length / seconds)} | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.95))} | ${ms(percentile(latencies, 0.99))} | ${ms(latencies.at(-1) ?? 0)} | ${byStatus(200, 300)} | ${byStatus(400, 500)} | ${byStatus(500, 600)} |`,
    );
    // Rows written by one transaction share its xmin: how many transactions applied the bids.
    const [written] = await handle.db
      .select({ transactions: sql<number>`count(distinct xmin::text)::int` })
      .from(auctionBidRequests)
      .where(eq(auctionBidRequests.listingId, listingId));
    const transactions = written?.transactions ?? 0;
    console.info(
      `applied in ${transactions} transactions (${transactions > 0 ? (appliedKeys.size / transactions).toFixed(1) : 0} bids each on average)`,
    );
    if (flags['by-second']) printBySecond(outcomes);
    const delays = liveDelays(outcomes, watchers);
    const missed = delays.filter((delay) => delay === null).length;
    const arrived = delays.filter((delay) => delay !== null).sort((a, b) => a - b);
    console.info(
      `live channel: ${WATCHERS} watchers, ${delays.length} (bid, watcher) pairs: seen after the bid's answer p50 ${ms(percentile(arrived, 0.5))}, p95 ${ms(percentile(arrived, 0.95))}, p99 ${ms(percentile(arrived, 0.99))}, max ${ms(arrived.at(-1) ?? 0)}; never seen: ${missed}`,
    );
    console.info(
      problems.length === 0
        ? 'consistent: every bid answered 200 applied once and numbered, the history without gaps, the standing equal to the replay'
        : `INCONSISTENT: ${problems.join('; ')}`,
    );

    const now = await seedEnding(handle.db, sellerId);
    const ending = performance.now();
    const ended = await endDueAuctions({ db: handle.db, now: () => now });
    const endingSeconds = (performance.now() - ending) / 1000;
    const [settled] = await handle.db
      .select({ n: count() })
      .from(auctions)
      .where(
        sql`${isNotNull(auctions.outcome)} and ${auctions.listingId} not in (${listingId}, ${warmUpListingId})`,
      );
    const [told] = await handle.db.select({ n: count() }).from(alerts).where(eq(alerts.userId, sellerId));
    console.info(
      `${title}: ${ENDING.toLocaleString('en-US')} auctions ending in the same minute, ended in ${endingSeconds.toFixed(1)} s by one run of the job: ${ended.toLocaleString('en-US')} ended, ${settled?.n.toLocaleString('en-US')} with an outcome, ${told?.n.toLocaleString('en-US')} alerts to their seller`,
    );
  } finally {
    await handle.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** `--by-second`: the bids sent in each second of the contest, their latency and their 5xx. */
function printBySecond(outcomes: readonly BidOutcome[]): void {
  const sentAt = (outcome: BidOutcome) => outcome.answeredAt - outcome.ms;
  const first = Math.min(...outcomes.map(sentAt));
  const bySecond = new Map<number, BidOutcome[]>();
  for (const outcome of outcomes) {
    const second = Math.floor((sentAt(outcome) - first) / 1000);
    bySecond.set(second, [...(bySecond.get(second) ?? []), outcome]);
  }
  console.info('| second | bids | p50 | p99 | 5xx |');
  console.info('|---:|---:|---:|---:|---:|');
  for (const [second, list] of [...bySecond].sort((a, b) => a[0] - b[0])) {
    const latencies = list.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const failed = list.filter((outcome) => outcome.status >= 500).length;
    console.info(
      `| ${second + 1} | ${list.length} | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.99))} | ${failed} |`,
    );
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
