import { eq } from 'drizzle-orm';
import {
  AUCTION_DURATION_DAYS,
  AUCTION_MESSAGES,
  type AuctionListingFacts,
  auctionProblems,
} from '../../../shared/domain/auctions.ts';
import { ListingType } from '../../../shared/domain/listing.ts';
import type { Transaction } from '../../db/client.ts';
import { auctionBidRequests, auctionBids, auctions } from '../../db/schema.ts';
import { type AppError, badRequest, conflict } from '../../http/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An auction's terms as stored, with whether bidding has begun. */
export interface StoredAuction {
  startingBid: number;
  reservePrice: number | null;
  buyNowPrice: number | null;
  currentPrice: number;
  startsAt: Date;
  endsAt: Date;
  bidCount: number;
}

/** The auction of a listing, its row locked, or null for a listing sold at a fixed price. */
export async function lockedAuctionOf(tx: Transaction, listingId: string): Promise<StoredAuction | null> {
  const [row] = await tx
    .select({
      startingBid: auctions.startingBid,
      reservePrice: auctions.reservePrice,
      buyNowPrice: auctions.buyNowPrice,
      currentPrice: auctions.currentPrice,
      startsAt: auctions.startsAt,
      endsAt: auctions.endsAt,
      bidCount: auctions.bidCount,
    })
    .from(auctions)
    .where(eq(auctions.listingId, listingId))
    .for('update');
  return row ?? null;
}

/** The first auction rule an input breaks, as the 400 the listing form shows by its field; or null. */
function auctionInputError(input: AuctionListingFacts, now: Date): AppError | null {
  const [problem] = auctionProblems(input, now);
  if (!problem) return null;
  const [path, message] = problem;
  return badRequest(message, { [path.join('.')]: message });
}

/** When a new auction opens and closes: its scheduled start (or now) plus its duration. */
export function auctionWindow(
  input: Pick<AuctionListingFacts, 'durationDays' | 'auction'>,
  now: Date,
): { startsAt: Date; endsAt: Date } {
  const startsAt = input.auction?.startsAt ? new Date(input.auction.startsAt) : now;
  return { startsAt, endsAt: new Date(startsAt.getTime() + input.durationDays * DAY_MS) };
}

/** A new auction: its listing, the listing's facts (the price is the starting bid) and its window. */
export interface NewAuction {
  listingId: string;
  input: AuctionListingFacts;
  window: { startsAt: Date; endsAt: Date };
}

/** Writes new auctions' rows beside their listings (same transaction), in one statement. */
export async function createAuctions(
  tx: Transaction,
  created: readonly NewAuction[],
  now: Date,
): Promise<void> {
  if (created.length === 0) return;
  await tx.insert(auctions).values(
    created.map(({ listingId, input, window }) => ({
      listingId,
      startingBid: input.price,
      reservePrice: input.auction?.reservePrice ?? null,
      buyNowPrice: input.auction?.buyNowPrice ?? null,
      startsAt: window.startsAt,
      endsAt: window.endsAt,
      currentPrice: input.price,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/** What an edit does to a listing's auction: the price the listing row keeps, or the rule it breaks. */
export type AuctionEdit = { price: number } | { refusal: AppError };

/**
 * An edit of a listing: an auction stays an auction and a fixed-price listing never becomes one
 * (list it anew); an auction's prices may change until its first bid, then not at all. Answers the
 * price the listing row keeps (the current bid once there are bids), or the refusal, having written
 * nothing. The listing form and inventory rows (bulk uploads, feeds, the seller API) edit so.
 */
export async function reviseAuction(
  tx: Transaction,
  listingId: string,
  previousType: number,
  input: AuctionListingFacts,
  now: Date,
): Promise<AuctionEdit> {
  const auction = await lockedAuctionOf(tx, listingId);
  if (!auction) {
    // A listing of type Auction from before auctions took bids keeps selling at its price.
    if (input.listingType === ListingType.Auction && previousType !== ListingType.Auction) {
      return { refusal: conflict(AUCTION_MESSAGES.noConversion) };
    }
    return { price: input.price };
  }
  if (input.listingType !== ListingType.Auction) return { refusal: conflict(AUCTION_MESSAGES.noConversion) };
  // Terms left out of an edit stay as they are.
  const terms = input.auction ?? {
    ...(auction.reservePrice === null ? {} : { reservePrice: auction.reservePrice }),
    ...(auction.buyNowPrice === null ? {} : { buyNowPrice: auction.buyNowPrice }),
  };
  const invalid = auctionInputError({ ...input, auction: terms }, now);
  if (invalid) return { refusal: invalid };
  const reserve = terms.reservePrice ?? null;
  const buyNow = terms.buyNowPrice ?? null;
  if (auction.bidCount > 0) {
    const same =
      input.price === auction.startingBid &&
      reserve === auction.reservePrice &&
      buyNow === auction.buyNowPrice;
    if (!same) return { refusal: conflict(AUCTION_MESSAGES.lockedTerms) };
    return { price: auction.currentPrice };
  }
  await tx
    .update(auctions)
    .set({
      startingBid: input.price,
      currentPrice: input.price,
      reservePrice: reserve,
      buyNowPrice: buyNow,
      updatedAt: now,
    })
    .where(eq(auctions.listingId, listingId));
  return { price: input.price };
}

/** `reviseAuction` for the listing form: a refusal is its answer (409, or 400 by the field). */
export async function applyAuctionEdit(
  tx: Transaction,
  listingId: string,
  previousType: number,
  input: AuctionListingFacts,
  now: Date,
): Promise<number> {
  const edit = await reviseAuction(tx, listingId, previousType, input, now);
  if ('refusal' in edit) throw edit.refusal;
  return edit.price;
}

/** Closing or deleting: a seller may end an auction early only while it has no bids. */
export async function assertAuctionMayEnd(
  tx: Transaction,
  listingId: string,
  byStaff: boolean,
): Promise<void> {
  const auction = await lockedAuctionOf(tx, listingId);
  if (auction && auction.bidCount > 0 && !byStaff) throw conflict(AUCTION_MESSAGES.endWithBids);
}

/**
 * Relisting an auction runs it again from its starting bid for as many days as it ran (the nearest
 * duration auctions offer), its earlier bids cleared. Answers the new end and price, or null for a
 * listing sold at a fixed price.
 */
export async function restartAuction(
  tx: Transaction,
  listingId: string,
  now: Date,
): Promise<{ endsAt: Date; price: number } | null> {
  const auction = await lockedAuctionOf(tx, listingId);
  if (!auction) return null;
  const ranDays = Math.round((auction.endsAt.getTime() - auction.startsAt.getTime()) / DAY_MS);
  const days = AUCTION_DURATION_DAYS.reduce((best, option) =>
    Math.abs(option - ranDays) < Math.abs(best - ranDays) ? option : best,
  );
  const endsAt = new Date(now.getTime() + days * DAY_MS);
  await tx.delete(auctionBids).where(eq(auctionBids.listingId, listingId));
  await tx.delete(auctionBidRequests).where(eq(auctionBidRequests.listingId, listingId));
  await tx
    .update(auctions)
    .set({
      startsAt: now,
      endsAt,
      extensions: 0,
      currentPrice: auction.startingBid,
      bidCount: 0,
      requestsApplied: 0,
      highBidderId: null,
      highMax: null,
      outcome: null,
      endedAt: null,
      updatedAt: now,
    })
    .where(eq(auctions.listingId, listingId));
  return { endsAt, price: auction.startingBid };
}
