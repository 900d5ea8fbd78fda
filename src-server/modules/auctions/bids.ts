/**
 * POST /auctions/{id}/bids through one writer per auction in this process (group commit).
 *
 * A bid joins its auction's queue. While a transaction of the auction's bids runs, bids that arrive
 * wait in the queue; the next transaction takes the waiting bids (up to BIDS_PER_BATCH), in the order
 * they arrived, takes the auction's row lock once and applies them one by one with the proxy engine
 * (shared/domain/auctions.ts), each with the checks and the answer it would have had alone. So a
 * contested auction costs one transaction per batch instead of one per bid, and holds one database
 * connection instead of one per waiting bidder.
 *
 * Several server instances stay correct: each instance has its own writer, and the row lock still
 * applies their batches one at a time. A batch's transaction holds the lock for three statements at
 * most:
 * 1. the locking read: the auction's row, the listing's facts, every bidder of the batch (account
 *    options and state) and which of the batch's idempotency keys were applied already;
 * 2. that read again, only when another transaction applied bids to the auction while this one
 *    waited for the lock (the read's snapshot is from before the lock was granted, so it could miss
 *    their keys; the second read's snapshot is from after);
 * 3. one write statement: the applied requests, the history rows, the standing, the listing's price
 *    and end, and one announcement to the auction's live channel (NOTIFY, heard once it commits).
 * Nobody is answered before the commit, and each bid is answered from the standing as the batch
 * left it at that bid, with no read after the commit. A failed transaction fails only its own
 * batch's callers, with its error; the next batch runs as usual. The bidders a batch outbid (and
 * left behind at its end) are told once it committed, together (notify.ts).
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PlaceBidRequest, PlaceBidResponse } from '../../../shared/contract/auctions.ts';
import {
  AUCTION_MESSAGES,
  type BidHistoryRow,
  placeBid,
  softClose,
} from '../../../shared/domain/auctions.ts';
import { toCents } from '../../../shared/domain/membership.ts';
import { complianceItemOf } from '../../core/cart.ts';
import { auctionSignalExpression } from '../../core/live-signals.ts';
import type { Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { auctions, listings } from '../../db/schema.ts';
import { inStatementScope, isDatabaseBusy } from '../../db/statement-queue.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import {
  type AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  serviceUnavailable,
} from '../../http/errors.ts';
import { noticeOutbid } from './notify.ts';
import {
  type AuctionsDeps,
  auctionWithListing,
  type BidderFacts,
  bidderRefusal,
  bidStateOf,
  dollarsText,
  nowOf,
  phaseOf,
  softCloseMinutesOf,
  toDollars,
  viewOf,
} from './service.ts';

/** Bids that may wait on one auction in this process; one more is answered 503 with Retry-After. */
export const BIDS_WAITING_PER_AUCTION = 1_000;
/**
 * Most bids one transaction applies. The batch's live-channel announcement names its bidders, and a
 * NOTIFY payload must stay under 8,000 bytes: 100 bidders take about 4,000.
 */
export const BIDS_PER_BATCH = 100;
/** A batch refused by the key's unique index (a key applied that the reads missed) runs again, this often. */
const KEY_RACE_ATTEMPTS = 3;

/**
 * A batch whose transaction the database refuses at once (its queue full, or the work ahead too long,
 * db/statement-queue.ts) asks again after BUSY_RETRY_MS, doubling up to BUSY_RETRY_MAX_MS, for at
 * most BUSY_WAIT_MS; then its bids are answered with the refusal (503 with Retry-After).
 */
const BUSY_RETRY_MS = 5;
const BUSY_RETRY_MAX_MS = 100;
const BUSY_WAIT_MS = 5_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const BUSY_MESSAGE = 'Too many bids are waiting on this auction. Please try again in a moment.';

type AuctionRow = typeof auctions.$inferSelect;

/** A bid waiting for its auction's writer, with its caller's answer to settle. */
interface PendingBid {
  auth: AuthContext;
  maxBid: number;
  maxCents: number;
  key: string;
  /** When it arrived, by the server's clock: its phase and soft close are reckoned from it, as alone. */
  at: Date;
  resolve: (answer: PlaceBidResponse) => void;
  reject: (error: unknown) => void;
}

/** What became of one bid of a batch. */
type BidOutcome =
  /** Applied: the auction as it stood right after it. */
  | { kind: 'applied'; row: AuctionRow }
  /** Its key was applied before (a retry): it changes nothing and answers the standing it met. */
  | { kind: 'retry'; row: AuctionRow }
  | { kind: 'refused'; error: AppError };

/** What a committed batch did: each bid's outcome, and what to tell afterwards. */
interface BatchResult {
  outcomes: BidOutcome[];
  listingActive: boolean;
  /** Bidders who lost the lead in the batch and do not lead at its end, with the price at its end. */
  outbid: string[];
  price: number;
}

/** One auction's queue: the bids waiting while its writer runs (present only while it runs). */
type AuctionQueue = PendingBid[];

const keyOf = (bidderId: string, key: string) => `${bidderId} ${key}`;

/** A JSON column as both drivers answer it (parsed by node-postgres and PGlite; text, to be safe). */
const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export class AuctionBidWriter {
  readonly #deps: AuctionsDeps;
  readonly #queues = new Map<string, AuctionQueue>();

  constructor(deps: AuctionsDeps) {
    this.#deps = deps;
  }

  /** Bids waiting on the auction of `listingId` in this process now (not counting a batch being applied). */
  waiting(listingId: string): number {
    return this.#queues.get(listingId)?.length ?? 0;
  }

  /**
   * Applies a maximum bid, in its auction's next batch: answers once that batch has committed, with
   * exactly what the bid alone would have answered. A request whose idempotency key was already
   * applied (before, or earlier in its batch) changes nothing and answers the auction as it stands.
   */
  bid(auth: AuthContext, listingId: string, body: PlaceBidRequest): Promise<PlaceBidResponse> {
    return new Promise<PlaceBidResponse>((resolve, reject) => {
      const pending: PendingBid = {
        auth,
        maxBid: body.maxBid,
        maxCents: toCents(body.maxBid),
        key: body.idempotencyKey,
        at: nowOf(this.#deps),
        resolve,
        reject,
      };
      const queue = this.#queues.get(listingId);
      if (queue) {
        if (queue.length >= BIDS_WAITING_PER_AUCTION) return reject(serviceUnavailable(BUSY_MESSAGE));
        queue.push(pending);
        return;
      }
      // Nothing runs for this auction: this bid starts its writer, which runs until the queue is empty.
      const started: AuctionQueue = [pending];
      this.#queues.set(listingId, started);
      void this.#drain(listingId, started);
    });
  }

  async #drain(listingId: string, queue: AuctionQueue): Promise<void> {
    try {
      while (queue.length > 0) await this.#runBatch(listingId, queue);
    } catch (error) {
      // Not expected (a batch settles its own callers): the bids still waiting are not left hanging.
      for (const pending of queue.splice(0)) pending.reject(error);
    } finally {
      this.#queues.delete(listingId);
    }
  }

  /** Applies the next batch of `queue` in one transaction and settles each of its callers. Never throws. */
  async #runBatch(listingId: string, queue: AuctionQueue): Promise<void> {
    // The batch is taken when its transaction starts, not before: bids that arrive while it waits for
    // a connection (or PGlite's turn) join it.
    const taken: { bids?: PendingBid[] } = {};
    const take = () => {
      taken.bids ??= queue.splice(0, BIDS_PER_BATCH);
      return taken.bids;
    };
    let result: BatchResult;
    const since = performance.now();
    for (let refusals = 0; ; refusals += 1) {
      try {
        result = await this.#applyBatch(listingId, take);
        break;
      } catch (error) {
        // The database refused the transaction before it started (its queue is full or too slow
        // now): the bids keep waiting here, in order, and the transaction asks again shortly. Only
        // past the bound of waiting bids, or after BUSY_WAIT_MS of refusals, is a bid answered 503.
        if (taken.bids === undefined && isDatabaseBusy(error) && performance.now() - since < BUSY_WAIT_MS) {
          await delay(Math.min(BUSY_RETRY_MAX_MS, BUSY_RETRY_MS * 2 ** refusals));
          continue;
        }
        for (const pending of take()) pending.reject(error);
        return;
      }
    }
    for (const [index, pending] of take().entries()) {
      const outcome = result.outcomes[index]!;
      if (outcome.kind === 'refused') {
        pending.reject(outcome.error);
        continue;
      }
      // Built from the row as the batch stood at this bid, as it would have stood had the bid come
      // alone: no read after the commit. A bidder whose key was applied has bid (its first applied
      // bid always adds a history row of its own).
      pending.resolve({
        applied: outcome.kind === 'applied',
        auction: viewOf(this.#deps, outcome.row, result.listingActive, pending.auth, true),
      });
    }
    // Not awaited: the bidders' answers do not wait for the other bidders' mail.
    if (result.outbid.length > 0) void noticeOutbid(this.#deps, listingId, result.outbid, result.price);
  }

  /** One transaction over the batch `take` gives; again when the key's unique index refused its write. */
  async #applyBatch(listingId: string, take: () => PendingBid[]): Promise<BatchResult> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        // A unit of statements of its own (PGlite's queue, db/statement-queue.ts): the batch takes its
        // turn behind the requests already waiting, not ahead of them as the next statement of the
        // request that started the writer would. Their bids join it meanwhile; ahead of them, on one
        // database thread, every batch would hold the single bid that had just arrived.
        return await inStatementScope(() =>
          this.#deps.db.transaction((tx) => this.#applyIn(tx, listingId, take())),
        );
      } catch (error) {
        if (attempt >= KEY_RACE_ATTEMPTS || !isUniqueViolation(error, 'auction_bid_requests_key_idx'))
          throw error;
      }
    }
  }

  async #applyIn(tx: Transaction, listingId: string, batch: readonly PendingBid[]): Promise<BatchResult> {
    let locked = await lockForBatch(tx, listingId, batch);
    if (!locked) throw notFound(AUCTION_MESSAGES.notAuction);
    // Another transaction applied bids while this one waited for the lock: the read's keys are from
    // before them. Read again, with a snapshot from now (the lock is held: no wait this time).
    if (locked.seenRequestsApplied !== locked.auction.requestsApplied) {
      locked = await lockForBatch(tx, listingId, batch);
      if (!locked) throw notFound(AUCTION_MESSAGES.notAuction);
    }
    const bidders = new Map(
      fromJson<Array<BidderFacts & { id: string }>>(locked.bidders).map((bidder) => [bidder.id, bidder]),
    );
    const appliedKeys = new Set(
      fromJson<Array<[string, string]>>(locked.keys).map(([bidderId, key]) => keyOf(bidderId, key)),
    );
    const item = complianceItemOf(locked);
    const windowMs = softCloseMinutesOf(this.#deps) * 60_000;

    let row = locked.auction;
    const outcomes: BidOutcome[] = [];
    const requests: SQL[] = [];
    const history: SQL[] = [];
    const outbid = new Set<string>();
    const bidderIds = new Set<string>();
    for (const pending of batch) {
      const bidderId = pending.auth.userId;
      const key = keyOf(bidderId, pending.key);
      if (appliedKeys.has(key)) {
        outcomes.push({ kind: 'retry', row });
        continue;
      }
      const refusal = refusalOf(
        locked.sellerId === bidderId,
        phaseOf(row, locked.listingActive, pending.at),
        () => bidderRefusal(item, bidders.get(bidderId) ?? { options: null, state: null }),
      );
      if (refusal) {
        outcomes.push({ kind: 'refused', error: refusal });
        continue;
      }
      const result = placeBid(bidStateOf(row), bidderId, pending.maxCents);
      if (!result.accepted) {
        const message =
          result.reason === 'too_low'
            ? AUCTION_MESSAGES.bidTooLow(dollarsText(result.minimumCents))
            : AUCTION_MESSAGES.notAboveOwnMax(dollarsText(result.currentMaxCents));
        outcomes.push({ kind: 'refused', error: badRequest(message, { maxBid: message }) });
        continue;
      }
      const close = softClose(row.endsAt, pending.at, row.extensions, windowMs);
      const { state } = result;
      history.push(...historyValues(listingId, row.bidCount, result.rows, pending.at));
      row = {
        ...row,
        currentPrice: toDollars(state.priceCents),
        bidCount: state.bidCount,
        requestsApplied: row.requestsApplied + 1,
        highBidderId: state.leader?.bidderId ?? null,
        highMax: state.leader ? toDollars(state.leader.maxCents) : null,
        endsAt: close.endsAt,
        extensions: close.extensions,
        updatedAt: pending.at,
      };
      requests.push(
        sql`(${listingId}, ${bidderId}, ${pending.key}, ${row.requestsApplied}, ${pending.maxBid}, ${pending.at})`,
      );
      appliedKeys.add(key);
      bidderIds.add(bidderId);
      if (result.outbidBidderId) outbid.add(result.outbidBidderId);
      outcomes.push({ kind: 'applied', row });
    }
    if (requests.length > 0) await writeBatch(tx, listingId, row, requests, history, [...bidderIds]);
    outbid.delete(row.highBidderId ?? '');
    return { outcomes, listingActive: locked.listingActive, outbid: [...outbid], price: row.currentPrice };
  }
}

/** Why a bid is refused before the engine sees it, or null: the own item, the phase, the bidder. */
function refusalOf(
  ownItem: boolean,
  phase: ReturnType<typeof phaseOf>,
  bidder: () => AppError | null,
): AppError | null {
  if (ownItem) return forbidden(AUCTION_MESSAGES.ownItem);
  if (phase === 'ended') return conflict(AUCTION_MESSAGES.ended);
  if (phase === 'scheduled') return conflict(AUCTION_MESSAGES.notStarted);
  return bidder();
}

/**
 * The auction's row, locked, with what the batch's bids are checked against, in one statement: the
 * listing's seller, state and compliance facts; every bidder's account options and state; which of
 * the batch's keys were applied; and the auction's applied requests as the statement's snapshot saw
 * them (`seenRequestsApplied`), which differs from the locked row's when another transaction applied
 * bids while this one waited for the lock.
 */
async function lockForBatch(tx: Transaction, listingId: string, batch: readonly PendingBid[]) {
  const list = (values: Iterable<string>) =>
    sql.join(
      [...new Set(values)].map((value) => sql`${value}`),
      sql`, `,
    );
  const bidderIds = list(batch.map((pending) => pending.auth.userId));
  const keys = list(batch.map((pending) => pending.key));
  const [row] = await tx
    .select({
      ...auctionWithListing,
      seenRequestsApplied: sql<number>`(select s.requests_applied from auctions s where s.listing_id = ${listingId})`,
      bidders: sql<unknown>`(select coalesce(json_agg(json_build_object('id', u.id, 'options', u.account_options, 'state', u.state)), '[]'::json)
        from users u where u.id in (${bidderIds}))`,
      keys: sql<unknown>`(select coalesce(json_agg(json_build_array(r.bidder_id, r.idempotency_key)), '[]'::json)
        from auction_bid_requests r
        where r.listing_id = ${listingId} and r.bidder_id in (${bidderIds}) and r.idempotency_key in (${keys}))`,
    })
    .from(auctions)
    .innerJoin(listings, eq(listings.id, auctions.listingId))
    .where(eq(auctions.listingId, listingId))
    .for('update', { of: auctions });
  return row ?? null;
}

/** The history rows of one bid, numbered after the `bidCount` rows before them. */
const historyValues = (listingId: string, bidCount: number, rows: readonly BidHistoryRow[], at: Date) =>
  rows.map(
    (entry, index) =>
      sql`(${listingId}, ${entry.bidderId}, ${bidCount + index + 1}, ${toDollars(entry.amountCents)}, ${entry.automatic}, ${at})`,
  );

/**
 * One statement writes what a batch applied: its requests (numbered in the order applied), its
 * history rows, the standing it left, the listing's price and end (searches, cards and kept answers
 * read those), and one announcement to the auction's live channel naming the batch's bidders.
 */
async function writeBatch(
  tx: Transaction,
  listingId: string,
  row: AuctionRow,
  requests: readonly SQL[],
  history: readonly SQL[],
  bidderIds: string[],
): Promise<void> {
  const historyInsert =
    history.length === 0
      ? sql``
      : sql`, history as (
        insert into auction_bids (listing_id, bidder_id, seq, amount, automatic, created_at)
        values ${sql.join([...history], sql`, `)})`;
  await tx.execute(sql`
    with request as (
      insert into auction_bid_requests (listing_id, bidder_id, idempotency_key, seq, max_bid, created_at)
      values ${sql.join([...requests], sql`, `)}
    )${historyInsert}, standing as (
      update auctions set
        current_price = ${row.currentPrice}, bid_count = ${row.bidCount},
        requests_applied = ${row.requestsApplied}, high_bidder_id = ${row.highBidderId},
        high_max = ${row.highMax}, ends_at = ${row.endsAt}, extensions = ${row.extensions},
        updated_at = ${row.updatedAt}
      where listing_id = ${listingId}
    ), listing as (
      update listings set price = ${row.currentPrice}, listing_end_date = ${row.endsAt}, updated_at = ${row.updatedAt}
      where id = ${listingId}
        and (price <> ${row.currentPrice} or listing_end_date is distinct from ${row.endsAt})
    )
    select ${auctionSignalExpression({ listingId, bidderIds })}`);
}
