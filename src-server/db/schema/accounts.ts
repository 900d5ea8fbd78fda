import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One-time links sent by email: address confirmation and password reset. Only a SHA-256 hash of
 * the token is kept, so a copy of the database cannot be used to confirm or reset anything.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['EmailConfirm', 'PasswordReset'] }).notNull(),
    /** Hex SHA-256 of the token sent in the link. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_unique').on(t.tokenHash),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

/** Newsletter sign-ups; one row per address (case-insensitive). */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Set when the address's owner followed the confirmation link (double opt-in); only confirmed addresses get mail. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_email_unique').on(sql`lower(${t.email})`)],
);

/**
 * Card payments of an account's own balance (past-due payments that unfreeze it), approved or
 * declined. Only the brand and last four digits of the card are kept; never the number or CVC.
 */
export const accountPayments = pgTable(
  'account_payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['PastDue', 'Invoice'] }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    status: text('status', { enum: ['Approved', 'Declined'] }).notNull(),
    processor: text('processor').notNull(),
    processorReference: text('processor_reference'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The processor's message for a declined payment. */
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_payments_user_idx').on(t.userId, t.createdAt)],
);

/**
 * How a seller is paid (POST /users/addOrUpdatePaymentOptions): the live-checkout switch, the
 * payment gateway and the GunTab account. The gateway's secret key is kept encrypted
 * (`modules/billing/secret-box.ts`) and never answered back. The account's summary columns
 * (`users.accepted_payment_methods`, `payment_gateway_connected`, `guntab_active`) are written in the
 * same transaction, so sign-in and listing eligibility read one row.
 */
export const sellerPaymentOptions = pgTable('seller_payment_options', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  liveCheckoutEnabled: boolean('live_checkout_enabled').notNull().default(false),
  gatewayProvider: text('gateway_provider'),
  gatewayMerchantId: text('gateway_merchant_id'),
  /** AES-256-GCM sealed secret key of the gateway. */
  gatewaySecretSealed: text('gateway_secret_sealed'),
  gunTabEmail: text('guntab_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
