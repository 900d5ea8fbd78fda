import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import {
  BULK_UPLOAD_ERRORS_SHOWN,
  type BulkUpload,
  type BulkUploadError,
  BulkUploadStatus,
} from '../../../shared/contract/inventory.ts';
import { LISTING_INELIGIBILITY_MESSAGES } from '../../../shared/contract/users.ts';
import { csvDocument } from '../../../shared/domain/csv.ts';
import {
  type ColumnMapping,
  INVENTORY_COLUMNS,
  type InventoryColumn,
} from '../../../shared/domain/inventory-columns.ts';
import { listingEligibilityOf } from '../../core/accounts/account-state.ts';
import { findUserById } from '../../core/accounts/users-repository.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { bulkUploadErrors, bulkUploads } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { BulkUploadMessage, estimateRows, FileProblem, headersOf, mappingFor } from './bulk-upload-file.ts';
import type { BulkUploadDeps, BulkUploadProcessor } from './bulk-upload-processor.ts';

/*
 * A seller's bulk uploads: queued here (the processor in bulk-upload-processor.ts applies them in
 * the background), listed with their first problems, and each one's full error report.
 */

/** Uploads listed by GET /users/bulkuploads. */
const HISTORY_LIMIT = 50;

// ---------------------------------------------------------------------------------------------
// POST /users/process-bulkuploads, GET /users/bulkuploads, GET /users/bulkuploads/{id}/errors
// ---------------------------------------------------------------------------------------------

async function assertMayList(db: Database, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('No such account.');
  const { reason } = listingEligibilityOf(user);
  if (reason)
    throw new AppError(403, 'forbidden', LISTING_INELIGIBILITY_MESSAGES[reason], { extra: { reason } });
}

/**
 * Checks each file as a whole (UTF-8 text, a header row whose columns map), keeps it in the blob
 * store and queues an upload record for it; the processor applies them in the background. A file
 * that fails the check refuses the whole request (400) and nothing is queued.
 */
export async function queueBulkUploads(
  deps: BulkUploadDeps,
  auth: AuthContext,
  columnMapping: ColumnMapping | undefined,
  files: readonly UploadedFile[],
  processor: BulkUploadProcessor,
): Promise<{ results: BulkUpload[] }> {
  await assertMayList(deps.db, auth.userId);
  const checked = files.map((file) => {
    // Checked without decoding the whole file: a large file would be held twice, as bytes and as text.
    if (!isUtf8(file.data)) throw badRequest(`${file.name}: ${BulkUploadMessage.notText}`);
    try {
      const mapping = mappingFor(file.name, headersOf(file.data), columnMapping ?? null);
      const rows = estimateRows(file.data);
      if (rows === 0) throw new FileProblem(BulkUploadMessage.noRows(file.name));
      return { file, mapping, rows };
    } catch (error) {
      if (error instanceof FileProblem) throw badRequest(error.message);
      throw error;
    }
  });
  const ids = checked.map(() => randomUUID());
  const stored: string[] = [];
  try {
    for (const [index, { file }] of checked.entries()) {
      const key = blobKeyOf(ids[index] ?? '');
      await deps.blobs.put(key, file.data);
      stored.push(key);
    }
    await deps.db.insert(bulkUploads).values(
      checked.map(({ file, rows }, index) => ({
        id: ids[index] ?? '',
        userId: auth.userId,
        fileName: file.name.replace(/^“|”$/g, ''),
        blobKey: blobKeyOf(ids[index] ?? ''),
        columnMapping: columnMapping ?? null,
        status: BulkUploadStatus.Queued,
        totalRows: rows,
      })),
    );
  } catch (error) {
    await deps.blobs.delete(stored);
    throw error;
  }
  processor.wake();
  const rows = await deps.db
    .select()
    .from(bulkUploads)
    .where(
      sql`${bulkUploads.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
    .orderBy(desc(bulkUploads.createdAt));
  return { results: rows.map((row) => toBulkUpload(row, [])) };
}

const blobKeyOf = (uploadId: string) => `bulk-uploads/${uploadId}/file.csv`;

type UploadRow = typeof bulkUploads.$inferSelect;

function toBulkUpload(row: UploadRow, errors: BulkUploadError[]): BulkUpload {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    updatedCount: row.updatedCount,
    unchangedCount: row.unchangedCount,
    errorCount: row.errorCount,
    failureMessage: row.failureMessage,
    errors,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

const isInventoryColumn = (value: string | null): value is InventoryColumn =>
  value !== null && (INVENTORY_COLUMNS as readonly string[]).includes(value);

/** GET /users/bulkuploads: the caller's uploads, newest first, each with its first problems. */
export async function listBulkUploads(db: Database, auth: AuthContext): Promise<{ results: BulkUpload[] }> {
  const rows = await db
    .select()
    .from(bulkUploads)
    .where(eq(bulkUploads.userId, auth.userId))
    .orderBy(desc(bulkUploads.createdAt), desc(bulkUploads.id))
    .limit(HISTORY_LIMIT);
  const withErrors = rows.filter((row) => row.errorCount > 0).map((row) => row.id);
  const errors = new Map<string, BulkUploadError[]>();
  if (withErrors.length > 0) {
    const found = await queryRows<{
      upload_id: string;
      row_number: number;
      column_name: string | null;
      message: string;
    }>(
      db,
      sql`select e.upload_id, e.row_number, e.column_name, e.message
        from json_array_elements_text(${JSON.stringify(withErrors)}::json) u(id)
        cross join lateral (select * from bulk_upload_errors e where e.upload_id = u.id::uuid
          order by e.row_number, e.position limit ${BULK_UPLOAD_ERRORS_SHOWN}) e
        order by e.upload_id, e.row_number, e.position`,
    );
    for (const error of found) {
      const list = errors.get(error.upload_id) ?? [];
      list.push({
        row: error.row_number,
        column: isInventoryColumn(error.column_name) ? error.column_name : null,
        message: error.message,
      });
      errors.set(error.upload_id, list);
    }
  }
  return { results: rows.map((row) => toBulkUpload(row, errors.get(row.id) ?? [])) };
}

/** The header of the error report. */
export const ERROR_REPORT_HEADER = ['row', 'stock_number', 'column', 'value', 'message'] as const;

/**
 * GET /users/bulkuploads/{id}/errors: every problem of the upload as CSV, cells that a spreadsheet
 * would read as a formula neutralized. Another seller's upload answers 404, as an unknown id does.
 */
export async function bulkUploadErrorReport(
  db: Database,
  auth: AuthContext,
  id: string,
): Promise<{ fileName: string; csv: string }> {
  const [upload] = await db
    .select({ userId: bulkUploads.userId, fileName: bulkUploads.fileName })
    .from(bulkUploads)
    .where(eq(bulkUploads.id, id))
    .limit(1);
  if (!upload || (upload.userId !== auth.userId && !auth.isAdmin))
    throw notFound('No bulk upload with that id.');
  const problems = await db
    .select()
    .from(bulkUploadErrors)
    .where(eq(bulkUploadErrors.uploadId, id))
    .orderBy(bulkUploadErrors.rowNumber, bulkUploadErrors.position);
  const csv = csvDocument([
    [...ERROR_REPORT_HEADER],
    ...problems.map((problem) => [
      problem.rowNumber,
      problem.stockNumber,
      problem.columnName,
      problem.value,
      problem.message,
    ]),
  ]);
  const base =
    upload.fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .slice(0, 60) || 'upload';
  return { fileName: `${base}-errors.csv`, csv };
}
