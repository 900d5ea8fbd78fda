import { and, count, desc, eq, sql } from 'drizzle-orm';
import type {
  AuctionSummary,
  AuctionsGetAllRequest,
  AuctionsGetAllResponse,
  AuctionView,
  BidHistoryResponse,
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
  reserveMet,
  SOFT_CLOSE_DEFAULT_MINUTES,
} from '../../../shared/domain/auctions.ts';
import { type ComplianceItem, checkItem, checkItemAnywhere } from '../../../shared/domain/compliance.ts';
import { hasFlag } from '../../../shared/domain/flags.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { toCents } from '../../../shared/domain/membership.ts';
import { isShipToRegion } from '../../../shared/domain/us-states.ts';
import { AccountOption } from '../../../shared/domain/user.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import { complianceItemOf } from '../../core/cart.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { auctionBids, auctions, listings, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { type AppError, forbidden, notFound } from '../../http/errors.ts';
import type { AuctionNoticeDeps } from './notify.ts';

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
 * What a locked auction is read with, by buy now here and by the bids' writer (bids.ts): its row and
 * the listing's seller, state and compliance facts.
 */
export const auctionWithListing = {
  auction: auctions,
  sellerId: listings.userId,
  listingActive: listings.isActive,
  familyId: listings.familyId,
  title: listings.title,
  caliber: listings.caliber,
  magazineCapacity: listings.magazineCapacity,
  excludedShipToStates: listings.excludedShipToStates,
};

/**
 * The auction's row, locked, with what buy now (and the staff's actions) check against in the same
 * statement: the listing's seller, state and compliance facts, and the caller's account. Bids take
 * the same lock through the auction's writer (bids.ts), which reads every bidder of its batch at once.
 */
export async function lockForBid(tx: Transaction, listingId: string, bidderId: string) {
  const [row] = await tx
    .select({
      ...auctionWithListing,
      bidderOptions: users.accountOptions,
      bidderState: users.state,
    })
    .from(auctions)
    .innerJoin(listings, eq(listings.id, auctions.listingId))
    .leftJoin(users, eq(users.id, bidderId))
    .where(eq(auctions.listingId, listingId))
    .for('update', { of: auctions });
  return row ?? null;
}

/** What a bidder is checked on: their account's options and state (null: no such account). */
export interface BidderFacts {
  options: number | null;
  state: string | null;
}

/**
 * Why a bidder may not be sold the item, or null: a frozen account, or a state rule of checkout (a
 * firearm goes to a dealer in the bidder's state, so the checkout rules for that state apply now).
 */
export function bidderRefusal(item: ComplianceItem, bidder: BidderFacts): AppError | null {
  const options = bidder.options ?? 0;
  if (hasFlag(options, AccountOption.FrozenForNonPayment) || hasFlag(options, AccountOption.FrozenForFraud)) {
    return forbidden(AUCTION_MESSAGES.frozen);
  }
  const result =
    bidder.state && isShipToRegion(bidder.state)
      ? checkItem(item, { state: bidder.state, toDealer: true })
      : checkItemAnywhere(item);
  return result.allowed ? null : forbidden(result.message);
}

/** Refuses a bidder the item may not be sold to: a frozen account, or a state rule of checkout. */
export function assertMayBid(locked: NonNullable<Awaited<ReturnType<typeof lockForBid>>>): void {
  const refusal = bidderRefusal(complianceItemOf(locked), {
    options: locked.bidderOptions,
    state: locked.bidderState,
  });
  if (refusal) throw refusal;
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
