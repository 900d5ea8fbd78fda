import { randomUUID } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Papa from 'papaparse';
import { BulkUploadStatus } from '../../../shared/contract/inventory.ts';
import { StockNumberTracker, validateInventoryRow } from '../../../shared/domain/inventory.ts';
import type { ColumnMapping } from '../../../shared/domain/inventory-columns.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { bulkUploads } from '../../db/schema.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import { refreshSuggestionTermsOf, type SuggestionFields } from '../listings/index.ts';
import { applyBatch, type BatchRun, LeaseLost, type PendingRow } from './bulk-upload-batch.ts';
import {
  BulkUploadMessage,
  checkStoredFile,
  FileProblem,
  headersOf,
  mappingFor,
  textOf,
} from './bulk-upload-file.ts';

/** Rows written per transaction: a batch commits whole with the upload's counters, or not at all. */
export const BULK_UPLOAD_BATCH_ROWS = 1000;
/** Batches between recounts of the suggestion terms an upload touched (and one at its end). */
const SUGGESTION_REFRESH_BATCHES = 25;
/** How long a claim on an upload holds without being renewed by a batch, unless configured. */
export const BULK_UPLOAD_LEASE_SECONDS = 60;

export interface BulkUploadDeps {
  db: Database;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  /** Seconds a claim holds without a batch renewing it (BULK_UPLOAD_LEASE_SECONDS); default 60. */
  leaseSeconds?: number;
}

type UploadRow = typeof bulkUploads.$inferSelect;

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
    const run: BatchRun = {
      db: this.#deps.db,
      leaseSeconds: this.#leaseSeconds,
      upload,
      holder,
      mapping,
      tracker,
      deferredTerms: terms.fields,
    };
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
        committed = await applyBatch(run, batch, committed);
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
      committed = await applyBatch(run, batch, committed);
    }
    await terms.flush();
    return { stopped: false, rows: row };
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
