/**
 * Auctions: an auction's standing as shoppers and its bidders see it, its public bid history, and
 * a bid (a maximum the system bids up to, one increment at a time; shared/domain/auctions.ts). A
 * listing of type Auction is created and edited through POST /listings/add with its `auction` terms.
 */
import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import {
  dateTimeSchema,
  idParamsSchema,
  MAX_PAGE_SIZE,
  moneySchema,
  optionalQueryNumber,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { idempotencyKeySchema } from './orders.ts';

export const AUCTION_PHASES = ['scheduled', 'running', 'ended'] as const;
export const AUCTION_OUTCOMES = ['sold', 'unsold', 'cancelled'] as const;
/** The caller's standing: leading or outbid while it runs, won or lost once it has ended. */
export const BIDDER_STANDINGS = ['leading', 'outbid', 'won', 'lost'] as const;

export const auctionViewSchema = z.object({
  listingId: uuidSchema,
  /** Scheduled: bids open at `startsAt`; running: bids taken until `endsAt`; ended. */
  phase: z.enum(AUCTION_PHASES),
  /** Once ended: sold (the reserve was met), unsold or cancelled by staff. */
  outcome: z.enum(AUCTION_OUTCOMES).nullable(),
  /**
   * Whether the outcome is recorded (by the ending job, buy now or a cancel). Past its end and
   * until the ending job has run, an auction reads ended with the outcome it will have, but is not
   * settled: its winner cannot check out yet, and its page keeps listening for the settlement.
   */
  settled: z.boolean(),
  startsAt: dateTimeSchema,
  /** The end, moved by late bids (soft close). */
  endsAt: dateTimeSchema,
  /** The server's clock when it answered: time left is `endsAt` minus this, not the visitor's clock. */
  serverNow: dateTimeSchema,
  startingBid: moneySchema,
  /** The current price: the starting bid until the first bid. */
  currentPrice: moneySchema,
  bidCount: z.int().nonnegative(),
  /** The least maximum a bid may state now. */
  minimumBid: moneySchema,
  /** The increment at the current price. */
  increment: moneySchema,
  hasReserve: z.boolean(),
  /** True when there is no reserve. */
  reserveMet: z.boolean(),
  /** Set while buy now is available: until the first bid, or while the reserve is not met. */
  buyNowPrice: moneySchema.nullable(),
  /** How long after a late bid the end moves to, and how often it has moved. */
  softCloseMinutes: z.int().positive(),
  extensions: z.int().nonnegative(),
  /** The caller's standing, or null for a visitor or someone who has not bid. */
  myStanding: z.enum(BIDDER_STANDINGS).nullable(),
  /** The caller's own maximum while they lead (private to them). */
  myMaxBid: moneySchema.nullable(),
  /** Ended by buy now: sold at the buy-now price to the shopper who used it. */
  boughtNow: z.boolean(),
  /**
   * For the buyer of a sold auction not yet checked out (its winner, or the next bidder offered a
   * second chance): the last moment to check out (through the cart); otherwise null.
   */
  checkoutBy: dateTimeSchema.nullable(),
  /**
   * For the next bidder offered the item after the winner did not pay: the price offered (their own
   * maximum bid), until they check out; otherwise null.
   */
  secondChanceOffer: moneySchema.nullable(),
});
export type AuctionView = z.infer<typeof auctionViewSchema>;

/**
 * One event of an auction's live channel (GET /auctions/{id}/live, server-sent events, each `data:`
 * line one JSON event): the auction as the watcher sees it, when the stream opens and after every
 * change (a bid, its end moved or reached, buy now, a cancel).
 */
export const auctionLiveEventSchema = z.object({ type: z.literal('auction'), auction: auctionViewSchema });
export type AuctionLiveEvent = z.infer<typeof auctionLiveEventSchema>;

/** The live channel's answer: a text/event-stream that stays open. */
export const auctionLiveStreamSchema = z.string();

export const placeBidRequestSchema = z.object({
  /** The most the bidder will pay; the system bids for them up to it. */
  maxBid: moneySchema.refine((amount) => amount > 0, { error: 'Enter your maximum bid.' }),
  /** The same key again (a retry) applies the bid once and answers the auction as it stands. */
  idempotencyKey: idempotencyKeySchema,
});
export type PlaceBidRequest = z.input<typeof placeBidRequestSchema>;

export const placeBidResponseSchema = z.object({
  auction: auctionViewSchema,
  /** Whether this request applied the bid (false: a retry of a bid already applied). */
  applied: z.boolean(),
});
export type PlaceBidResponse = z.infer<typeof placeBidResponseSchema>;

export const bidHistoryEntrySchema = z.object({
  /** The bidder masked ("b***r") with the number of auctions they have bid on. */
  bidder: z.string(),
  amount: moneySchema,
  /** A bid the system made for the bidder up to their maximum. */
  automatic: z.boolean(),
  /** The caller's own bid. */
  mine: z.boolean(),
  at: dateTimeSchema,
});
export type BidHistoryEntry = z.infer<typeof bidHistoryEntrySchema>;

export const bidHistoryRequestSchema = z.object({
  page: optionalQueryNumber(z.int().min(1).max(10_000)),
  pageSize: optionalQueryNumber(z.int().min(1).max(MAX_PAGE_SIZE)),
});
export const bidHistoryResponseSchema = pagedSchema(bidHistoryEntrySchema);
export type BidHistoryResponse = z.infer<typeof bidHistoryResponseSchema>;

/** An auction in the bidder's or the seller's list. */
export const auctionSummarySchema = z.object({
  listing: z.object({ id: uuidSchema, title: z.string(), url: z.string() }),
  auction: auctionViewSchema,
  /** The seller's own terms, in the seller's list only (null in a bidder's). */
  reservePrice: moneySchema.nullable(),
  /**
   * In the seller's list only: `available` once a sold auction's winner let the days to check out
   * pass and another bidder can be offered it; `offered` once it was; otherwise null.
   */
  secondChance: z.enum(['available', 'offered']).nullable(),
});
export type AuctionSummary = z.infer<typeof auctionSummarySchema>;

export const auctionsGetAllRequestSchema = z.object({
  /** As bidder: the auctions the caller bid on; as seller: the caller's auctions. */
  role: z.enum(['bidder', 'seller']),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type AuctionsGetAllRequest = z.input<typeof auctionsGetAllRequestSchema>;
export const auctionsGetAllResponseSchema = pagedSchema(auctionSummarySchema);
export type AuctionsGetAllResponse = z.infer<typeof auctionsGetAllResponseSchema>;

export const AUCTION_CANCEL_REASON_MAX = 500;

export const cancelAuctionRequestSchema = z.object({
  /** Told to the bidders and the seller, and kept in the audit log. */
  reason: plainText({ error: 'Say why the auction is cancelled.' })
    .trim()
    .min(1, { error: 'Say why the auction is cancelled.' })
    .max(AUCTION_CANCEL_REASON_MAX),
});
export type CancelAuctionRequest = z.input<typeof cancelAuctionRequestSchema>;

/** The calls served by `src-server/modules/auctions/`. */
export const AUCTIONS_ENDPOINTS = {
  auctionsGet: defineEndpoint({
    method: 'GET',
    path: '/auctions/{id}',
    summary:
      "An auction's standing: price, bids, reserve met or not, buy now, its end by the server's clock, and the caller's standing.",
    access: 'public',
    params: idParamsSchema,
    response: auctionViewSchema,
  }),
  auctionsLive: defineEndpoint({
    method: 'GET',
    path: '/auctions/{id}/live',
    summary:
      "An auction's live channel (server-sent events): its standing as the caller sees it, at once and after every bid or change of its end.",
    access: 'public',
    params: idParamsSchema,
    response: auctionLiveStreamSchema,
    produces: 'events',
  }),
  auctionsBid: defineEndpoint({
    method: 'POST',
    path: '/auctions/{id}/bids',
    summary:
      'Bid a maximum on a running auction (not one of the caller’s own); applied once per idempotency key, under the auction’s row lock.',
    access: 'user',
    params: idParamsSchema,
    body: placeBidRequestSchema,
    response: placeBidResponseSchema,
  }),
  auctionsBuyNow: defineEndpoint({
    method: 'POST',
    path: '/auctions/{id}/buy-now',
    summary:
      'Buy the item at its buy-now price while offered (until the first bid, or while the reserve is not met): the auction ends, sold to the caller, who checks out through the cart within 5 days.',
    access: 'user',
    params: idParamsSchema,
    response: auctionViewSchema,
  }),
  auctionsSecondChance: defineEndpoint({
    method: 'POST',
    path: '/auctions/{id}/second-chance',
    summary:
      "The seller offers a sold auction whose winner did not check out in time to the next bidder, at that bidder's own maximum; they have 5 days to check out.",
    access: 'seller',
    owner: 'listing',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: auctionViewSchema,
  }),
  auctionsGetAll: defineEndpoint({
    method: 'POST',
    path: '/auctions/getall',
    summary:
      "The auctions the caller bid on (with their standing: leading, outbid, won, lost; those to check out first) or the caller's own auctions (with bids and reserve), running first, soonest end first.",
    access: 'user',
    body: auctionsGetAllRequestSchema,
    response: auctionsGetAllResponseSchema,
  }),
  auctionsCancel: defineEndpoint({
    method: 'POST',
    path: '/auctions/{id}/cancel',
    summary:
      'Staff end a running auction without a sale, with a reason told to its bidders and seller and kept in the audit log.',
    access: 'admin',
    params: idParamsSchema,
    body: cancelAuctionRequestSchema,
    response: auctionViewSchema,
  }),
  auctionsBidHistory: defineEndpoint({
    method: 'GET',
    path: '/auctions/{id}/bids',
    summary: "An auction's bids, newest first, bidders masked.",
    access: 'public',
    params: idParamsSchema,
    query: bidHistoryRequestSchema,
    response: bidHistoryResponseSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
