import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  AuctionView,
  BidHistoryResponse,
  PlaceBidRequest,
  PlaceBidResponse,
} from '../../../shared/contract/auctions.ts';
import {
  AUCTION_MESSAGES,
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
import { isShipToRegion } from '../../../shared/domain/us-states.ts';
import { AccountOption } from '../../../shared/domain/user.ts';
import { complianceItemOf, loadCartListings } from '../../core/cart.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { auctionBidRequests, auctionBids, auctions, listings, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';

export interface AuctionsDeps {
  db: Database;
  /** The server's clock (tests move it on); left out, the system clock. */
  now?: () => Date;
  /** How long after a late bid the end moves to. */
  softCloseMinutes?: number;
}

const nowOf = (deps: AuctionsDeps) => deps.now?.() ?? new Date();
const softCloseMinutesOf = (deps: AuctionsDeps) => deps.softCloseMinutes ?? SOFT_CLOSE_DEFAULT_MINUTES;
const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;
const dollarsText = (cents: number) =>
  `$${toDollars(cents).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type AuctionRow = typeof auctions.$inferSelect;

/** The engine's view of a stored auction. */
function bidStateOf(row: AuctionRow): AuctionBidState {
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
function phaseOf(row: AuctionRow, listingActive: boolean, now: Date): AuctionView['phase'] {
  if (row.outcome !== null || !listingActive || now >= row.endsAt) return 'ended';
  return now < row.startsAt ? 'scheduled' : 'running';
}

async function loadAuction(db: Database | Transaction, listingId: string, lock: boolean) {
  const query = db
    .select({ auction: auctions, sellerId: listings.userId, listingActive: listings.isActive })
    .from(auctions)
    .innerJoin(listings, eq(listings.id, auctions.listingId))
    .where(eq(auctions.listingId, listingId));
  const [row] = lock ? await query.for('update', { of: auctions }) : await query;
  return row ?? null;
}

/** GET /auctions/{id}: the auction as the caller sees it, timed by the server's clock. */
export async function auctionView(
  deps: AuctionsDeps,
  auth: AuthContext | null,
  listingId: string,
): Promise<AuctionView> {
  const loaded = await loadAuction(deps.db, listingId, false);
  if (!loaded) throw notFound(AUCTION_MESSAGES.notAuction);
  const { auction: row, listingActive } = loaded;
  const now = nowOf(deps);
  const state = bidStateOf(row);
  const phase = phaseOf(row, listingActive, now);
  const met = reserveMet(state);
  // Past its end but not yet settled by the ending job: the outcome it will have.
  const outcome =
    row.outcome ?? (phase === 'ended' ? (state.leader !== null && met ? 'sold' : 'unsold') : null);
  const buyNowCents = row.buyNowPrice === null ? null : toCents(row.buyNowPrice);

  let myStanding: AuctionView['myStanding'] = null;
  if (auth) {
    const leads = state.leader?.bidderId === auth.userId;
    const [bid] = leads
      ? [{ id: '' }]
      : await deps.db
          .select({ id: auctionBids.id })
          .from(auctionBids)
          .where(and(eq(auctionBids.listingId, listingId), eq(auctionBids.bidderId, auth.userId)))
          .limit(1);
    if (bid) {
      myStanding =
        phase === 'ended' ? (leads && outcome === 'sold' ? 'won' : 'lost') : leads ? 'leading' : 'outbid';
    }
  }
  return {
    listingId,
    phase,
    outcome,
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
    myMaxBid: auth && state.leader?.bidderId === auth.userId ? toDollars(state.leader.maxCents) : null,
  };
}

/** Refuses a bidder the item may not be sold to: a frozen account, or a state rule of checkout. */
async function assertMayBid(tx: Transaction, bidderId: string, listingId: string): Promise<void> {
  const [bidder] = await tx
    .select({ accountOptions: users.accountOptions, state: users.state })
    .from(users)
    .where(eq(users.id, bidderId));
  if (!bidder) throw notFound();
  if (
    hasFlag(bidder.accountOptions, AccountOption.FrozenForNonPayment) ||
    hasFlag(bidder.accountOptions, AccountOption.FrozenForFraud)
  )
    throw forbidden(AUCTION_MESSAGES.frozen);
  const listing = (await loadCartListings(tx, [listingId])).get(listingId);
  if (!listing) throw notFound(AUCTION_MESSAGES.notAuction);
  // A firearm goes to a dealer in the bidder's state: the checkout rules for that state apply now.
  const item = complianceItemOf(listing);
  const result =
    bidder.state && isShipToRegion(bidder.state)
      ? checkItem(item, { state: bidder.state, toDealer: true })
      : checkItemAnywhere(item);
  if (!result.allowed) throw forbidden(result.message);
}

/**
 * POST /auctions/{id}/bids: applies a maximum bid. The auction's row is locked for the whole
 * transaction, so bids on one auction are applied one at a time in the order they take the lock;
 * a request whose idempotency key was already applied changes nothing and answers the standing.
 * The listing's price follows the auction's, and its end the soft close, in the same transaction.
 */
export async function bid(
  deps: AuctionsDeps,
  auth: AuthContext,
  listingId: string,
  body: PlaceBidRequest,
): Promise<PlaceBidResponse> {
  const now = nowOf(deps);
  const maxCents = toCents(body.maxBid);
  const applied = await deps.db.transaction(async (tx) => {
    const loaded = await loadAuction(tx, listingId, true);
    if (!loaded) throw notFound(AUCTION_MESSAGES.notAuction);
    const { auction: row, sellerId, listingActive } = loaded;
    // Read after the lock: a retry racing its first attempt sees that attempt once it committed.
    const [earlier] = await tx
      .select({ id: auctionBidRequests.id })
      .from(auctionBidRequests)
      .where(
        and(
          eq(auctionBidRequests.listingId, listingId),
          eq(auctionBidRequests.bidderId, auth.userId),
          eq(auctionBidRequests.idempotencyKey, body.idempotencyKey),
        ),
      );
    if (earlier) return false;
    if (sellerId === auth.userId) throw forbidden(AUCTION_MESSAGES.ownItem);
    const phase = phaseOf(row, listingActive, now);
    if (phase === 'ended') throw conflict(AUCTION_MESSAGES.ended);
    if (phase === 'scheduled') throw conflict(AUCTION_MESSAGES.notStarted);
    await assertMayBid(tx, auth.userId, listingId);

    const result = placeBid(bidStateOf(row), auth.userId, maxCents);
    if (!result.accepted) {
      const message =
        result.reason === 'too_low'
          ? AUCTION_MESSAGES.bidTooLow(dollarsText(result.minimumCents))
          : AUCTION_MESSAGES.notAboveOwnMax(dollarsText(result.currentMaxCents));
      throw badRequest(message, { maxBid: message });
    }
    const close = softClose(row.endsAt, now, row.extensions, softCloseMinutesOf(deps) * 60_000);
    await tx.insert(auctionBidRequests).values({
      listingId,
      bidderId: auth.userId,
      idempotencyKey: body.idempotencyKey,
      seq: row.requestsApplied + 1,
      maxBid: body.maxBid,
      createdAt: now,
    });
    if (result.rows.length > 0) {
      await tx.insert(auctionBids).values(
        result.rows.map((entry, index) => ({
          listingId,
          bidderId: entry.bidderId,
          seq: row.bidCount + index + 1,
          amount: toDollars(entry.amountCents),
          automatic: entry.automatic,
          createdAt: now,
        })),
      );
    }
    const { state } = result;
    await tx
      .update(auctions)
      .set({
        currentPrice: toDollars(state.priceCents),
        bidCount: state.bidCount,
        requestsApplied: row.requestsApplied + 1,
        highBidderId: state.leader?.bidderId ?? null,
        highMax: state.leader ? toDollars(state.leader.maxCents) : null,
        endsAt: close.endsAt,
        extensions: close.extensions,
        updatedAt: now,
      })
      .where(eq(auctions.listingId, listingId));
    // Searches, cards and kept answers read the listing: its price and end follow the auction's.
    if (state.priceCents !== toCents(row.currentPrice) || close.extended) {
      await tx
        .update(listings)
        .set({ price: toDollars(state.priceCents), listingEndDate: close.endsAt, updatedAt: now })
        .where(eq(listings.id, listingId));
    }
    return true;
  });
  return { applied, auction: await auctionView(deps, auth, listingId) };
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
