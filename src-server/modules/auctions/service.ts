import { and, count, desc, eq, sql } from 'drizzle-orm';
import type {
  AuctionSummary,
  AuctionsGetAllRequest,
  AuctionsGetAllResponse,
  AuctionView,
  BidHistoryResponse,
  PlaceBidRequest,
  PlaceBidResponse,
} from '../../../shared/contract/auctions.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/contract/common.ts';
import {
  AUCTION_MESSAGES,
  AUCTION_PAYMENT_DAYS,
  type AuctionBidState,
  bidIncrementCents,
  buyNowAvailable,
  maskBidderName,
  minimumBidCents,
  placeBid,
  reserveMet,
  SOFT_CLOSE_DEFAULT_MINUTES,
  softClose,
} from '../../../shared/domain/auctions.ts';
import { checkItem, checkItemAnywhere } from '../../../shared/domain/compliance.ts';
import { hasFlag } from '../../../shared/domain/flags.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { toCents } from '../../../shared/domain/membership.ts';
import { isShipToRegion } from '../../../shared/domain/us-states.ts';
import { AccountOption } from '../../../shared/domain/user.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import { complianceItemOf } from '../../core/cart.ts';
import { auctionSignalExpression } from '../../core/live-signals.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { auctionBidRequests, auctionBids, auctions, listings, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { type AuctionNoticeDeps, noticeOutbid } from './notify.ts';

export interface AuctionsDeps extends AuctionNoticeDeps {
  db: Database;
  /** The server's clock (tests move it on); left out, the system clock. */
  now?: () => Date;
  /** How long after a late bid the end moves to. */
  softCloseMinutes?: number;
}

export const nowOf = (deps: AuctionsDeps) => deps.now?.() ?? new Date();
export const softCloseMinutesOf = (deps: AuctionsDeps) => deps.softCloseMinutes ?? SOFT_CLOSE_DEFAULT_MINUTES;
export const toDollars = (cents: number) => cents / 100;
export const dollarsText = (cents: number) => formatPrice(toDollars(cents));

type AuctionRow = typeof auctions.$inferSelect;

/** The engine's view of a stored auction. */
export function bidStateOf(row: AuctionRow): AuctionBidState {
  return {
    startingBidCents: toCents(row.startingBid),
    reserveCents: row.reservePrice === null ? null : toCents(row.reservePrice),
    priceCents: toCents(row.currentPrice),
    bidCount: row.bidCount,
    leader:
      row.highBidderId !== null && row.highMax !== null
        ? { bidderId: row.highBidderId, maxCents: toCents(row.highMax) }
        : null,
  };
}

/** Ended by the clock, by its outcome, or because its listing was taken down. */
export function phaseOf(row: AuctionRow, listingActive: boolean, now: Date): AuctionView['phase'] {
  if (row.outcome !== null || !listingActive || now >= row.endsAt) return 'ended';
  return now < row.startsAt ? 'scheduled' : 'running';
}

export async function loadAuction(db: Database, listingId: string) {
  const query = db
    .select({ auction: auctions, sellerId: listings.userId, listingActive: listings.isActive })
    .from(auctions)
    .innerJoin(listings, eq(listings.id, auctions.listingId))
    .where(eq(auctions.listingId, listingId));
  const [row] = await query;
  return row ?? null;
}

/** GET /auctions/{id}: the auction as the caller sees it, timed by the server's clock. */
export async function auctionView(
  deps: AuctionsDeps,
  auth: AuthContext | null,
  listingId: string,
): Promise<AuctionView> {
  const loaded = await loadAuction(deps.db, listingId);
  if (!loaded) throw notFound(AUCTION_MESSAGES.notAuction);
  const { auction: row, listingActive } = loaded;
  const leads = auth !== null && row.highBidderId === auth.userId;
  const [bid] =
    auth === null || leads
      ? []
      : await deps.db
          .select({ id: auctionBids.id })
          .from(auctionBids)
          .where(and(eq(auctionBids.listingId, listingId), eq(auctionBids.bidderId, auth.userId)))
          .limit(1);
  return viewOf(deps, row, listingActive, auth, leads || bid !== undefined);
}

/**
 * The last moment the caller may check the auction out: its winner within AUCTION_PAYMENT_DAYS of
 * its end, or, once the seller offered it to the next bidder, that bidder within as many days of the
 * offer. Null for anyone else, and once it is paid for.
 */
function checkoutByOf(row: AuctionRow, auth: AuthContext | null): string | null {
  if (auth === null || row.outcome !== 'sold' || row.orderId !== null) return null;
  const offered = row.secondChanceBidderId !== null && row.secondChanceOfferedAt !== null;
  const buyerId = offered ? row.secondChanceBidderId : row.highBidderId;
  if (buyerId !== auth.userId) return null;
  const from = offered ? row.secondChanceOfferedAt! : row.endsAt;
  return new Date(from.getTime() + AUCTION_PAYMENT_DAYS * 86_400_000).toISOString();
}

/** The answer for an auction row as it stands; `hasBid`: the caller has bid on it. */
export function viewOf(
  deps: AuctionsDeps,
  row: AuctionRow,
  listingActive: boolean,
  auth: AuthContext | null,
  hasBid: boolean,
): AuctionView {
  const now = nowOf(deps);
  const state = bidStateOf(row);
  const phase = phaseOf(row, listingActive, now);
  const met = reserveMet(state);
  // Past its end but not yet settled by the ending job: the outcome it will have.
  const outcome =
    row.outcome ?? (phase === 'ended' ? (state.leader !== null && met ? 'sold' : 'unsold') : null);
  const buyNowCents = row.buyNowPrice === null ? null : toCents(row.buyNowPrice);
  const leads = auth !== null && state.leader?.bidderId === auth.userId;
  const myStanding: AuctionView['myStanding'] = !hasBid
    ? null
    : phase === 'ended'
      ? leads && outcome === 'sold'
        ? 'won'
        : 'lost'
      : leads
        ? 'leading'
        : 'outbid';
  return {
    listingId: row.listingId,
    phase,
    outcome,
    settled: row.outcome !== null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    serverNow: now.toISOString(),
    startingBid: row.startingBid,
    currentPrice: toDollars(state.priceCents),
    bidCount: row.bidCount,
    minimumBid: toDollars(minimumBidCents(state)),
    increment: toDollars(bidIncrementCents(state.priceCents)),
    hasReserve: state.reserveCents !== null,
    reserveMet: met,
    buyNowPrice:
      phase !== 'ended' && buyNowAvailable(state, buyNowCents) && buyNowCents !== null
        ? toDollars(buyNowCents)
        : null,
    softCloseMinutes: softCloseMinutesOf(deps),
    extensions: row.extensions,
    myStanding,
    myMaxBid: leads && state.leader && !row.boughtNow ? toDollars(state.leader.maxCents) : null,
    boughtNow: row.boughtNow,
    checkoutBy: checkoutByOf(row, auth),
    secondChanceOffer:
      auth !== null && row.secondChanceBidderId === auth.userId && row.orderId === null
        ? row.secondChancePrice
        : null,
  };
}

/**
 * The auction's row, locked, with what a bid is checked against in the same statement: the
 * listing's seller, state and compliance facts, the bidder's account, and whether a bid request
 * with `idempotencyKey` was already applied. That last is read with the statement's snapshot, from
 * before the lock was granted: a retry racing its first attempt can miss it, and is then stopped by
 * the key's unique index when it writes, or read again before a refusal (`bid` answers it as a retry).
 */
export async function lockForBid(
  tx: Transaction,
  listingId: string,
  bidderId: string,
  idempotencyKey?: string,
) {
  const [row] = await tx
    .select({
      auction: auctions,
      sellerId: listings.userId,
      listingActive: listings.isActive,
      familyId: listings.familyId,
      title: listings.title,
      caliber: listings.caliber,
      magazineCapacity: listings.magazineCapacity,
      excludedShipToStates: listings.excludedShipToStates,
      bidderOptions: users.accountOptions,
      bidderState: users.state,
      keyApplied:
        idempotencyKey === undefined
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from auction_bid_requests r
              where r.listing_id = ${listingId} and r.bidder_id = ${bidderId} and r.idempotency_key = ${idempotencyKey})`,
    })
    .from(auctions)
    .innerJoin(listings, eq(listings.id, auctions.listingId))
    .leftJoin(users, eq(users.id, bidderId))
    .where(eq(auctions.listingId, listingId))
    .for('update', { of: auctions });
  return row ?? null;
}

/** Whether the bidder's request with this key was applied (read with a snapshot of its own). */
async function keyApplied(
  tx: Transaction,
  listingId: string,
  bidderId: string,
  key: string,
): Promise<boolean> {
  const [earlier] = await tx
    .select({ id: auctionBidRequests.id })
    .from(auctionBidRequests)
    .where(
      and(
        eq(auctionBidRequests.listingId, listingId),
        eq(auctionBidRequests.bidderId, bidderId),
        eq(auctionBidRequests.idempotencyKey, key),
      ),
    );
  return earlier !== undefined;
}

/** Refuses a bidder the item may not be sold to: a frozen account, or a state rule of checkout. */
export function assertMayBid(locked: NonNullable<Awaited<ReturnType<typeof lockForBid>>>): void {
  const options = locked.bidderOptions ?? 0;
  if (hasFlag(options, AccountOption.FrozenForNonPayment) || hasFlag(options, AccountOption.FrozenForFraud)) {
    throw forbidden(AUCTION_MESSAGES.frozen);
  }
  // A firearm goes to a dealer in the bidder's state: the checkout rules for that state apply now.
  const item = complianceItemOf(locked);
  const result =
    locked.bidderState && isShipToRegion(locked.bidderState)
      ? checkItem(item, { state: locked.bidderState, toDealer: true })
      : checkItemAnywhere(item);
  if (!result.allowed) throw forbidden(result.message);
}

/**
 * POST /auctions/{id}/bids: applies a maximum bid. The auction's row is locked for the whole
 * transaction, so bids on one auction are applied one at a time in the order they take the lock;
 * a request whose idempotency key was already applied changes nothing and answers the standing.
 * The listing's price follows the auction's, and its end the soft close, in the same transaction.
 * Two statements hold the lock: the locking read (which also checks the key), and one statement
 * that writes the request, the history rows, the standing and the listing, and tells the auction's
 * watchers.
 */
export async function bid(
  deps: AuctionsDeps,
  auth: AuthContext,
  listingId: string,
  body: PlaceBidRequest,
): Promise<PlaceBidResponse> {
  const now = nowOf(deps);
  const maxCents = toCents(body.maxBid);
  const applied = await deps.db
    .transaction(async (tx) => {
      const locked = await lockForBid(tx, listingId, auth.userId, body.idempotencyKey);
      if (!locked) throw notFound(AUCTION_MESSAGES.notAuction);
      const { auction: row } = locked;
      if (locked.keyApplied) return null;
      if (locked.sellerId === auth.userId) throw forbidden(AUCTION_MESSAGES.ownItem);
      const phase = phaseOf(row, locked.listingActive, now);
      if (phase === 'ended') throw conflict(AUCTION_MESSAGES.ended);
      if (phase === 'scheduled') throw conflict(AUCTION_MESSAGES.notStarted);
      assertMayBid(locked);

      const result = placeBid(bidStateOf(row), auth.userId, maxCents);
      if (!result.accepted) {
        // The standing may be this request's own first attempt, committed while it waited for the
        // lock: read the key again, with a snapshot taken now, before refusing it.
        if (await keyApplied(tx, listingId, auth.userId, body.idempotencyKey)) return null;
        const message =
          result.reason === 'too_low'
            ? AUCTION_MESSAGES.bidTooLow(dollarsText(result.minimumCents))
            : AUCTION_MESSAGES.notAboveOwnMax(dollarsText(result.currentMaxCents));
        throw badRequest(message, { maxBid: message });
      }
      const close = softClose(row.endsAt, now, row.extensions, softCloseMinutesOf(deps) * 60_000);
      const { state } = result;
      const next: AuctionRow = {
        ...row,
        currentPrice: toDollars(state.priceCents),
        bidCount: state.bidCount,
        requestsApplied: row.requestsApplied + 1,
        highBidderId: state.leader?.bidderId ?? null,
        highMax: state.leader ? toDollars(state.leader.maxCents) : null,
        endsAt: close.endsAt,
        extensions: close.extensions,
        updatedAt: now,
      };
      const history =
        result.rows.length === 0
          ? sql``
          : sql`, history as (
            insert into auction_bids (listing_id, bidder_id, seq, amount, automatic, created_at)
            values ${sql.join(
              result.rows.map(
                (entry, index) =>
                  sql`(${listingId}, ${entry.bidderId}, ${row.bidCount + index + 1}, ${toDollars(entry.amountCents)}, ${entry.automatic}, ${now})`,
              ),
              sql`, `,
            )})`;
      // Searches, cards and kept answers read the listing: its price and end follow the auction's.
      await tx.execute(sql`
      with request as (
        insert into auction_bid_requests (listing_id, bidder_id, idempotency_key, seq, max_bid, created_at)
        values (${listingId}, ${auth.userId}, ${body.idempotencyKey}, ${next.requestsApplied}, ${body.maxBid}, ${now})
      )${history}, standing as (
        update auctions set
          current_price = ${next.currentPrice}, bid_count = ${next.bidCount},
          requests_applied = ${next.requestsApplied}, high_bidder_id = ${next.highBidderId},
          high_max = ${next.highMax}, ends_at = ${next.endsAt}, extensions = ${next.extensions},
          updated_at = ${now}
        where listing_id = ${listingId}
      ), listing as (
        update listings set price = ${next.currentPrice}, listing_end_date = ${next.endsAt}, updated_at = ${now}
        where id = ${listingId}
          and (price <> ${next.currentPrice} or listing_end_date is distinct from ${next.endsAt})
      )
      select ${auctionSignalExpression({ listingId, bidderId: auth.userId })}`);
      return { row: next, listingActive: locked.listingActive, outbid: result.outbidBidderId };
    })
    // A retry that raced its first attempt past the locking read: the key's index refused it.
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'auction_bid_requests_key_idx')) return null;
      throw error;
    });
  if (!applied) return { applied: false, auction: await auctionView(deps, auth, listingId) };
  // Not awaited: the bidder's answer does not wait for the other bidder's mail.
  if (applied.outbid) void noticeOutbid(deps, listingId, applied.outbid, applied.row.currentPrice);
  // The bidder has bid: built from the row just written, with no read after the commit.
  return { applied: true, auction: viewOf(deps, applied.row, applied.listingActive, auth, true) };
}

/** GET /auctions/{id}/bids: the public history, newest first; each bidder masked, the caller's own marked. */
export async function bidHistory(
  deps: AuctionsDeps,
  auth: AuthContext | null,
  listingId: string,
  request: { page?: number | undefined; pageSize?: number | undefined },
): Promise<BidHistoryResponse> {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 25;
  const [exists] = await deps.db
    .select({ bidCount: auctions.bidCount })
    .from(auctions)
    .where(eq(auctions.listingId, listingId));
  if (!exists) throw notFound(AUCTION_MESSAGES.notAuction);
  const rows = await deps.db
    .select({
      bidderId: auctionBids.bidderId,
      name: sql<string>`coalesce(${users.sellerDisplayName}, ${users.firstName})`,
      auctionsBidOn: sql<number>`(select count(distinct b.listing_id)::int from auction_bids b where b.bidder_id = ${auctionBids.bidderId})`,
      amount: auctionBids.amount,
      automatic: auctionBids.automatic,
      at: auctionBids.createdAt,
    })
    .from(auctionBids)
    .innerJoin(users, eq(users.id, auctionBids.bidderId))
    .where(eq(auctionBids.listingId, listingId))
    .orderBy(desc(auctionBids.seq))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    total: exists.bidCount,
    page,
    pageSize,
    results: rows.map((row) => ({
      bidder: `${maskBidderName(row.name)} (${row.auctionsBidOn})`,
      amount: row.amount,
      automatic: row.automatic,
      mine: auth?.userId === row.bidderId,
      at: row.at.toISOString(),
    })),
  };
}

/** Whether the seller may offer a sold auction to its next bidder, or already has. */
function secondChanceOf(row: AuctionRow, otherBidder: boolean, now: Date): AuctionSummary['secondChance'] {
  if (row.secondChanceBidderId !== null) return 'offered';
  const payBy = row.endsAt.getTime() + AUCTION_PAYMENT_DAYS * 86_400_000;
  return row.outcome === 'sold' && row.orderId === null && now.getTime() > payBy && otherBidder
    ? 'available'
    : null;
}

/**
 * POST /auctions/getall: as bidder, the auctions the caller bid on, each with their standing; as
 * seller, the caller's auctions with their reserve. A bidder's auctions to check out come first;
 * then running auctions, soonest end first, then ended ones, latest end first.
 */
export async function listAuctions(
  deps: AuctionsDeps,
  auth: AuthContext,
  request: AuctionsGetAllRequest,
): Promise<AuctionsGetAllResponse> {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
  const now = nowOf(deps);
  const mine =
    request.role === 'seller'
      ? eq(listings.userId, auth.userId)
      : sql`exists (select 1 from auction_bids b where b.listing_id = ${auctions.listingId} and b.bidder_id = ${auth.userId})`;
  const running = sql`(${auctions.outcome} is null and ${listings.isActive} and ${auctions.endsAt} > ${now})`;
  // A bidder's auctions to check out (won, or offered a second chance, not paid, in time) lead.
  const payFrom = new Date(now.getTime() - AUCTION_PAYMENT_DAYS * 86_400_000);
  const toCheckOut = sql`coalesce(${auctions.outcome} = 'sold' and ${auctions.orderId} is null and (
    (${auctions.secondChanceBidderId} is null and ${auctions.highBidderId} = ${auth.userId} and ${auctions.endsAt} > ${payFrom})
    or (${auctions.secondChanceBidderId} = ${auth.userId} and ${auctions.secondChanceOfferedAt} > ${payFrom})), false)`;
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({
        auction: auctions,
        title: listings.title,
        listingActive: listings.isActive,
        otherBidder: sql<boolean>`exists (select 1 from auction_bid_requests r
          where r.listing_id = ${auctions.listingId} and r.bidder_id is distinct from ${auctions.highBidderId})`,
      })
      .from(auctions)
      .innerJoin(listings, eq(listings.id, auctions.listingId))
      .where(mine)
      .orderBy(
        ...(request.role === 'bidder' ? [sql`${toCheckOut} desc`] : []),
        sql`${running} desc`,
        sql`case when ${running} then ${auctions.endsAt} end asc`,
        desc(auctions.endsAt),
        auctions.listingId,
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db
      .select({ total: count() })
      .from(auctions)
      .innerJoin(listings, eq(listings.id, auctions.listingId))
      .where(mine),
  ]);
  return {
    total: counted?.total ?? 0,
    page,
    pageSize,
    results: rows.map((row) => ({
      listing: {
        id: row.auction.listingId,
        title: row.title,
        url: listingPath(row.auction.listingId, row.title),
      },
      auction: viewOf(deps, row.auction, row.listingActive, auth, request.role === 'bidder'),
      reservePrice: request.role === 'seller' ? row.auction.reservePrice : null,
      secondChance: request.role === 'seller' ? secondChanceOf(row.auction, row.otherBidder, now) : null,
    })),
  };
}
