import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { listings } from './catalog.ts';
import { fflDealers } from './ffl.ts';
import { users } from './users.ts';

/**
 * One checkout request of a buyer, keyed by the buyer's idempotency key: a repeated submit finds
 * it and answers its orders. `pending` while the payment is taken; `completed` once paid. A declined
 * checkout is removed with its orders, so the key can be used again with another card.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the cart and shipping choices (never the card): the same key with another cart is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['pending', 'completed'] })
      .notNull()
      .default('pending'),
    total: numeric('total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkouts_buyer_key_unique').on(t.buyerId, t.idempotencyKey),
    index('checkouts_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
  ],
);

/**
 * An order: the items of one seller bought in one checkout. `state` changes only through the state
 * machine of shared/domain/orders.ts. `ship_to` keeps the address, or the dealer as it was at
 * checkout (license number, name, premises). Only the card's brand and last four digits are kept.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Sequence behind the order number people quote. */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: text('state', {
      enum: [
        'placed',
        'paid',
        'awaitingDealer',
        'shipped',
        'delivered',
        'completed',
        'cancelled',
        'refunded',
      ],
    }).notNull(),
    subtotal: numeric('subtotal', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    shippingTotal: numeric('shipping_total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    total: numeric('total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The receiving dealer (federal licensee list; null for orders shipped to the buyer). */
    dealerId: uuid('dealer_id').references(() => fflDealers.id, { onDelete: 'restrict' }),
    shipTo: jsonb('ship_to').notNull(),
    /** The gateway's payment id (authorization, then capture). */
    paymentReference: text('payment_reference'),
    paymentStatus: text('payment_status', {
      enum: ['pending', 'authorized', 'captured', 'refunded', 'voided'],
    })
      .notNull()
      .default('pending'),
    paymentProvider: text('payment_provider').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    cancelReason: text('cancel_reason'),
    /** Paid through escrow: held, disputed by the buyer, released to the seller or refunded; null otherwise. */
    escrowStatus: text('escrow_status', { enum: ['held', 'disputed', 'released', 'refunded'] }),
    disputeReason: text('dispute_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('orders_seller_idx').on(t.sellerId, t.createdAt.desc()),
    index('orders_checkout_idx').on(t.checkoutId),
    // Escrow still to settle: the release job's delivered orders held past inspection, and the
    // console's open disputes. Settled escrow (most orders, in time) stays out of the index.
    index('orders_escrow_open_idx')
      .on(t.escrowStatus, t.state)
      .where(sql`${t.escrowStatus} in ('held', 'disputed')`),
  ],
);

/** The lines of an order, as bought (title, family and price copied from the listing). */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    familyId: smallint('family_id').notNull(),
    thumbnailPicture: text('thumbnail_picture'),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    shippingCost: numeric('shipping_cost', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_listing_idx').on(t.listingId)],
);

/** Each state an order entered: when, by whom, and the note (tracking, cancel reason). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    actor: text('actor', { enum: ['buyer', 'seller', 'admin', 'system'] }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);
