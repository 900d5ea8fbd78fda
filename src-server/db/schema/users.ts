import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Every account: buyers, private sellers, licensed dealers (FFL), distributors' owners and staff.
 * Flags are stored as the spec's integers (UserOption, AccountOption, PaymentMethod).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Numeric id of the previous site, for /Search/Lister/{id} links. */
    legacyListerId: bigint('legacy_lister_id', { mode: 'number' }).unique(),
    /** Stored lower-cased; uniqueness is case-insensitive. */
    email: text('email').notNull(),
    /** argon2id hash; null for accounts that cannot sign in with a password. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** Role claim values (Buyer, BasicSeller, TrustedSeller, PlatinumSeller, Admin). */
    roles: text('roles').array().notNull().default(sql`ARRAY['Buyer']::text[]`),
    status: text('status', { enum: ['Active', 'Inactive', 'Locked'] })
      .notNull()
      .default('Active'),
    userOptions: integer('user_options').notNull().default(0),
    accountOptions: integer('account_options').notNull().default(0),
    sellerDisplayName: text('seller_display_name'),
    /** A licensed dealer (FFL) who can receive firearm transfers. */
    isDealer: boolean('is_dealer').notNull().default(false),
    fflLicenseNumber: text('ffl_license_number'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    /** PaymentMethod flags the seller accepts. */
    acceptedPaymentMethods: integer('accepted_payment_methods').notNull().default(0),
    /** A payment gateway connected for live checkout. */
    paymentGatewayConnected: boolean('payment_gateway_connected').notNull().default(false),
    gunTabActive: boolean('guntab_active').notNull().default(false),
    pastDueAmount: numeric('past_due_amount', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    rating: real('rating'),
    totalCompletedSales: integer('total_completed_sales').notNull().default(0),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** When set and past, sign-in answers 403 passwordExpired until the password is changed. */
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
    /**
     * Bumped by every password change, reset and lock; a session token carries the version it was
     * issued under (claim `ver`) and is refused once it differs, however close in time the change.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_roles_idx').using('gin', t.roles),
    index('users_zip_idx').on(t.zip),
  ],
);
