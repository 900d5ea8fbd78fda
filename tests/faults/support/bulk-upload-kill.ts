/**
 * kill -9 of the real server in the middle of a large bulk upload: the batches committed
 * before the kill stay whole, the batch under way leaves nothing, and the upload is resumed from its
 * committed row counter (at the next start on PGlite, once the lease runs out on PostgreSQL) to
 * totals that add up.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BulkUpload } from '../../../shared/contract/inventory.ts';
import { type DatabaseHandle, queryRows } from '../../../src-server/db/client.ts';
import { BULK_UPLOAD_BATCH_ROWS } from '../../../src-server/modules/inventory/bulk-upload-processor.ts';
import { inventoryCsv } from '../../support/inventory-csv.ts';
import { call, signIn } from './client.ts';
import { type ServerOptions, type ServerProcess, startServer, stopServer } from './server-process.ts';

/** Rows of the uploaded file: enough batches that the kill falls well inside the upload. */
export const UPLOAD_ROWS = 24_000;

export interface BulkUploadKillTarget {
  label: string;
  server: ServerOptions;
  /** Opens the server's database from the test; called only while no server process runs. */
  openDatabase(): Promise<DatabaseHandle>;
  /**
   * Waits (after a batch committed) until the server has a write transaction open, so the kill cuts
   * a batch half-written; answers whether one was seen. Absent where the test cannot look inside
   * the server's database (PGlite runs in the server's process): the kill then falls where it falls,
   * most likely inside a batch, where the processing spends its time.
   */
  untilWriteInFlight?: () => Promise<boolean>;
  /** The longest the restarted server may take to finish the upload. */
  resumeTimeoutMs: number;
}

interface UploadFacts {
  status: string;
  processed_rows: number;
  total_rows: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  error_count: number;
  /** Listings written by this upload. */
  listings: number;
  /** Distinct stock numbers among them (case-insensitive). */
  distinct_stock: number;
  /** The seller's listings with a generated stock number, whoever wrote them. */
  seller_generated: number;
  problems: number;
}

/** The upload's committed counters and what it wrote, read from the database itself. */
async function factsOf(target: BulkUploadKillTarget, uploadId: string): Promise<UploadFacts> {
  const database = await target.openDatabase();
  try {
    const [facts] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select u.status, u.processed_rows, u.total_rows, u.created_count, u.updated_count,
          u.unchanged_count, u.error_count,
          (select count(*) from listings l where l.inventory_source_id = u.id)::int as listings,
          (select count(distinct lower(l.seller_stock_number)) from listings l
            where l.inventory_source_id = u.id)::int as distinct_stock,
          (select count(*) from listings l
            where l.user_id = u.user_id and l.seller_stock_number like 'INV-%')::int as seller_generated,
          (select count(*) from bulk_upload_errors e where e.upload_id = u.id)::int as problems
        from bulk_uploads u where u.id = ${uploadId}::uuid`,
    );
    if (!facts) throw new Error(`no bulk upload ${uploadId} in the database`);
    return facts as unknown as UploadFacts;
  } finally {
    await database.close();
  }
}

/**
 * The upload as the dealer's list shows it (undefined: not listed), or 'busy' when the server
 * answers that it is busy (503, "try again in a moment"), as it may while the upload's batches hold
 * the embedded database: a dealer's page then asks again, and so does the poll.
 */
async function uploadOf(
  server: ServerProcess,
  token: string,
  id: string,
): Promise<BulkUpload | undefined | 'busy'> {
  const res = await call(server.baseUrl, '/users/bulkuploads', { token, method: 'GET' });
  if (res.status === 503) return 'busy';
  if (res.status !== 200)
    throw new Error(`GET /users/bulkuploads answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { results: BulkUpload[] }).results.find((upload) => upload.id === id);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the upload until `done` holds for it; fails after `timeoutMs` with the last state seen. */
async function pollUpload(
  server: ServerProcess,
  token: string,
  id: string,
  done: (upload: BulkUpload) => boolean,
  timeoutMs: number,
  intervalMs: number,
): Promise<BulkUpload> {
  const deadline = Date.now() + timeoutMs;
  let last: BulkUpload | undefined;
  let busy = 0;
  while (Date.now() < deadline) {
    const seen = await uploadOf(server, token, id);
    if (seen === 'busy') busy += 1;
    else last = seen;
    if (last && done(last)) return last;
    await sleep(intervalMs);
  }
  throw new Error(
    `upload ${id} did not get there within ${timeoutMs} ms (${busy} answers of busy); last seen ${JSON.stringify(last)}\n${server.stderr()}`,
  );
}

/** Runs the whole scenario against one database; the server is always stopped at the end. */
export async function killDuringBulkUploadAndResume(target: BulkUploadKillTarget): Promise<void> {
  const file = inventoryCsv(UPLOAD_ROWS);
  let server = await startServer(target.server, 60_000);
  try {
    const token = await signIn(server.baseUrl, 'dealer');
    const form = new FormData();
    form.append('formFiles', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'inventory.csv');
    const res = await fetch(`${server.baseUrl}/api/users/process-bulkuploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const id = ((await res.json()) as { results: BulkUpload[] }).results[0]?.id ?? '';
    expect(id).not.toBe('');

    // Kill as soon as a batch is committed: the next one is then under way.
    const seen = await pollUpload(
      server,
      token,
      id,
      (upload) => upload.status !== 'Queued' && upload.processedRows > 0,
      40_000,
      20,
    );
    const writeInFlight = target.untilWriteInFlight ? await target.untilWriteInFlight() : undefined;
    server.child.kill('SIGKILL');
    await server.exited;
    expect(seen.status, 'the upload finished before the kill: make the file larger').toBe('Processing');
    if (writeInFlight !== undefined)
      expect(writeInFlight, 'no batch was being written at the kill').toBe(true);
    const killedAt = performance.now();

    // What the dead server left: whole batches only, each with its counters.
    const left = await factsOf(target, id);
    expect(left.status).toBe('Processing');
    expect(left.processed_rows % BULK_UPLOAD_BATCH_ROWS).toBe(0);
    expect(left.processed_rows).toBeGreaterThanOrEqual(seen.processedRows);
    expect(left.processed_rows).toBeLessThan(UPLOAD_ROWS);
    expect(left.created_count).toBe(left.processed_rows);
    expect(left.listings).toBe(left.created_count);
    expect(left.seller_generated).toBe(left.listings);
    expect(left.distinct_stock).toBe(left.listings);
    expect(left.error_count).toBe(0);
    expect(left.problems).toBe(0);

    // The restarted server resumes the upload from the committed counter and completes it.
    server = await startServer(target.server, 60_000);
    const restartedToken = await signIn(server.baseUrl, 'dealer');
    const finished = await pollUpload(
      server,
      restartedToken,
      id,
      (upload) => upload.status === 'Completed' || upload.status === 'Failed',
      target.resumeTimeoutMs,
      250,
    );
    const resumedInMs = Math.round(performance.now() - killedAt);
    expect(finished.status, finished.failureMessage ?? '').toBe('Completed');
    expect(finished.totalRows).toBe(UPLOAD_ROWS);
    expect(finished.processedRows).toBe(UPLOAD_ROWS);
    // Had the batch cut off by the kill left rows behind, the resumed run would find them unchanged.
    expect(finished.createdCount).toBe(UPLOAD_ROWS);
    expect(finished.updatedCount + finished.unchangedCount + finished.errorCount).toBe(0);
    await stopServer(server);

    const after = await factsOf(target, id);
    expect(after.status).toBe('Completed');
    expect(after.created_count + after.updated_count + after.unchanged_count + after.error_count).toBe(
      UPLOAD_ROWS,
    );
    expect(after.listings).toBe(UPLOAD_ROWS);
    expect(after.distinct_stock).toBe(UPLOAD_ROWS);
    expect(after.seller_generated).toBe(UPLOAD_ROWS);
    expect(after.problems).toBe(0);
    console.info(
      `faults/${target.label}: kill -9 after ${seen.processedRows} of ${UPLOAD_ROWS} rows were reported; ` +
        `${left.processed_rows} rows (${left.listings} listings) committed at the kill` +
        `${writeInFlight ? ' with a batch half-written' : ''}, no half batch left; ` +
        `completed ${resumedInMs} ms after the kill with ${after.listings} listings`,
    );
  } finally {
    await stopServer(server);
  }
}
