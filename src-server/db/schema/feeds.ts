import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type {
  DistributorFeedFormat,
  DistributorFeedRun,
  DistributorFeedRunStatus,
  DistributorFeedSchedule,
  DistributorFeedSource,
  FeedColumnMapping,
} from '../../../shared/contract/distributor-feeds.ts';
import type { PriceRule } from '../../../shared/domain/price-rule.ts';
import { distributors } from './catalog.ts';
import { users } from './users.ts';

/**
 * A dealer's distributor feeds: where the inventory file comes from, how it is read and priced, and
 * when it is next due. `lease_token`/`leased_until` are the per-feed lock: a pull claims the feed
 * (one claim at a time, across every server instance) and releases it when done; a claim whose
 * server died lapses at `leased_until`.
 */
export const distributorFeeds = pgTable(
  'distributor_feeds',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source').$type<DistributorFeedSource>().notNull(),
    url: text('url'),
    /** The uploaded file in the blob store (source upload). */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    format: text('format').$type<DistributorFeedFormat>().notNull(),
    columnMapping: jsonb('column_mapping').$type<FeedColumnMapping>(),
    priceRule: jsonb('price_rule').$type<PriceRule>().notNull(),
    shippingCost: numeric('shipping_cost', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    deliveryDays: integer('delivery_days').notNull(),
    schedule: text('schedule').$type<DistributorFeedSchedule>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    distributorId: uuid('distributor_id').references(() => distributors.id, { onDelete: 'set null' }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    leaseToken: uuid('lease_token'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastStatus: text('last_status').$type<DistributorFeedRunStatus>().notNull().default('Never'),
    lastMessage: text('last_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('distributor_feeds_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    index('distributor_feeds_due_idx').on(t.nextRunAt).where(sql`${t.isActive}`),
  ],
);

/** One pull of a feed and what it did. */
export const distributorFeedRuns = pgTable(
  'distributor_feed_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => distributorFeeds.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<DistributorFeedRun['trigger']>().notNull(),
    status: text('status').$type<DistributorFeedRunStatus>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    totalRows: integer('total_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    closedCount: integer('closed_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    message: text('message'),
    errors: jsonb('errors').$type<DistributorFeedRun['errors']>().notNull().default([]),
  },
  (t) => [index('distributor_feed_runs_feed_started_idx').on(t.feedId, t.startedAt.desc())],
);
