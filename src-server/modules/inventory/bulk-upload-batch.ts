import { sql } from 'drizzle-orm';
import {
  type InventoryItem,
  InventoryMessage,
  type RowIssue,
  type StockNumberTracker,
  validateInventoryRow,
} from '../../../shared/domain/inventory.ts';
import type { ColumnMapping, InventoryColumn } from '../../../shared/domain/inventory-columns.ts';
import { firearmIndex } from '../../core/firearm-reference.ts';
import { type Database, queryRows, type Transaction } from '../../db/client.ts';
import type { bulkUploads } from '../../db/schema.ts';
import type { SuggestionFields } from '../listings/index.ts';
import { BulkUploadMessage } from './bulk-upload-file.ts';
import { upsertInventory } from './upsert.ts';

/** Longest cell text kept in the error report. */
const REPORT_VALUE_MAX = 200;
/** Problems kept per upload for its error report; the rows that failed are still all counted. */
export const BULK_UPLOAD_REPORT_MAX_PROBLEMS = 10_000;

export interface PendingRow {
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

/** One run's claim on an upload, and what its batches share: the mapping and the stock numbers seen. */
export interface BatchRun {
  db: Database;
  leaseSeconds: number;
  upload: typeof bulkUploads.$inferSelect;
  /** The lease this run holds the upload by. */
  holder: string;
  mapping: ColumnMapping;
  tracker: StockNumberTracker;
  /** Suggestion terms the committed batches touched, recounted later. */
  deferredTerms: SuggestionFields[];
}

/** Checks and writes one batch; its listings, problems and the upload's counters commit together. */
export async function applyBatch(
  run: BatchRun,
  batch: readonly PendingRow[],
  committedBefore: number,
): Promise<number> {
  const items: InventoryItem[] = [];
  const itemRows: number[] = [];
  const problems: ProblemRow[] = [];
  const cellOf = (record: Record<string, string>, column: InventoryColumn | null): string | null => {
    const header = column ? run.mapping[column] : undefined;
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
    const result = validateInventoryRow(pending.record, run.mapping);
    if (!result.ok) {
      report(pending, result.issues);
      continue;
    }
    const first = run.tracker.seen(result.item.stockNumber, pending.row);
    if (first !== undefined) {
      report(pending, [{ column: 'stock_number', message: InventoryMessage.duplicateStockNumber(first) }]);
      continue;
    }
    items.push(result.item);
    itemRows.push(pending.row);
  }
  const last = batch.at(-1)?.row ?? committedBefore;
  // The firearms reference the batch's identities are read with: kept in memory per database, so
  // this is one version check per batch (read outside the transaction, which would rebuild it).
  const reference = await firearmIndex(run.db);
  await run.db.transaction(async (tx) => {
    const touched: SuggestionFields[] = [];
    const outcomes = await upsertInventory(
      tx,
      run.upload.userId,
      items,
      { kind: 'bulk', uploadId: run.upload.id },
      { deferSuggestionTerms: touched, reference },
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
    await writeProblems(tx, run.upload.id, problems);
    const advanced = await queryRows<{ id: string }>(
      tx,
      sql`update bulk_uploads set processed_rows = ${last},
          total_rows = greatest(total_rows, ${last}),
          created_count = created_count + ${counts.created},
          updated_count = updated_count + ${counts.updated},
          unchanged_count = unchanged_count + ${counts.unchanged},
          error_count = error_count + ${failedRows},
          lease_until = now() + make_interval(secs => ${run.leaseSeconds})
        where id = ${run.upload.id} and lease_holder = ${run.holder}::uuid and processed_rows = ${committedBefore}
        returning id`,
    );
    // Another server took the upload over (this run's lease ran out): this batch is its to write.
    if (advanced.length === 0) throw new LeaseLost();
    run.deferredTerms.push(...touched);
  });
  return last;
}

/** Another server took the upload over: its lease ran out before a batch committed. */
export class LeaseLost extends Error {
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
