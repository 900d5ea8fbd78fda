/**
 * Auctions: the bid increments, the proxy bidding rules, reserve and buy-now, soft close and the
 * terms a seller may set. One engine, used by the server to apply each bid under the auction's row
 * lock, by the listing page to say what the next bid must be, and by the docs page that publishes
 * the increment table. Amounts here are in cents (integers); the contract speaks dollars.
 */

import { ListingType } from './listing.ts';
import { formatPrice } from './listing-card.ts';
import { toCents } from './membership.ts';

/** Bid increments: from a current price of `fromCents` up, the next bid must be at least this much more. */
export const BID_INCREMENTS: readonly { readonly fromCents: number; readonly incrementCents: number }[] = [
  { fromCents: 0, incrementCents: 25 },
  { fromCents: 10_00, incrementCents: 1_00 },
  { fromCents: 50_00, incrementCents: 2_00 },
  { fromCents: 100_00, incrementCents: 5_00 },
  { fromCents: 1_000_00, incrementCents: 25_00 },
];

/** How many days an auction may run. */
export const AUCTION_DURATION_DAYS = [1, 3, 5, 7, 10] as const;
export type AuctionDurationDays = (typeof AUCTION_DURATION_DAYS)[number];

/** A bid this close to the end moves the end to this long after the bid (the site may change it). */
export const SOFT_CLOSE_DEFAULT_MINUTES = 2;
/** Most times one auction's end moves, so every auction ends. */
export const SOFT_CLOSE_MAX_EXTENSIONS = 30;
/** A buy-now price is at least this share over the starting bid. */
export const BUY_NOW_MIN_OVER_START = 0.1;
/** Days the winner has to check out, from the auction's end. */
export const AUCTION_PAYMENT_DAYS = 5;
/** Latest scheduled start, in days from now. */
export const AUCTION_SCHEDULE_MAX_DAYS = 30;

export const AUCTION_MESSAGES = {
  duration: 'An auction runs 1, 3, 5, 7 or 10 days.',
  quantity: 'An auction is for one item: set the quantity to 1.',
  noOffers: 'Auctions take bids, not offers: turn offers off.',
  notForCart: 'This is an auction: bid on it from its page.',
  paymentClosed: `The ${AUCTION_PAYMENT_DAYS} days to check out this auction have passed.`,
  alreadyPaid: 'This auction has already been checked out.',
  notAuction: 'This listing is not an auction.',
  reserveBelowStart: 'The reserve must be at least the starting bid.',
  buyNowBelowReserve: 'The buy-now price must be at least the reserve.',
  buyNowBelowStart: (minimum: string) =>
    `The buy-now price must be at least 10% over the starting bid (${minimum} or more).`,
  startInPast: 'A scheduled start must be in the future.',
  startTooLate: `A scheduled start must be within ${AUCTION_SCHEDULE_MAX_DAYS} days.`,
  termsOnlyForAuctions: 'Starting bid, reserve and buy-now apply to auctions only.',
  bidTooLow: (minimum: string) => `Your maximum bid must be at least ${minimum}.`,
  notAboveOwnMax: (current: string) =>
    `Your maximum bid is already ${current}: enter a higher maximum to raise it.`,
  ownItem: 'You cannot bid on your own auction.',
  frozen: 'Your account is frozen: you cannot bid until it is settled.',
  notStarted: 'This auction has not started yet.',
  ended: 'This auction has ended.',
  buyNowGone: 'Buy now is no longer available on this auction.',
  lockedTerms: 'This auction has bids: its prices and duration can no longer change.',
  endWithBids: 'An auction with bids cannot be ended early.',
  alreadyEnded: 'This auction has already ended.',
  secondChanceNotSold: 'Only a sold auction whose winner did not check out can go to the next bidder.',
  secondChanceNotYours: 'Only the seller can offer this auction to the next bidder.',
  secondChanceUsed: 'This auction was already offered to the next bidder.',
  secondChanceNoBidder: 'No other bidder can be offered this auction.',
  secondChanceTooSoon: (until: string) => `The winner has until ${until} to check out.`,
  noConversion: 'A listing cannot change to or from an auction once listed: list the item anew.',
} as const;

/** The increment that applies at a current price of `priceCents`. */
export function bidIncrementCents(priceCents: number): number {
  let increment = BID_INCREMENTS[0]!.incrementCents;
  for (const band of BID_INCREMENTS) {
    if (priceCents >= band.fromCents) increment = band.incrementCents;
  }
  return increment;
}

/** Where an auction's bidding stands. The leader's maximum is private to the leader and the server. */
export interface AuctionBidState {
  startingBidCents: number;
  /** Hidden from shoppers, who see only whether it is met. */
  reserveCents: number | null;
  /** The current price: the starting bid until the first bid. */
  priceCents: number;
  /** Rows of the public bid history so far. */
  bidCount: number;
  leader: { bidderId: string; maxCents: number } | null;
}

/** A row of the public bid history: a bidder's bid, or an automatic (proxy) bid made for them. */
export interface BidHistoryRow {
  bidderId: string;
  amountCents: number;
  automatic: boolean;
}

export type BidResult =
  | { accepted: false; reason: 'too_low'; minimumCents: number }
  | { accepted: false; reason: 'not_above_own_max'; currentMaxCents: number }
  | {
      accepted: true;
      /** The bidder leads after the bid (a new leader, or the leader who raised their maximum). */
      leading: boolean;
      state: AuctionBidState;
      /** New rows of the public history, oldest first (none when a leader only raised their maximum). */
      rows: BidHistoryRow[];
      /** The bidder who led before and no longer does (to be told they were outbid). */
      outbidBidderId: string | null;
    };

/** The least maximum a bid may state now: the starting bid, then the price plus its increment. */
export function minimumBidCents(state: AuctionBidState): number {
  return state.leader === null
    ? state.startingBidCents
    : state.priceCents + bidIncrementCents(state.priceCents);
}

/** Whether the reserve is met: there is none, or the leading maximum reaches it. */
export function reserveMet(state: AuctionBidState): boolean {
  return (
    state.reserveCents === null || (state.leader !== null && state.leader.maxCents >= state.reserveCents)
  );
}

/** Buy now stays available until the first bid, or while the reserve is not met. */
export function buyNowAvailable(state: AuctionBidState, buyNowCents: number | null): boolean {
  if (buyNowCents === null) return false;
  return state.leader === null || (state.reserveCents !== null && !reserveMet(state));
}

/** The price once the reserve is met: at least the reserve (never above the leading maximum). */
function withReserve(priceCents: number, leaderMaxCents: number, reserveCents: number | null): number {
  if (reserveCents === null || leaderMaxCents < reserveCents) return priceCents;
  return Math.max(priceCents, reserveCents);
}

/**
 * Applies one bid: `maxCents` is the most the bidder will pay; the system bids for them one
 * increment above the next-highest maximum, up to their maximum.
 * - The first bid leads at the starting bid.
 * - A higher maximum than the leader's takes the lead at one increment over the leader's maximum
 *   (or its own maximum, if lower); the leader's proxy is recorded as having bid its maximum.
 * - A maximum up to the leader's leaves the lead where it is (ties go to the earlier maximum) and
 *   raises the price to one increment over it (at most the leader's maximum).
 * - The leader may raise their own maximum; the price stays, unless the new maximum meets the
 *   reserve.
 * - As soon as the leading maximum reaches the reserve, the price is at least the reserve.
 */
export function placeBid(state: AuctionBidState, bidderId: string, maxCents: number): BidResult {
  const { leader } = state;
  if (leader !== null && leader.bidderId === bidderId) {
    if (maxCents <= leader.maxCents) {
      return { accepted: false, reason: 'not_above_own_max', currentMaxCents: leader.maxCents };
    }
    const priceCents = withReserve(state.priceCents, maxCents, state.reserveCents);
    const rows =
      priceCents > state.priceCents ? [{ bidderId, amountCents: priceCents, automatic: false }] : [];
    return {
      accepted: true,
      leading: true,
      state: { ...state, priceCents, bidCount: state.bidCount + rows.length, leader: { bidderId, maxCents } },
      rows,
      outbidBidderId: null,
    };
  }
  const minimumCents = minimumBidCents(state);
  if (maxCents < minimumCents) return { accepted: false, reason: 'too_low', minimumCents };

  if (leader === null) {
    const priceCents = withReserve(state.startingBidCents, maxCents, state.reserveCents);
    return {
      accepted: true,
      leading: true,
      state: { ...state, priceCents, bidCount: state.bidCount + 1, leader: { bidderId, maxCents } },
      rows: [{ bidderId, amountCents: priceCents, automatic: false }],
      outbidBidderId: null,
    };
  }

  if (maxCents > leader.maxCents) {
    const beaten = Math.min(maxCents, leader.maxCents + bidIncrementCents(leader.maxCents));
    const priceCents = withReserve(beaten, maxCents, state.reserveCents);
    const rows: BidHistoryRow[] = [];
    // The old leader's proxy had bid up to its maximum before being beaten.
    if (leader.maxCents > state.priceCents) {
      rows.push({ bidderId: leader.bidderId, amountCents: leader.maxCents, automatic: true });
    }
    rows.push({ bidderId, amountCents: priceCents, automatic: false });
    return {
      accepted: true,
      leading: true,
      state: { ...state, priceCents, bidCount: state.bidCount + rows.length, leader: { bidderId, maxCents } },
      rows,
      outbidBidderId: leader.bidderId,
    };
  }

  // Not above the leader's maximum: the leader's proxy answers, up to its maximum.
  const answered = Math.min(leader.maxCents, maxCents + bidIncrementCents(maxCents));
  const priceCents = withReserve(answered, leader.maxCents, state.reserveCents);
  const rows: BidHistoryRow[] = [
    { bidderId, amountCents: maxCents, automatic: false },
    { bidderId: leader.bidderId, amountCents: priceCents, automatic: true },
  ];
  return {
    accepted: true,
    leading: false,
    state: { ...state, priceCents, bidCount: state.bidCount + rows.length },
    rows,
    outbidBidderId: null,
  };
}

/**
 * Soft close: a bid within `windowMs` of the end moves the end to `windowMs` after the bid, at most
 * `SOFT_CLOSE_MAX_EXTENSIONS` times.
 */
export function softClose(
  endsAt: Date,
  bidAt: Date,
  extensions: number,
  windowMs: number = SOFT_CLOSE_DEFAULT_MINUTES * 60_000,
): { endsAt: Date; extensions: number; extended: boolean } {
  const wanted = bidAt.getTime() + windowMs;
  if (extensions >= SOFT_CLOSE_MAX_EXTENSIONS || wanted <= endsAt.getTime()) {
    return { endsAt, extensions, extended: false };
  }
  return { endsAt: new Date(wanted), extensions: extensions + 1, extended: true };
}

/** The least buy-now price for a starting bid: 10% over it, rounded up to the cent. */
export function minimumBuyNowCents(startingBidCents: number): number {
  return Math.ceil(startingBidCents * (1 + BUY_NOW_MIN_OVER_START) - 1e-9);
}

/** A bidder as the public history shows them: first and last letter of their name ("b***r"). */
export function maskBidderName(name: string): string {
  const letters = [...name.trim()];
  if (letters.length === 0) return '***';
  if (letters.length === 1) return `${letters[0]}***`;
  return `${letters[0]}***${letters[letters.length - 1]}`;
}

/** What a seller sets beyond the price (the starting bid) for an auction, in dollars. */
export interface AuctionTermsInput {
  reservePrice?: number | undefined;
  buyNowPrice?: number | undefined;
  /** A scheduled start (ISO 8601); left out, the auction opens when listed. */
  startsAt?: string | undefined;
}

/** What the auction rules read of a listing: the listing form's fields, or an inventory row's. */
export interface AuctionListingFacts {
  listingType: number;
  price: number;
  quantity: number;
  durationDays: number;
  acceptsOffers: boolean;
  auction?: AuctionTermsInput | undefined;
}

/**
 * The auction rules of a listing, as [field path, message] pairs: a duration the auction offers,
 * one item, no offers, a reserve at least the starting bid, a buy-now price at least the reserve and
 * 10% over the starting bid, a scheduled start in the coming 30 days. Terms on a listing that is not
 * an auction are refused. `now` is the checking clock (the server's). The listing form, bulk
 * uploads, feeds and the seller API all check with this.
 */
export function auctionProblems(
  input: AuctionListingFacts,
  now: Date = new Date(),
): [readonly (string | number)[], string][] {
  const problems: [readonly (string | number)[], string][] = [];
  if (input.listingType !== ListingType.Auction) {
    if (input.auction !== undefined) problems.push([['auction'], AUCTION_MESSAGES.termsOnlyForAuctions]);
    return problems;
  }
  if (!(AUCTION_DURATION_DAYS as readonly number[]).includes(input.durationDays)) {
    problems.push([['durationDays'], AUCTION_MESSAGES.duration]);
  }
  if (input.quantity !== 1) problems.push([['quantity'], AUCTION_MESSAGES.quantity]);
  if (input.acceptsOffers) problems.push([['acceptsOffers'], AUCTION_MESSAGES.noOffers]);
  const start = toCents(input.price);
  const terms = input.auction ?? {};
  const reserve = terms.reservePrice === undefined ? null : toCents(terms.reservePrice);
  if (reserve !== null && reserve < start)
    problems.push([['auction', 'reservePrice'], AUCTION_MESSAGES.reserveBelowStart]);
  if (terms.buyNowPrice !== undefined) {
    const buyNow = toCents(terms.buyNowPrice);
    if (reserve !== null && buyNow < reserve) {
      problems.push([['auction', 'buyNowPrice'], AUCTION_MESSAGES.buyNowBelowReserve]);
    } else if (buyNow < minimumBuyNowCents(start)) {
      problems.push([
        ['auction', 'buyNowPrice'],
        AUCTION_MESSAGES.buyNowBelowStart(formatPrice(minimumBuyNowCents(start) / 100)),
      ]);
    }
  }
  if (terms.startsAt !== undefined) {
    const startsAt = Date.parse(terms.startsAt);
    if (startsAt <= now.getTime()) problems.push([['auction', 'startsAt'], AUCTION_MESSAGES.startInPast]);
    else if (startsAt > now.getTime() + AUCTION_SCHEDULE_MAX_DAYS * 86_400_000) {
      problems.push([['auction', 'startsAt'], AUCTION_MESSAGES.startTooLate]);
    }
  }
  return problems;
}
