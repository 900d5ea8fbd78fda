import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Owned by src-server/core/throttle.ts.

/**
 * Events counted for throttling (failed sign-ins per account and per address, requests to
 * enumeration targets per address). Kept in the database so every server instance sees them.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** What is counted, e.g. `login-account`, `login-address`, `check-email`. */
    bucket: text('bucket').notNull(),
    /** Who it is counted for: a lower-cased email, a user id or a client address. */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('throttle_events_bucket_key_idx').on(t.bucket, t.key, t.createdAt)],
);
