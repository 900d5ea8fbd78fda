import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SearchFilters } from '../../../shared/contract/listing-search.ts';
import type { SavedSearchFrequency } from '../../../shared/contract/saved-searches.ts';
import { listings } from './catalog.ts';
import { users } from './users.ts';

/** A buyer's saved searches: the /search query string they re-run and how often to mail matches. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The /search query string ("keyword=glock&listingType=local"), without a leading '?'. */
    searchQuery: text('search_query').notNull(),
    frequency: text('frequency').$type<SavedSearchFrequency>().notNull(),
    filters: jsonb('filters').$type<SearchFilters>(),
    /**
     * When the alert job last alerted about this search's new matches, by the job's clock (a daily or
     * weekly search waits a day or a week after it); null: never yet.
     */
    lastAlertedAt: timestamp('last_alerted_at', { withTimezone: true }),
    /** The database time the job last looked for new matches; listings started before it are not new. */
    checkedThrough: timestamp('checked_through', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_created_idx').on(t.userId, t.createdAt.desc())],
);

/** A buyer's favorite listings (at most 10 per user). */
export const favorites = pgTable(
  'favorites',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The listing's price and stock when it was added, to show what changed since. */
    priceWhenAdded: numeric('price_when_added', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    quantityWhenAdded: integer('quantity_when_added').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorites_user_listing_unique').on(t.userId, t.listingId),
    index('favorites_listing_idx').on(t.listingId),
  ],
);
