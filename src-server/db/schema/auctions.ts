import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { listings } from './catalog.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * A listing sold by auction: its terms (starting bid, hidden reserve, buy-now price, start and end)
 * and where its bidding stands. The row is the auction's one writer: every bid locks it, applies
 * the proxy rules of shared/domain/auctions.ts and writes the new standing in the same
 * transaction. The listing's own `price` follows the current price, so searches sort and show it.
 */
export const auctions = pgTable(
  'auctions',
  {
    listingId: uuid('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    startingBid: numeric('starting_bid', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    reservePrice: numeric('reserve_price', { precision: 12, scale: 2, mode: 'number' }),
    buyNowPrice: numeric('buy_now_price', { precision: 12, scale: 2, mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Moved by late bids (soft close), at most SOFT_CLOSE_MAX_EXTENSIONS times. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    extensions: smallint('extensions').notNull().default(0),
    currentPrice: numeric('current_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Rows of the public bid history. */
    bidCount: integer('bid_count').notNull().default(0),
    /** Bid requests applied, each numbered by it in `auction_bid_requests.seq`. */
    requestsApplied: integer('requests_applied').notNull().default(0),
    highBidderId: uuid('high_bidder_id').references(() => users.id, { onDelete: 'set null' }),
    /** The leader's maximum: private to the leader and the server. */
    highMax: numeric('high_max', { precision: 12, scale: 2, mode: 'number' }),
    /** Null while scheduled or running; then sold, unsold or cancelled. */
    outcome: text('outcome', { enum: ['sold', 'unsold', 'cancelled'] }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The winner's order, once they checked out; one order per auction. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Sold by buy now: the buyer became the winner at the buy-now price and the auction ended then. */
    boughtNow: boolean('bought_now').notNull().default(false),
    /** When the favorites of a running auction were told it ends soon (once per auction). */
    endingSoonNoticedAt: timestamp('ending_soon_noticed_at', { withTimezone: true }),
    /**
     * The winner did not pay in time and the seller offered the item to the next bidder, at that
     * bidder's own maximum: they check out like a winner, within the same number of days from the offer.
     */
    secondChanceBidderId: uuid('second_chance_bidder_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    secondChancePrice: numeric('second_chance_price', { precision: 12, scale: 2, mode: 'number' }),
    secondChanceOfferedAt: timestamp('second_chance_offered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The ending job reads the auctions due, oldest end first; an ending-soonest search, the running ones.
    index('auctions_open_end_idx').on(t.endsAt).where(sql`${t.outcome} is null`),
    index('auctions_high_bidder_idx').on(t.highBidderId),
    // A search of completed auctions reads the sold ones, latest end first.
    index('auctions_sold_end_idx').on(t.endsAt.desc(), t.listingId).where(sql`${t.outcome} = 'sold'`),
    // The ending-soon notice reads the running auctions not yet announced, soonest end first.
    index('auctions_ending_soon_idx')
      .on(t.endsAt)
      .where(sql`${t.outcome} is null and ${t.endingSoonNoticedAt} is null`),
  ],
);

/** The public bid history: each bid, and each automatic bid the system made for a bidder. */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => auctions.listingId, { onDelete: 'cascade' }),
    bidderId: uuid('bidder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Its place in the auction's history, from 1: the history reads in this order. */
    seq: integer('seq').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    automatic: boolean('automatic').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auction_bids_listing_seq_idx').on(t.listingId, t.seq),
    index('auction_bids_bidder_idx').on(t.bidderId, t.createdAt.desc()),
  ],
);

/**
 * Each bid request as applied, by its idempotency key: a retry with the same key finds its row and
 * applies nothing again. `maxBid` is the maximum the bidder stated; `seq` the order in which the
 * auction applied it (replaying the maximums in this order gives the auction's standing).
 */
export const auctionBidRequests = pgTable(
  'auction_bid_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => auctions.listingId, { onDelete: 'cascade' }),
    bidderId: uuid('bidder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    seq: integer('seq').notNull(),
    maxBid: numeric('max_bid', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auction_bid_requests_key_idx').on(t.listingId, t.bidderId, t.idempotencyKey),
    uniqueIndex('auction_bid_requests_seq_idx').on(t.listingId, t.seq),
  ],
);
