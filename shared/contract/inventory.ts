/**
 * Bulk inventory uploads, served by `src-server/modules/inventory/`: a seller's CSV files queued for
 * import as listings, their progress and their error reports. The columns and row rules are
 * shared/domain/inventory-columns.ts and shared/domain/inventory.ts.
 */
import { z } from 'zod';
import { INVENTORY_COLUMNS } from '../domain/inventory-columns.ts';
import { plainText } from '../domain/text.ts';
import { dateTimeSchema, idParamsSchema, resultsSchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition, MB } from './endpoint.ts';

const count = z.int().nonnegative();

export const BulkUploadStatus = {
  Queued: 'Queued',
  Processing: 'Processing',
  Completed: 'Completed',
  Failed: 'Failed',
} as const;
export type BulkUploadStatus = (typeof BulkUploadStatus)[keyof typeof BulkUploadStatus];

export const BULK_UPLOAD_ERRORS_SHOWN = 100;
/** Largest inventory file accepted (about 100k rows of the template). */
export const BULK_UPLOAD_MAX_BYTES = 40 * MB;
/** Inventory files one request may send. */
export const BULK_UPLOAD_MAX_FILES = 5;

export const bulkUploadErrorSchema = z.object({
  /** 1-based data row of the file (the header row not counted). */
  row: z.int().min(1),
  /** Our template column the problem is in (`stock_number`, `price`…); null for the whole row. */
  column: z.enum(INVENTORY_COLUMNS).nullable(),
  message: z.string(),
});
export type BulkUploadError = z.infer<typeof bulkUploadErrorSchema>;

export const bulkUploadSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  status: z.enum(BulkUploadStatus),
  /** Data rows of the file; 0 until the server has counted them. */
  totalRows: count,
  /** Data rows applied so far (each batch commits with this count), for the progress bar. */
  processedRows: count,
  createdCount: count,
  updatedCount: count,
  /** Rows whose listing already matched the row: nothing was written. */
  unchangedCount: count,
  /** Rows that failed (each reported in the error report). */
  errorCount: count,
  /** Why the whole upload failed (unreadable file, no recognisable header); null otherwise. */
  failureMessage: z.string().nullable(),
  /** The first problems of failed rows; GET /users/bulkuploads/{id}/errors has them all. */
  errors: z.array(bulkUploadErrorSchema).max(BULK_UPLOAD_ERRORS_SHOWN),
  createdAt: dateTimeSchema,
  completedAt: dateTimeSchema.nullable(),
});
export type BulkUpload = z.infer<typeof bulkUploadSchema>;

/** GET /users/bulkuploads (newest first) and POST /users/process-bulkuploads (the uploads just queued). */
export const bulkUploadListResponseSchema = resultsSchema(bulkUploadSchema);
export type BulkUploadListResponse = z.infer<typeof bulkUploadListResponseSchema>;

/** Our column -> the header of the seller's file it is read from. */
export const columnMappingSchema = z.partialRecord(
  z.enum(INVENTORY_COLUMNS),
  plainText().trim().min(1).max(200),
);

/**
 * The optional JSON field `request` of POST /users/process-bulkuploads: the seller's column
 * mapping for the files; left out, the headers are mapped automatically (`autoMapColumns`).
 */
export const processBulkUploadsRequestSchema = z.object({ columnMapping: columnMappingSchema.optional() });
export type ProcessBulkUploadsRequest = z.input<typeof processBulkUploadsRequestSchema>;

/** The error report of one upload: CSV text with a header row and one row per problem. */
export const bulkUploadErrorReportSchema = z.string();

/** The calls served by `src-server/modules/inventory/`. */
export const INVENTORY_ENDPOINTS = {
  usersBulkUploads: defineEndpoint({
    method: 'GET',
    path: '/users/bulkuploads',
    summary: "The caller's bulk inventory uploads and their progress, newest first.",
    access: 'seller',
    response: bulkUploadListResponseSchema,
  }),
  usersBulkUploadErrors: defineEndpoint({
    method: 'GET',
    path: '/users/bulkuploads/{id}/errors',
    summary: 'The error report of one of the caller’s bulk uploads, as CSV.',
    access: 'seller',
    owner: 'bulkUpload',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: bulkUploadErrorReportSchema,
    produces: 'csv',
  }),
  usersProcessBulkUploads: defineEndpoint({
    method: 'POST',
    path: '/users/process-bulkuploads',
    summary: 'Queue CSV inventory files for import as listings.',
    access: 'seller',
    body: processBulkUploadsRequestSchema,
    response: bulkUploadListResponseSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      jsonOptional: true,
      fileField: 'formFiles',
      minFiles: 1,
      maxFiles: BULK_UPLOAD_MAX_FILES,
      maxFileBytes: BULK_UPLOAD_MAX_BYTES,
      accept: ['text/csv', 'application/vnd.ms-excel', 'text/plain'],
    },
    rateLimited: true,
  }),
} as const satisfies Record<string, EndpointDefinition>;
