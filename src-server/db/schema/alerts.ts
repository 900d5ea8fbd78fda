import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SavedSearchFrequency } from '../../../shared/contract/saved-searches.ts';
import { listings } from './catalog.ts';
import { users } from './users.ts';

/** A buyer's alert settings (Buyer Tools); an account without a row has the defaults. */
export const alertSettings = pgTable('alert_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailDigest: boolean('email_digest').notNull().default(true),
  defaultFrequency: text('default_frequency').$type<SavedSearchFrequency>().notNull().default('Daily'),
  priceDrops: boolean('price_drops').notNull().default(true),
  localListings: boolean('local_listings').notNull().default(false),
  localZipCode: text('local_zip_code'),
  localDistance: integer('local_distance').notNull().default(50),
  /**
   * When local-listing alerts were last turned on or moved (a new ZIP code or distance): only
   * listings created after it count as new, so a change never alerts about the whole area's stock.
   */
  localSince: timestamp('local_since', { withTimezone: true }),
  /** The database time the job last looked for new local listings. */
  localCheckedThrough: timestamp('local_checked_through', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the alert job has already told a user about, one row per fact (`search:{savedSearchId}:{listingId}`,
 * `local:{listingId}`): the primary key is what keeps an alert from being sent twice, even by two
 * servers at once.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * The price of a favorite the alert job last saw: a drop below it is alerted once, then it becomes
 * the new reference. Kept apart from the favorites themselves, whose rows belong to their own feature.
 */
export const favoritePriceWatches = pgTable(
  'favorite_price_watches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    lastPrice: numeric('last_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] })],
);
