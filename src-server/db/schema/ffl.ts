import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Federal firearms licensees, from the public ATF list (`npm run import:ffl`), one row per licence
 * number. A re-import updates rows in place and retires (never deletes) licences the newer list no
 * longer holds, so checkouts and orders that name a dealer keep pointing at it. A dealer with a
 * site account links it by licence number and then sets its transfer fee, notes and licence copy.
 */
export const fflDealers = pgTable(
  'ffl_dealers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** `R-DD-CCC-TT-XX-SSSSS` as ATF prints it. */
    licenseNumber: text('license_number').notNull().unique(),
    /** Licence type (01 dealer, 02 pawnbroker, 03 collector, 07 manufacturer, …). */
    licenseType: text('license_type').notNull(),
    licenseName: text('license_name').notNull(),
    businessName: text('business_name'),
    premiseStreet: text('premise_street').notNull(),
    premiseCity: text('premise_city').notNull(),
    premiseState: text('premise_state').notNull(),
    /** Five digits (the list's ZIP+4 is cut to its ZIP). */
    premiseZip: text('premise_zip').notNull(),
    mailStreet: text('mail_street'),
    mailCity: text('mail_city'),
    mailState: text('mail_state'),
    mailZip: text('mail_zip'),
    phone: text('phone'),
    /** The centroid of the premise ZIP code; null when the ZIP is unknown (then found by name only). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The last day of the month the licence's expiration code names. */
    licenseExpiresOn: date('license_expires_on', { mode: 'string' }),
    /** In the latest imported list; false once a newer list no longer holds it. */
    active: boolean('active').notNull().default(true),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** When an import last listed it. */
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The site account of the dealer holding this licence, once linked. */
    userId: uuid('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    transferFee: numeric('transfer_fee', { precision: 10, scale: 2, mode: 'number' }),
    notes: text('notes'),
    /** Blob of the licence copy the dealer uploaded (`ffl-licenses/{id}`), its media type and time. */
    licenseCopyId: uuid('license_copy_id'),
    licenseCopyMediaType: text('license_copy_media_type'),
    licenseCopyUploadedAt: timestamp('license_copy_uploaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ffl_dealers_location_idx').on(t.latitude, t.longitude).where(sql`${t.active}`),
    index('ffl_dealers_names_trgm_idx').using(
      'gin',
      sql`lower(coalesce(${t.businessName}, '') || ' ' || ${t.licenseName}) gin_trgm_ops`,
    ),
  ],
);

/**
 * Sellers allowed to read a dealer's licence copy: a seller shipping an order to that dealer needs
 * it on file before shipping. Checkout grants it when an order names the dealer.
 */
export const fflLicenseCopyGrants = pgTable(
  'ffl_license_copy_grants',
  {
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => fflDealers.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.sellerId] })],
);
