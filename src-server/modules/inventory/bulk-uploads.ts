import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Papa from 'papaparse';
import {
  BULK_UPLOAD_ERRORS_SHOWN,
  type BulkUpload,
  type BulkUploadError,
  BulkUploadStatus,
  LISTING_INELIGIBILITY_MESSAGES,
} from '../../../shared/contract/users.ts';
import { csvDocument } from '../../../shared/domain/csv.ts';
import {
  autoMapColumns,
  type ColumnMapping,
  INVENTORY_COLUMNS,
  type InventoryColumn,
  type InventoryItem,
  InventoryMessage,
  missingRequiredColumns,
  type RowIssue,
  StockNumberTracker,
  validateInventoryRow,
} from '../../../shared/domain/inventory.ts';
import { listingEligibilityOf } from '../../core/accounts/account-state.ts';
import { findUserById } from '../../core/accounts/users-repository.ts';
import { type Database, queryRows, type Transaction } from '../../db/client.ts';
import { bulkUploadErrors, bulkUploads } from '../../db/schema.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { refreshSuggestionTermsOf, type SuggestionFields } from '../listings/index.ts';
import { upsertInventory } from './upsert.ts';

/** Rows written per transaction: a batch commits whole with the upload's counters, or not at all. */
export const BULK_UPLOAD_BATCH_ROWS = 1000;
/** Batches between recounts of the suggestion terms an upload touched (and one at its end). */
const SUGGESTION_REFRESH_BATCHES = 25;
/** How long a claim on an upload holds without being renewed by a batch, unless configured. */
export const BULK_UPLOAD_LEASE_SECONDS = 60;
/** Uploads listed by GET /users/bulkuploads. */
const HISTORY_LIMIT = 50;
/** Longest cell text kept in the error report. */
const REPORT_VALUE_MAX = 200;
/** Problems kept per upload for its error report; the rows that failed are still all counted. */
export const BULK_UPLOAD_REPORT_MAX_PROBLEMS = 10_000;

export const BulkUploadMessage = {
  noHeader: (name: string) =>
    `${name} has no header row we recognise. Start the file with the template's header row (download /templates/inventory.csv) or map its columns.`,
  missingColumns: (name: string, columns: readonly string[]) =>
    `${name} has no column for ${columns.join(', ')}. Add ${columns.length === 1 ? 'it' : 'them'} or map ${columns.length === 1 ? 'it' : 'them'} to a column of the file.`,
  unknownHeader: (name: string, header: string) =>
    `${name} has no column “${header}”, named in the column mapping.`,
  noRows: (name: string) => `${name} has a header row but no items.`,
  fileGone: 'The uploaded file is no longer stored. Upload it again.',
  notText: 'The file is not UTF-8 text. Save it as “CSV UTF-8” and upload it again.',
  stopped:
    'Processing stopped on an unexpected error. The rows reported as done were applied; upload the file again for the rest.',
  extraCells: 'This row has more cells than the header row.',
} as const;

export interface BulkUploadDeps {
  db: Database;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  /** Seconds a claim holds without a batch renewing it (BULK_UPLOAD_LEASE_SECONDS); default 60. */
  leaseSeconds?: number;
}

// ---------------------------------------------------------------------------------------------
// Reading a file
// ---------------------------------------------------------------------------------------------

/** Bytes read from the start of a file for its header row. */
const HEADER_BYTES = 256 * 1024;
const LINE_FEED = 0x0a;
const BOM_BYTES = Buffer.from([0xef, 0xbb, 0xbf]);

/** The header row's cells (the first record of the file), read from the file's first bytes. */
function headersOf(head: Uint8Array): string[] {
  // The decoder drops a byte-order mark.
  const text = new TextDecoder('utf-8').decode(head.subarray(0, HEADER_BYTES));
  const parsed = Papa.parse<string[]>(text, { preview: 1, skipEmptyLines: 'greedy' });
  return (parsed.data[0] ?? []).map((header) => String(header));
}

/**
 * Data rows, counted by line breaks: exact unless a cell holds line breaks (then corrected at the
 * end). The bytes are counted as they are: a line feed byte is never part of another UTF-8 character.
 */
function estimateRows(data: Buffer): number {
  const start = data.subarray(0, BOM_BYTES.length).equals(BOM_BYTES) ? BOM_BYTES.length : 0;
  let lines = 0;
  let at = data.indexOf(LINE_FEED, start);
  while (at !== -1) {
    lines += 1;
    at = data.indexOf(LINE_FEED, at + 1);
  }
  if (data.length > start && data[data.length - 1] !== LINE_FEED) lines += 1;
  return Math.max(0, lines - 1);
}

/**
 * Reads a stored file once through: whether it is UTF-8 text and, when it is, its first bytes (for
 * the header row). Nothing but those bytes is kept.
 */
async function checkStoredFile(
  blobs: BlobStore,
  key: string,
): Promise<{ head: Buffer } | 'gone' | 'notText'> {
  const stream = await blobs.read(key);
  if (!stream) return 'gone';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const head: Buffer[] = [];
  let headBytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      decoder.decode(chunk, { stream: true });
      if (headBytes < HEADER_BYTES) {
        head.push(chunk.subarray(0, HEADER_BYTES - headBytes));
        headBytes += Math.min(chunk.length, HEADER_BYTES - headBytes);
      }
    }
    decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) return 'notText';
    throw error;
  } finally {
    stream.destroy();
  }
  return { head: Buffer.concat(head) };
}

/** A stored file's text, a piece at a time (its byte-order mark dropped), for the parser's stream. */
async function* textOf(stream: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * The mapping a file is read with: the seller's, checked against the file's headers, or the automatic
 * one. Throws the message of a whole-file failure.
 */
export function mappingFor(
  name: string,
  headers: readonly string[],
  asked: ColumnMapping | null,
): ColumnMapping {
  const auto = autoMapColumns(headers);
  if (!asked && missingRequiredColumns(auto).length === missingRequiredColumns({}).length) {
    throw new FileProblem(BulkUploadMessage.noHeader(name));
  }
  const mapping: ColumnMapping = asked ? { ...asked } : auto;
  if (asked) {
    const known = new Set(headers);
    for (const header of Object.values(asked)) {
      if (header !== undefined && !known.has(header))
        throw new FileProblem(BulkUploadMessage.unknownHeader(name, header));
    }
  }
  const missing = missingRequiredColumns(mapping);
  if (missing.length > 0) throw new FileProblem(BulkUploadMessage.missingColumns(name, missing));
  return mapping;
}

/** A problem with a whole file: nothing of it is written. */
class FileProblem extends Error {}

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

// ---------------------------------------------------------------------------------------------
// Processing
// ---------------------------------------------------------------------------------------------

interface PendingRow {
  row: number;
  record: Record<string, string>;
}

interface ProblemRow {
  row: number;
  position: number;
  stock: string | null;
  column: string | null;
  value: string | null;
  message: string;
}

/** Lets other work (HTTP requests, PGlite's other statements) run between batches. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Applies queued uploads one at a time. An upload is claimed with a lease (row lock, skip locked),
 * so two servers on one database never process the same upload; each batch renews the lease and
 * commits its listings, its problems and the upload's counters together. On close the run stops
 * after the batch under way and gives the lease back, so the next start (or another server)
 * resumes from the committed row counter.
 */
export class BulkUploadProcessor {
  readonly #deps: BulkUploadDeps;
  readonly #leaseSeconds: number;
  #running: Promise<void> | null = null;
  #again = false;
  #stopping = false;

  constructor(deps: BulkUploadDeps) {
    this.#deps = deps;
    this.#leaseSeconds = deps.leaseSeconds ?? BULK_UPLOAD_LEASE_SECONDS;
  }

  /** Starts a run unless one is under way (which then looks for more work before it ends). */
  wake(): void {
    if (this.#stopping) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain()
      .catch((error) => this.#deps.log.error({ err: error }, 'bulk upload processing failed'))
      .finally(() => {
        this.#running = null;
      });
  }

  /** Resolves when no run is under way (tests and the benchmark wait on it). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Stops after the batch under way; its upload is released for a later run. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#running;
  }

  /**
   * At start on a database this process alone writes (embedded PGlite): uploads a stopped process
   * left Processing are released at once rather than after their lease.
   */
  async releaseAbandoned(): Promise<void> {
    await this.#deps.db
      .update(bulkUploads)
      .set({ leaseHolder: null, leaseUntil: null })
      .where(eq(bulkUploads.status, BulkUploadStatus.Processing));
  }

  async #drain(): Promise<void> {
    do {
      this.#again = false;
      for (;;) {
        if (this.#stopping) return;
        const claimed = await this.#claim();
        if (!claimed) break;
        await this.#process(claimed.upload, claimed.holder);
      }
    } while (this.#again && !this.#stopping);
  }

  async #claim(): Promise<{ upload: UploadRow; holder: string } | null> {
    const holder = randomUUID();
    const [row] = await queryRows<{ id: string }>(
      this.#deps.db,
      sql`update bulk_uploads set status = ${BulkUploadStatus.Processing}, lease_holder = ${holder}::uuid,
          lease_until = now() + make_interval(secs => ${this.#leaseSeconds}), started_at = coalesce(started_at, now())
        where id = (select id from bulk_uploads
          where status in (${BulkUploadStatus.Queued}, ${BulkUploadStatus.Processing})
            and (lease_until is null or lease_until < now())
          order by created_at, id limit 1 for update skip locked)
        returning id`,
    );
    if (!row) return null;
    const [upload] = await this.#deps.db.select().from(bulkUploads).where(eq(bulkUploads.id, row.id));
    return upload ? { upload, holder } : null;
  }

  async #finish(
    upload: UploadRow,
    holder: string,
    values: { status: BulkUploadStatus; failureMessage?: string; totalRows?: number },
  ): Promise<void> {
    const finished = await this.#deps.db
      .update(bulkUploads)
      .set({ ...values, completedAt: new Date(), leaseHolder: null, leaseUntil: null })
      .where(and(eq(bulkUploads.id, upload.id), eq(bulkUploads.leaseHolder, holder)))
      .returning({ id: bulkUploads.id });
    // A server that took the upload over still needs the file (a later resume reads it again).
    if (finished.length === 0) return;
    await this.#deps.blobs.delete([upload.blobKey]).catch(() => undefined);
  }

  async #release(upload: UploadRow, holder: string): Promise<void> {
    await this.#deps.db
      .update(bulkUploads)
      .set({ leaseHolder: null, leaseUntil: null })
      .where(and(eq(bulkUploads.id, upload.id), eq(bulkUploads.leaseHolder, holder)));
  }

  async #process(upload: UploadRow, holder: string): Promise<void> {
    // The file is read twice, as a stream both times, rather than held: first checked whole (so a
    // file that is not text fails before any row is written), then parsed.
    const checked = await checkStoredFile(this.#deps.blobs, upload.blobKey);
    if (checked === 'gone' || checked === 'notText') {
      return this.#finish(upload, holder, {
        status: BulkUploadStatus.Failed,
        failureMessage: checked === 'gone' ? BulkUploadMessage.fileGone : BulkUploadMessage.notText,
      });
    }
    let mapping: ColumnMapping;
    try {
      mapping = mappingFor(`“${upload.fileName}”`, headersOf(checked.head), upload.columnMapping);
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      return this.#finish(upload, holder, { status: BulkUploadStatus.Failed, failureMessage: error.message });
    }
    try {
      const file = await this.#deps.blobs.read(upload.blobKey);
      if (!file) throw new Error('The uploaded file was removed while it was processed');
      const outcome = await this.#applyRows(upload, holder, file, mapping);
      if (outcome.stopped) return this.#release(upload, holder);
      await this.#finish(upload, holder, { status: BulkUploadStatus.Completed, totalRows: outcome.rows });
    } catch (error) {
      if (error instanceof LeaseLost) {
        // The server that took the upload over goes on from the committed row; nothing is this run's to finish.
        this.#deps.log.warn({ uploadId: upload.id }, 'bulk upload taken over by another server');
        return;
      }
      this.#deps.log.error({ err: error, uploadId: upload.id }, 'bulk upload stopped');
      await this.#finish(upload, holder, {
        status: BulkUploadStatus.Failed,
        failureMessage: BulkUploadMessage.stopped,
      });
    }
  }

  /**
   * Streams the file's records and applies them in batches from the committed row counter on;
   * rows before it (a resumed upload) are only read again to know the file's stock numbers.
   */
  async #applyRows(
    upload: UploadRow,
    holder: string,
    file: Readable,
    mapping: ColumnMapping,
  ): Promise<{ stopped: boolean; rows: number }> {
    const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { header: true, skipEmptyLines: 'greedy' });
    // A failure to read the file ends the parser's stream with it (and the run with a failure).
    pipeline(Readable.from(textOf(file)), parser, () => undefined);
    const tracker = new StockNumberTracker();
    const terms = new SuggestionTermsBacklog(this.#deps.db);
    let batches = 0;
    let committed = upload.processedRows;
    let row = 0;
    let batch: PendingRow[] = [];
    for await (const record of parser as AsyncIterable<Record<string, unknown>>) {
      row += 1;
      if (row <= committed) {
        const result = validateInventoryRow(record as Record<string, string>, mapping);
        if (result.ok) tracker.seen(result.item.stockNumber, row);
        continue;
      }
      batch.push({ row, record: record as Record<string, string> });
      if (batch.length >= BULK_UPLOAD_BATCH_ROWS) {
        committed = await this.#applyBatch(upload, holder, mapping, tracker, batch, committed, terms.fields);
        batch = [];
        batches += 1;
        if (batches % SUGGESTION_REFRESH_BATCHES === 0) await terms.flush();
        await yieldToEventLoop();
        if (this.#stopping) {
          parser.destroy();
          await terms.flush();
          return { stopped: true, rows: row };
        }
      }
    }
    if (batch.length > 0) {
      committed = await this.#applyBatch(upload, holder, mapping, tracker, batch, committed, terms.fields);
    }
    await terms.flush();
    return { stopped: false, rows: row };
  }

  /** Checks and writes one batch; its listings, problems and the upload's counters commit together. */
  async #applyBatch(
    upload: UploadRow,
    holder: string,
    mapping: ColumnMapping,
    tracker: StockNumberTracker,
    batch: readonly PendingRow[],
    committedBefore: number,
    deferredTerms: SuggestionFields[],
  ): Promise<number> {
    const items: InventoryItem[] = [];
    const itemRows: number[] = [];
    const problems: ProblemRow[] = [];
    const cellOf = (record: Record<string, string>, column: InventoryColumn | null): string | null => {
      const header = column ? mapping[column] : undefined;
      const value = header === undefined ? undefined : record[header];
      return typeof value === 'string' ? value.slice(0, REPORT_VALUE_MAX) : null;
    };
    const report = (pending: PendingRow, issues: readonly RowIssue[]) => {
      const stock = cellOf(pending.record, 'stock_number');
      issues.forEach((issue, position) => {
        problems.push({
          row: pending.row,
          position,
          stock: stock || null,
          column: issue.column,
          value: cellOf(pending.record, issue.column),
          message: issue.message,
        });
      });
    };
    for (const pending of batch) {
      if ('__parsed_extra' in pending.record) {
        report(pending, [{ column: null, message: BulkUploadMessage.extraCells }]);
        continue;
      }
      const result = validateInventoryRow(pending.record, mapping);
      if (!result.ok) {
        report(pending, result.issues);
        continue;
      }
      const first = tracker.seen(result.item.stockNumber, pending.row);
      if (first !== undefined) {
        report(pending, [{ column: 'stock_number', message: InventoryMessage.duplicateStockNumber(first) }]);
        continue;
      }
      items.push(result.item);
      itemRows.push(pending.row);
    }
    const last = batch.at(-1)?.row ?? committedBefore;
    await this.#deps.db.transaction(async (tx) => {
      const touched: SuggestionFields[] = [];
      const outcomes = await upsertInventory(
        tx,
        upload.userId,
        items,
        { kind: 'bulk', uploadId: upload.id },
        { deferSuggestionTerms: touched },
      );
      const counts = { created: 0, updated: 0, unchanged: 0 };
      for (const outcome of outcomes) {
        if (outcome.result === 'skipped') {
          const pending = batch.find((candidate) => candidate.row === itemRows[outcome.index]);
          if (pending)
            report(pending, [{ column: null, message: outcome.reason ?? 'This row was not applied.' }]);
        } else counts[outcome.result] += 1;
      }
      const failedRows = new Set(problems.map((problem) => problem.row)).size;
      await writeProblems(tx, upload.id, problems);
      const advanced = await queryRows<{ id: string }>(
        tx,
        sql`update bulk_uploads set processed_rows = ${last},
            total_rows = greatest(total_rows, ${last}),
            created_count = created_count + ${counts.created},
            updated_count = updated_count + ${counts.updated},
            unchanged_count = unchanged_count + ${counts.unchanged},
            error_count = error_count + ${failedRows},
            lease_until = now() + make_interval(secs => ${this.#leaseSeconds})
          where id = ${upload.id} and lease_holder = ${holder}::uuid and processed_rows = ${committedBefore}
          returning id`,
      );
      // Another server took the upload over (this run's lease ran out): this batch is its to write.
      if (advanced.length === 0) throw new LeaseLost();
      deferredTerms.push(...touched);
    });
    return last;
  }
}

/**
 * Suggestion terms an upload's committed batches touched, recounted together every few batches and
 * at the end (the periodic rebuild covers a server that stopped in between).
 */
class SuggestionTermsBacklog {
  readonly fields: SuggestionFields[] = [];
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async flush(): Promise<void> {
    if (this.fields.length === 0) return;
    const distinct = new Map<string, SuggestionFields>();
    for (const field of this.fields) {
      distinct.set(JSON.stringify([field.manufacturer, field.model, field.caliber]), field);
    }
    this.fields.length = 0;
    await this.#db.transaction((tx) => refreshSuggestionTermsOf(tx, [...distinct.values()]));
  }
}

class LeaseLost extends Error {
  constructor() {
    super('The bulk upload lease was lost');
  }
}

async function writeProblems(tx: Transaction, uploadId: string, all: readonly ProblemRow[]): Promise<void> {
  let problems = all;
  if (problems.length === 0) return;
  const [kept] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from bulk_upload_errors where upload_id = ${uploadId}::uuid
      limit ${BULK_UPLOAD_REPORT_MAX_PROBLEMS}) k`,
  );
  const room = BULK_UPLOAD_REPORT_MAX_PROBLEMS - (kept?.n ?? 0);
  if (room <= 0) return;
  problems = problems.slice(0, room);
  await tx.execute(sql`insert into bulk_upload_errors (upload_id, row_number, position, stock_number, column_name, value, message)
    select ${uploadId}::uuid, x.row, x.position, x.stock, x.column, x.value, x.message
    from json_to_recordset(${JSON.stringify(problems)}::json)
      as x(row int, position smallint, stock text, "column" text, value text, message text)
    on conflict do nothing`);
}
