import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Owned by src-server/core/payments/sandbox-gateway.ts.

/**
 * The sandbox gateway's card vault: a token stands for a card the sandbox has seen. It keeps what
 * the test card decides (approved, or the decline it answers), the brand, last four and expiry.
 */
export const sandboxCards = pgTable('sandbox_cards', {
  token: uuid('token').primaryKey().default(sql`gen_random_uuid()`),
  outcome: text('outcome', { enum: ['approved', 'declined', 'messageOnly', 'unavailable'] }).notNull(),
  errorMessage: text('error_message'),
  message: text('message'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox gateway's own ledger, standing in for a processor's records: every authorize, capture
 * and refund by its idempotency key, so a repeated call answers the first result, across restarts.
 * Holds the card brand and last four digits only.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    idempotencyKey: text('idempotency_key').notNull(),
    operation: text('operation', { enum: ['authorize', 'capture', 'refund'] }).notNull(),
    /** The authorization a capture or refund acts on. */
    paymentId: uuid('payment_id'),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    approved: integer('approved').notNull(),
    /** authorized, captured, refunded, voided, declined */
    status: text('status').notNull(),
    errorMessage: text('error_message'),
    message: text('message'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_payments_key_unique').on(t.idempotencyKey),
    index('sandbox_payments_payment_idx').on(t.paymentId),
  ],
);
