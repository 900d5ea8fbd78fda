import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Short links `/l/{code}`: the web server answers them with a 301 to the stored target. */
export const shortLinks = pgTable(
  'short_links',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    shortCode: text('short_code').notNull().unique(),
    fullLink: text('full_link').notNull(),
    /** Visits of `/l/{code}` that were sent on to the target. */
    clicks: integer('clicks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('short_links_created_at_idx').on(t.createdAt)],
);
