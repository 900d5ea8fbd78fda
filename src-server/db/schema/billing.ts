import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The double-entry ledger: every movement of money is one transaction whose entries sum to zero
 * (a deferred constraint trigger checks it at commit), amounts in integer cents, debits positive.
 * Both tables are append-only (triggers refuse updates and deletes). Every balance is a sum here.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** LedgerKind: Credit, Fee, MembershipCharge, ProrationCredit, InvoicePayment, EscrowHold, … */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    /** A repeated posting with the same key is not written twice. */
    idempotencyKey: text('idempotency_key'),
    /** The account the movement is about (the seller charged, the buyer paying, the user credited). */
    userId: uuid('user_id'),
    orderId: uuid('order_id'),
    listingId: uuid('listing_id'),
    invoiceId: uuid('invoice_id'),
    /** Who wrote it when a person did (the admin of a credit). */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_key_unique').on(t.idempotencyKey),
    index('ledger_transactions_user_idx').on(t.userId, t.createdAt),
    index('ledger_transactions_order_idx').on(t.orderId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** LedgerAccount: a user's available, escrow or feesDue; the platform's gateway, revenue or promotions. */
    account: text('account').notNull(),
    /** The user an account belongs to; null for the platform's accounts. */
    userId: uuid('user_id'),
    /** Debit positive, credit negative. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.userId, t.account),
    index('ledger_entries_transaction_idx').on(t.transactionId),
  ],
);

/**
 * A seller's monthly invoice: the charges posted up to the end of its period not on an earlier
 * invoice. One per seller and period (the unique index makes the monthly job idempotent).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The calendar month, '2026-03'. */
    period: text('period').notNull(),
    status: text('status', { enum: ['open', 'paid'] }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    creditAppliedCents: bigint('credit_applied_cents', { mode: 'number' }).notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_user_period_unique').on(t.userId, t.period),
    index('invoices_open_due_idx').on(t.dueAt).where(sql`status = 'open'`),
  ],
);

/** The charges an invoice bills; a ledger charge appears on one invoice only. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    /** Positive: a charge; negative: a proration credit billed against the charges. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invoice_lines_transaction_unique').on(t.transactionId),
    index('invoice_lines_invoice_idx').on(t.invoiceId),
  ],
);

/** A card kept for billing: the gateway's token, brand, last four digits and expiry; never the number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    token: text('token').notNull(),
    brand: text('brand'),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    billing: jsonb('billing')
      .$type<{ address1: string; address2: string | null; city: string; state: string; zip: string }>()
      .notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_methods_one_default').on(t.userId).where(sql`is_default`),
  ],
);
