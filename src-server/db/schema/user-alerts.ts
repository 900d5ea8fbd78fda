import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Owned by src-server/core/user-alerts.ts (staff banners are written by the admin module).

/** Banner messages: public ones (no user) by page location, and ones for a single user. */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Null for a public alert. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    location: text('location', {
      enum: ['UserDashboard', 'HomePage', 'SearchByTerm', 'SearchByCategory'],
    }).notNull(),
    title: text('title'),
    message: text('message').notNull(),
    /** What a user alert is about (`UserAlertKind`); null for alerts written by staff. */
    kind: text('kind'),
    /**
     * What a user alert is about (`offer:{id}`, `savedSearch:{id}`, `reminder:{name}`): the alerts of
     * one subject are shown as one entry, and one whose subject is settled is no longer shown.
     */
    subject: text('subject'),
    /** The times the message names (`{deadline}` in the text), shown in the reader's time zone. */
    times: jsonb('times').$type<Record<string, string>>(),
    severity: text('severity', { enum: ['info', 'warning', 'critical'] })
      .notNull()
      .default('info'),
    linkUrl: text('link_url'),
    linkText: text('link_text'),
    dismissible: boolean('dismissible').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alerts_location_starts_idx').on(t.location, t.startsAt),
    index('alerts_user_location_idx').on(t.userId, t.location),
    index('alerts_user_subject_idx').on(t.userId, t.subject),
  ],
);
