import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { listings } from './catalog.ts';
import { users } from './users.ts';

/**
 * Each successful sign-in: when and from which address, for the admin console's user detail. Only
 * the newest few are read; older rows are kept for staff investigations.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId, t.createdAt.desc())],
);

/** A listing a user reported to staff, for the moderation queue. One report per listing and reporter. */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What kind of problem the reporter chose (`ListingReportCategory`). */
    category: text('category').notNull().default('other'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listing_reports_listing_reporter_unique').on(t.listingId, t.reporterId),
    index('listing_reports_created_idx').on(t.createdAt.desc()),
  ],
);

/**
 * Why staff froze a listing for fraud, shown to its seller; removed when the listing is unfrozen.
 * The freeze itself is the listing's FrozenDueToFraud flag, which search reads.
 */
export const listingFreezes = pgTable('listing_freezes', {
  listingId: uuid('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  frozenBy: uuid('frozen_by').notNull(),
  /** The seller's dashboard alert that gives the reason; removed with the freeze. */
  alertId: uuid('alert_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
