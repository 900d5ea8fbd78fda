import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SearchFilters } from '../../../shared/contract/listings.ts';
import type { SavedSearchFrequency } from '../../../shared/contract/saved-searches.ts';
import { listings } from './catalog.ts';
import { users } from './users.ts';

/** A buyer's saved searches (spec §3): the /search query string they re-run and how often to mail matches. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_created_idx').on(t.userId, t.createdAt.desc())],
);

/** A buyer's favorite listings (spec §3, at most 10 per user, §5). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorites_user_listing_unique').on(t.userId, t.listingId),
    index('favorites_listing_idx').on(t.listingId),
  ],
);
