/**
 * Bids on one auction go through one writer per auction and server instance, which applies the bids
 * waiting for it several per transaction (src-server/modules/auctions/bids.ts). These tests check
 * that a batch answers each bid as it would have been answered alone, keeps idempotency keys inside
 * and across batches, refuses a bid without touching the others, and that a failed batch fails only
 * its own callers.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceBidRequest, PlaceBidResponse } from '../../shared/contract/auctions.ts';
import { alertSubject } from '../../shared/domain/alerts.ts';
import { AUCTION_MESSAGES, type AuctionBidState, placeBid } from '../../shared/domain/auctions.ts';
import { AccountOption } from '../../shared/domain/user.ts';
import type { Database } from '../../src-server/db/client.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { alerts, auctionBidRequests, auctionBids, auctions } from '../../src-server/db/schema.ts';
import type { AuthContext } from '../../src-server/http/auth-context.ts';
import { AppError } from '../../src-server/http/errors.ts';
import {
  AuctionBidWriter,
  BIDS_PER_BATCH,
  BIDS_WAITING_PER_AUCTION,
} from '../../src-server/modules/auctions/bids.ts';
import type { AuctionsDeps } from '../../src-server/modules/auctions/service.ts';
import { listAuction as listAuctionOn } from './support/auctions.ts';
import { type Account, account, createOrdersTestApp, type OrdersTestApp, post } from './support/orders.ts';

/** The server's clock, fixed: two auctions listed now end at the same time. */
const now = new Date('2026-12-01T12:00:00Z');

let t: OrdersTestApp;
let seller: Account;
let frozen: Account;
let californian: Account;
/** Bidders in Texas. */
let bidders: Account[];

beforeAll(async () => {
  t = await createOrdersTestApp(undefined, { clock: () => now });
  seller = await account(t.db, 'seller');
  frozen = await account(t.db, 'buyer', { state: 'TX', accountOptions: AccountOption.FrozenForNonPayment });
  californian = await account(t.db, 'buyer', { state: 'CA' });
  bidders = await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      account(t.db, 'buyer', { firstName: `Bidder${index}`, state: 'TX' }),
    ),
  );
}, 60_000);
afterAll(async () => {
  // The outbid e-mails of the app's own writer are sent after their batch's answers: let the last
  // ones land in the outbox before its folder goes.
  let files = -1;
  for (let waited = 0; waited < 5_000; waited += 200) {
    const count = (await readdir(t.outboxDir).catch(() => [])).length;
    if (count === files) break;
    files = count;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await t.close();
});

/** A $100-start auction of `seller` that cannot ship to California. */
const listAuction = (overrides: Parameters<typeof listAuctionOn>[2] = {}) =>
  listAuctionOn(t.app, seller, { excludedShipToStates: ['CA'], ...overrides });

const bidRaw = (id: string, who: Account, maxBid: number, idempotencyKey: string = randomUUID()) =>
  post(t.app, `/api/auctions/${id}/bids`, who, { maxBid, idempotencyKey });

const authOf = (who: Account): AuthContext => ({
  userId: who.id,
  claims: { unique_name: who.id } as AuthContext['claims'],
  roles: ['Buyer'],
  isSeller: false,
  isAdmin: false,
});

interface Gate {
  /** Resolves once a transaction reached its write statement. */
  reached: Promise<void>;
  release(): void;
}

function gate(): Gate & { arrive(): void; opened: Promise<void> } {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { reached, release, arrive, opened };
}

/** What the writer's transactions did: for each, how many write statements it sent. */
interface Hooked {
  db: Database;
  writes: number[];
}

/**
 * The test database, seen through a hook on each transaction's `execute` (the batch's write
 * statement): `onWrite(n)` runs before the write of the `n`th transaction (from 0) and may hold it
 * (the auction's row stays locked meanwhile) or fail it.
 */
function hooked(db: Database, onWrite: (transaction: number) => Promise<void> | void = () => {}): Hooked {
  const writes: number[] = [];
  const bound = <T extends object>(target: T, prop: string | symbol) => {
    const value: unknown = Reflect.get(target, prop, target);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop !== 'transaction') return bound(target, prop);
      return (work: (tx: unknown) => Promise<unknown>, config?: unknown) =>
        target.transaction((tx) => {
          const n = writes.length;
          writes.push(0);
          const wrapped = new Proxy(tx, {
            get(txTarget, txProp) {
              if (txProp !== 'execute') return bound(txTarget, txProp);
              return async (query: Parameters<typeof txTarget.execute>[0]) => {
                writes[n]! += 1;
                await onWrite(n);
                return txTarget.execute(query);
              };
            },
          });
          return work(wrapped);
        }, config as never);
    },
  });
  return { db: proxy, writes };
}

const depsOf = (db: Database): AuctionsDeps => ({
  db,
  mailer: { send: async () => {} },
  publicOrigin: 'http://localhost',
  log: { error: () => {} },
  now: () => now,
});

/** A bid's answer as a caller sees it: status and body (the listing's id left out, to compare auctions). */
type Answer = { status: number; body: unknown };

async function answerOf(promise: Promise<PlaceBidResponse>): Promise<Answer> {
  try {
    const { auction, applied } = await promise;
    const { listingId: _listingId, ...rest } = auction;
    return { status: 200, body: { applied, auction: rest } };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, body: { message: error.message, fields: error.fields } };
  }
}

/** The auction's applied requests and history, and its standing. */
async function stored(id: string) {
  const requests = await t.db
    .select({
      seq: auctionBidRequests.seq,
      bidderId: auctionBidRequests.bidderId,
      maxBid: auctionBidRequests.maxBid,
    })
    .from(auctionBidRequests)
    .where(eq(auctionBidRequests.listingId, id))
    .orderBy(asc(auctionBidRequests.seq));
  const history = await t.db
    .select({
      seq: auctionBids.seq,
      bidderId: auctionBids.bidderId,
      amount: auctionBids.amount,
      automatic: auctionBids.automatic,
    })
    .from(auctionBids)
    .where(eq(auctionBids.listingId, id))
    .orderBy(asc(auctionBids.seq));
  const [standing] = await t.db.select().from(auctions).where(eq(auctions.listingId, id));
  return { requests, history, standing: standing! };
}

/** How many transactions wrote the auction's applied requests (rows written together share their xmin). */
async function transactionsOf(id: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(distinct xmin::text)::int as n from auction_bid_requests where listing_id = ${id}`,
  );
  return row!.n;
}

/** Replays applied maximums one by one through the proxy engine, from a $100 start (with `reserve`). */
function replay(
  requests: ReadonlyArray<{ bidderId: string; maxBid: number }>,
  reserveCents: number | null = null,
) {
  let state: AuctionBidState = {
    startingBidCents: 100_00,
    reserveCents,
    priceCents: 100_00,
    bidCount: 0,
    leader: null,
  };
  const states: AuctionBidState[] = [];
  for (const request of requests) {
    const result = placeBid(state, request.bidderId, Math.round(request.maxBid * 100));
    expect(result.accepted).toBe(true);
    if (result.accepted) state = result.state;
    states.push(state);
  }
  return states;
}

describe('bids sent at once over HTTP', () => {
  it('answers each of 100 bids, applies them in a few transactions, each answer as the replay gives at its turn', async () => {
    const id = await listAuction();
    // Rising maximums, most above the largest increment over the one before; every fifth bidder
    // sends its bid twice with one key (a retry racing its first attempt).
    const sent = bidders.map((who, index) => ({ who, maxBid: 110 + index * 30, key: randomUUID() }));
    const copies = sent.flatMap((bid, index) => (index % 5 === 0 ? [bid, bid] : [bid]));
    const answers = await Promise.all(copies.map((bid) => bidRaw(id, bid.who, bid.maxBid, bid.key)));
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 200 && status !== 400)).toEqual(
      [],
    );

    const { requests, history, standing } = await stored(id);
    // Each key applied once at most; a key answered applied once is stored, and its copy answered as a retry.
    const appliedAnswers = answers.filter((res) => res.statusCode === 200 && res.json().applied === true);
    expect(appliedAnswers).toHaveLength(requests.length);
    expect(new Set(requests.map((row) => row.bidderId)).size).toBe(requests.length);
    for (const [index, bid] of sent.entries()) {
      if (index % 5 !== 0) continue;
      const mine = copies.flatMap((copy, at) => (copy === bid ? [answers[at]!] : []));
      const applied = mine.filter((res) => res.statusCode === 200 && res.json().applied === true).length;
      const retried = mine.filter((res) => res.statusCode === 200 && res.json().applied === false).length;
      expect(applied <= 1).toBe(true);
      if (applied === 1) expect(retried).toBe(1);
    }
    // Numbered without gaps; each applied bid in the history once as the bidder's own.
    expect(requests.map((row) => row.seq)).toEqual(requests.map((_, index) => index + 1));
    expect(history.map((row) => row.seq)).toEqual(history.map((_, index) => index + 1));
    expect(history.filter((row) => !row.automatic)).toHaveLength(requests.length);
    // The standing is the replay's, and each applied answer is the replay's state right after it.
    const states = replay(requests);
    const last = states.at(-1)!;
    expect(Math.round(standing.currentPrice * 100)).toBe(last.priceCents);
    expect(standing.bidCount).toBe(last.bidCount);
    expect(standing.highBidderId).toBe(last.leader?.bidderId);
    expect(standing.highBidderId).toBe(bidders.at(-1)!.id);
    const seqByBidder = new Map(requests.map((row) => [row.bidderId, row.seq]));
    for (const [at, res] of answers.entries()) {
      if (res.statusCode !== 200 || res.json().applied !== true) continue;
      const who = copies[at]!.who;
      const state = states[seqByBidder.get(who.id)! - 1]!;
      expect(res.json().auction).toMatchObject({
        currentPrice: state.priceCents / 100,
        bidCount: state.bidCount,
        myStanding: state.leader?.bidderId === who.id ? 'leading' : 'outbid',
      });
    }
    // Several bids per transaction: far fewer transactions than bids (two or three when run alone).
    expect(await transactionsOf(id)).toBeLessThanOrEqual(Math.ceil(requests.length / 5));

    // Retried afterwards, one by one: nothing applies again, the standing stays.
    for (const bid of sent.slice(-3)) {
      const res = await bidRaw(id, bid.who, bid.maxBid, bid.key);
      if (requests.some((row) => row.bidderId === bid.who.id)) {
        expect(res.statusCode).toBe(200);
        expect(res.json().applied).toBe(false);
      } else {
        // Refused in the crowd (no longer above the price by its turn), and refused again.
        expect(res.statusCode).toBe(400);
      }
    }
    expect((await stored(id)).requests).toHaveLength(requests.length);
  });
});

describe('one batch', () => {
  it('answers each bid as it would have been answered alone, refusals and retries included, in one transaction with one write', async () => {
    const [a, b, c] = bidders;
    const batched = await listAuction({ auction: { reservePrice: 300 } });
    const alone = await listAuction({ auction: { reservePrice: 300 } });
    const firstKey = randomUUID();
    const dupKey = randomUUID();
    // The bids of the second batch, in their order.
    const script: Array<{ who: Account; maxBid: number; key?: string }> = [
      { who: a!, maxBid: 150, key: firstKey }, // a retry of the first batch's bid
      { who: b!, maxBid: 120, key: dupKey }, // the leader's proxy answers: 125
      { who: b!, maxBid: 120, key: dupKey }, // a retry inside the batch
      { who: seller, maxBid: 500 }, // the own item
      { who: frozen, maxBid: 500 },
      { who: californian, maxBid: 500 }, // a state the item cannot go to
      { who: c!, maxBid: 110 }, // under the minimum ($130)
      { who: c!, maxBid: 400 }, // takes the lead; the reserve is met: $300
      { who: a!, maxBid: 350 }, // under the leader's maximum: its proxy answers, $355
      { who: c!, maxBid: 350 }, // not above the own maximum
      { who: c!, maxBid: 600 }, // raises the own maximum
      { who: b!, maxBid: 700 }, // takes the lead at $605
    ];
    const keys = script.map((bid) => bid.key ?? randomUUID());
    const body = (index: number): PlaceBidRequest => ({
      maxBid: script[index]!.maxBid,
      idempotencyKey: keys[index]!,
    });

    // Alone: each bid through a writer with nothing else waiting, one after the other.
    const single = new AuctionBidWriter(depsOf(t.db));
    await single.bid(authOf(a!), alone, { maxBid: 150, idempotencyKey: firstKey });
    const aloneAnswers: Answer[] = [];
    for (const [index, bid] of script.entries()) {
      aloneAnswers.push(await answerOf(single.bid(authOf(bid.who), alone, body(index))));
    }

    // Batched: the first bid's transaction is held at its write while the others queue behind it.
    const held = gate();
    const db = hooked(t.db, async (n) => {
      if (n !== 0) return;
      held.arrive();
      await held.opened;
    });
    const writer = new AuctionBidWriter(depsOf(db.db));
    const first = writer.bid(authOf(a!), batched, { maxBid: 150, idempotencyKey: firstKey });
    await held.reached;
    const queued = script.map((bid, index) => answerOf(writer.bid(authOf(bid.who), batched, body(index))));
    expect(writer.waiting(batched)).toBe(script.length);
    held.release();
    expect((await first).applied).toBe(true);
    const batchAnswers = await Promise.all(queued);

    expect(batchAnswers).toEqual(aloneAnswers);
    expect(batchAnswers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 403, 403, 403, 400, 200, 200, 400, 200, 200,
    ]);
    expect(batchAnswers.map((answer) => (answer.body as { applied?: boolean }).applied)).toEqual([
      false,
      true,
      false,
      undefined,
      undefined,
      undefined,
      undefined,
      true,
      true,
      undefined,
      true,
      true,
    ]);
    expect(batchAnswers[3]!.body).toMatchObject({ message: AUCTION_MESSAGES.ownItem });
    expect(batchAnswers[4]!.body).toMatchObject({ message: AUCTION_MESSAGES.frozen });
    expect((batchAnswers[5]!.body as { message: string }).message).toMatch(/California/);
    expect(batchAnswers[6]!.body).toMatchObject({
      fields: { maxBid: AUCTION_MESSAGES.bidTooLow('$130.00') },
    });
    expect(batchAnswers[9]!.body).toMatchObject({
      fields: { maxBid: AUCTION_MESSAGES.notAboveOwnMax('$400.00') },
    });
    expect(batchAnswers.at(-1)!.body).toMatchObject({
      auction: { currentPrice: 605, myStanding: 'leading', myMaxBid: 700, reserveMet: true },
    });

    // Two transactions, one write statement each; the same history and standing as one by one.
    expect(db.writes).toEqual([1, 1]);
    expect(await transactionsOf(batched)).toBe(2);
    const [one, other] = [await stored(batched), await stored(alone)];
    expect(one.history).toEqual(other.history);
    expect(one.requests).toEqual(other.requests);
    const standingOf = ({ listingId: _id, createdAt: _created, ...row }: typeof one.standing) => row;
    expect(standingOf(one.standing)).toEqual(standingOf(other.standing));
    expect(replay(one.requests, 300_00).at(-1)).toMatchObject({
      priceCents: 605_00,
      bidCount: one.history.length,
    });
  });

  it('fails only the callers of a batch whose transaction fails; the next batch applies', async () => {
    const [a, b, c, d] = bidders;
    const id = await listAuction();
    const held = gate();
    const db = hooked(t.db, async (n) => {
      if (n !== 0) return;
      held.arrive();
      await held.opened;
      throw new Error('the write failed');
    });
    const writer = new AuctionBidWriter(depsOf(db.db));
    const failing = [
      writer.bid(authOf(a!), id, { maxBid: 150, idempotencyKey: randomUUID() }),
      writer.bid(authOf(b!), id, { maxBid: 200, idempotencyKey: randomUUID() }),
    ].map((promise) =>
      promise.then(
        () => 'applied',
        (error: Error) => error.message,
      ),
    );
    await held.reached;
    const next = [
      writer.bid(authOf(c!), id, { maxBid: 150, idempotencyKey: randomUUID() }),
      writer.bid(authOf(d!), id, { maxBid: 200, idempotencyKey: randomUUID() }),
    ];
    held.release();
    // Both were taken in the first batch (they arrived before its transaction started).
    expect(await Promise.all(failing)).toEqual(['the write failed', 'the write failed']);
    const [third, fourth] = await Promise.all(next);
    expect(third).toMatchObject({ applied: true, auction: { currentPrice: 100, myStanding: 'leading' } });
    expect(fourth).toMatchObject({ applied: true, auction: { currentPrice: 155, myStanding: 'leading' } });
    const { requests, history } = await stored(id);
    expect(requests.map((row) => row.bidderId)).toEqual([c!.id, d!.id]);
    expect(history.map((row) => row.seq)).toEqual([1, 2, 3]);
    // And the writer goes on: a later bid starts a batch of its own.
    expect(await writer.bid(authOf(a!), id, { maxBid: 300, idempotencyKey: randomUUID() })).toMatchObject({
      applied: true,
      auction: { currentPrice: 205, myStanding: 'leading' },
    });
  });

  it(`answers 503 once ${BIDS_WAITING_PER_AUCTION} bids wait on one auction, and applies those that wait`, async () => {
    const [a, b] = bidders;
    const id = await listAuction();
    const held = gate();
    const db = hooked(t.db, async (n) => {
      if (n !== 0) return;
      held.arrive();
      await held.opened;
    });
    const writer = new AuctionBidWriter(depsOf(db.db));
    const first = writer.bid(authOf(a!), id, { maxBid: 10_000, idempotencyKey: randomUUID() });
    await held.reached;
    // Under the leader's $10,000: answered by its proxy, or refused as too low once the price passed it.
    const waiting = Array.from({ length: BIDS_WAITING_PER_AUCTION }, (_, index) =>
      answerOf(writer.bid(authOf(b!), id, { maxBid: 101 + index, idempotencyKey: randomUUID() })),
    );
    const refused = await answerOf(
      writer.bid(authOf(b!), id, { maxBid: 5_000, idempotencyKey: randomUUID() }),
    );
    expect(refused.status).toBe(503);
    held.release();
    await first;
    const answers = await Promise.all(waiting);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 400)).toBe(true);
    const { requests } = await stored(id);
    expect(requests).toHaveLength(1 + answers.filter((answer) => answer.status === 200).length);
    // One transaction for the first bid, then batches of at most BIDS_PER_BATCH.
    expect(db.writes.length).toBe(1 + Math.ceil(BIDS_WAITING_PER_AUCTION / BIDS_PER_BATCH));
  });
});

describe('outbid notices of a batch', () => {
  it('tells each bidder the batch outbid and left behind once, together, at the price it ended at', async () => {
    const [a, b, c] = bidders.slice(10);
    const id = await listAuction();
    const mail: string[] = [];
    const held = gate();
    const db = hooked(t.db, async (n) => {
      if (n !== 0) return;
      held.arrive();
      await held.opened;
    });
    const writer = new AuctionBidWriter({
      ...depsOf(db.db),
      mailer: { send: async (message) => void mail.push(message.subject) },
    });
    const first = writer.bid(authOf(a!), id, { maxBid: 150, idempotencyKey: randomUUID() });
    await held.reached;
    // b outbids a, c outbids b, a outbids c, b outbids a: a and c end behind, b leads at $405.
    const batch = [
      writer.bid(authOf(b!), id, { maxBid: 200, idempotencyKey: randomUUID() }),
      writer.bid(authOf(c!), id, { maxBid: 300, idempotencyKey: randomUUID() }),
      writer.bid(authOf(a!), id, { maxBid: 400, idempotencyKey: randomUUID() }),
      writer.bid(authOf(b!), id, { maxBid: 450, idempotencyKey: randomUUID() }),
    ];
    held.release();
    await first;
    expect((await Promise.all(batch)).map((answer) => answer.auction.myStanding)).toEqual([
      'leading',
      'leading',
      'leading',
      'leading',
    ]);
    const outbidAlerts = async () =>
      t.db
        .select({ userId: alerts.userId, message: alerts.message })
        .from(alerts)
        .where(eq(alerts.subject, alertSubject.auction(id)));
    for (let waited = 0; (await outbidAlerts()).length < 2 && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const told = await outbidAlerts();
    expect(told.map((row) => row.userId).sort()).toEqual([a!.id, c!.id].sort());
    expect(told.every((row) => row.message.endsWith('the price is now $405.00.'))).toBe(true);
    expect(mail).toHaveLength(2);
  });
});

describe('two server instances', () => {
  it('applies a bid once when its retry reaches the other instance while the first holds the auction', async () => {
    const [a, b, c] = bidders;
    const id = await listAuction();
    const held = gate();
    const one = new AuctionBidWriter(
      depsOf(
        hooked(t.db, async (n) => {
          if (n !== 0) return;
          held.arrive();
          await held.opened;
        }).db,
      ),
    );
    const two = new AuctionBidWriter(depsOf(t.db));
    const key = randomUUID();
    const first = one.bid(authOf(a!), id, { maxBid: 150, idempotencyKey: key });
    await held.reached;
    // The other instance's batch: the retry, and a bid of its own. It waits for the row lock
    // (PostgreSQL) or for the database (PGlite) until the first commits.
    const retry = two.bid(authOf(a!), id, { maxBid: 150, idempotencyKey: key });
    const own = two.bid(authOf(b!), id, { maxBid: 120, idempotencyKey: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 200));
    held.release();
    expect(await first).toMatchObject({ applied: true });
    expect(await retry).toMatchObject({ applied: false, auction: { myStanding: 'leading', myMaxBid: 150 } });
    expect(await own).toMatchObject({ applied: true, auction: { currentPrice: 125, myStanding: 'outbid' } });

    // Then both instances at once, each bid sent to both: every key applied once.
    const sent = [a, b, c].flatMap((who, round) =>
      Array.from({ length: 5 }, (_, index) => ({
        who: who!,
        body: { maxBid: 200 + round * 5 + index * 40, idempotencyKey: randomUUID() },
      })),
    );
    const answers = await Promise.all(
      sent.flatMap((bid) => [
        answerOf(one.bid(authOf(bid.who), id, bid.body)),
        answerOf(two.bid(authOf(bid.who), id, bid.body)),
      ]),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 400)).toBe(true);
    const { requests, history, standing } = await stored(id);
    const keys = await t.db
      .select({ key: auctionBidRequests.idempotencyKey })
      .from(auctionBidRequests)
      .where(eq(auctionBidRequests.listingId, id));
    expect(new Set(keys.map((row) => row.key)).size).toBe(keys.length);
    const applied = answers.filter(
      (answer) => (answer.body as { applied?: boolean }).applied === true,
    ).length;
    expect(requests).toHaveLength(2 + applied);
    expect(history.map((row) => row.seq)).toEqual(history.map((_, index) => index + 1));
    const last = replay(requests).at(-1)!;
    expect(Math.round(standing.currentPrice * 100)).toBe(last.priceCents);
    expect(standing.bidCount).toBe(last.bidCount);
    expect(standing.highBidderId).toBe(last.leader?.bidderId);
  });
});
