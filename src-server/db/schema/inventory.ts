import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BulkUploadStatus } from '../../../shared/contract/inventory.ts';
import type { ColumnMapping } from '../../../shared/domain/inventory-columns.ts';
import { listings } from './catalog.ts';
import { users } from './users.ts';

/**
 * Inventory files a seller uploaded (POST /users/process-bulkuploads). The file is kept in the blob
 * store under `blob_key`; processing reads it in batches, and each batch commits its listings
 * together with the counters here, so `processed_rows` always says how far the file is applied and
 * a restart resumes from it. `lease_until` is the claim of the server processing it: another
 * server takes the upload only once the lease has run out.
 */
export const bulkUploads = pgTable(
  'bulk_uploads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    blobKey: text('blob_key').notNull(),
    /** The seller's mapping of our columns to the file's headers; null maps them automatically. */
    columnMapping: jsonb('column_mapping').$type<ColumnMapping>(),
    status: text('status').$type<BulkUploadStatus>().notNull(),
    /** Data rows of the file (header excluded); 0 until processing has counted them. */
    totalRows: integer('total_rows').notNull().default(0),
    /** Data rows applied so far: every batch up to here is committed. */
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** Why the whole upload failed (unreadable file, no recognisable header). */
    failureMessage: text('failure_message'),
    /** The processing run holding the upload (a random id per claim) and until when. */
    leaseHolder: uuid('lease_holder'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_uploads_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('bulk_uploads_pending_idx').on(t.createdAt).where(sql`${t.status} in ('Queued', 'Processing')`),
  ],
);

/** Each problem of each failed row of an upload (the error report). */
export const bulkUploadErrors = pgTable(
  'bulk_upload_errors',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => bulkUploads.id, { onDelete: 'cascade' }),
    /** 1-based data row (header excluded). */
    rowNumber: integer('row_number').notNull(),
    /** Position of the problem within its row. */
    position: smallint('position').notNull(),
    stockNumber: text('stock_number'),
    /** Our column the problem is in; null for a problem of the whole row. */
    columnName: text('column_name'),
    /** The cell as the file had it (cut to 200 characters). */
    value: text('value'),
    message: text('message').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.rowNumber, t.position] })],
);

/**
 * Photo links of inventory rows, fetched into the listing's photos by a background job
 * (`modules/inventory/image-fetch.ts`). Replaced when a row brings other links.
 */
export const listingImageSources = pgTable(
  'listing_image_sources',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
    /** 'pending', 'fetched' or 'failed'. */
    status: text('status', { enum: ['pending', 'fetched', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** The listing photo made from it, once fetched. */
    imageId: uuid('image_id'),
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.position] }),
    index('listing_image_sources_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
  ],
);
