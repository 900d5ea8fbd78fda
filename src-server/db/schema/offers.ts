import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OfferActor, OfferEvent, OfferState } from '../../../shared/domain/offers.ts';
import { listings } from './catalog.ts';
import { checkouts, orders } from './orders.ts';
import { users } from './users.ts';

/**
 * A buyer's offer on a listing. `state` changes only through the state machine of
 * shared/domain/offers.ts. `amount` is the price per item on the table (the buyer's offer, then the
 * seller's counter). `deadline`: when a pending offer expires, or when an accepted one lapses.
 * An accepted offer with no `checkout_id` and a deadline ahead reserves `quantity` of the listing;
 * `checkout_id` is set while a checkout pays for it (and cleared when that checkout is undone).
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    state: text('state').$type<OfferState>().notNull(),
    deadline: timestamp('deadline', { withTimezone: true }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live offer per buyer and listing, whatever races the requests run.
    uniqueIndex('offers_one_live_per_buyer_listing')
      .on(t.buyerId, t.listingId)
      .where(sql`state in ('open', 'countered', 'accepted')`),
    index('offers_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('offers_seller_idx').on(t.sellerId, t.createdAt.desc()),
    // The upkeep job and the reservation sums read live offers by deadline and by listing.
    index('offers_live_deadline_idx').on(t.deadline).where(sql`state in ('open', 'countered', 'accepted')`),
    index('offers_reserved_idx').on(t.listingId).where(sql`state = 'accepted'`),
    index('offers_checkout_idx').on(t.checkoutId),
  ],
);

/** Each step of an offer, oldest first: who took it, the price proposed (make, counter) and a note. */
export const offerEvents = pgTable(
  'offer_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    event: text('event').$type<OfferEvent>().notNull(),
    actor: text('actor').$type<OfferActor>().notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_events_offer_idx').on(t.offerId, t.createdAt)],
);
