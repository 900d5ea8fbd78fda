import { type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../db/client.ts';
import type { Random } from './random.ts';

export interface SeedOptions {
  /** Same seed, same data. */
  seed: number;
  /** How many catalog listings to create. */
  listings: number;
}

/** One area of demo data; parts run in order, each in its own transaction. */
export interface SeedPart {
  name: string;
  run(db: DbExecutor, random: Random, options: SeedOptions): Promise<void>;
  /**
   * Whether this part's transaction committed: it looks for a row only this part writes, so a
   * start after an interrupted seeding runs the parts that are missing and no part twice.
   */
  seeded(db: DbExecutor): Promise<boolean>;
}

/** The start of the current UTC day: seeding twice on one day gives identical rows. */
export const startOfUtcDay = (): Date => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
};

/** Whether `query` (a select of the rows to look for) finds any. */
export async function anyRow(db: DbExecutor, query: SQL): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(db, sql`select exists (${query}) as found`);
  return rows[0]?.found === true;
}

/** Column name and SQL type of each inserted column, for `json_to_recordset`. */
export type ColumnTypes = readonly (readonly [string, string])[];

const BATCH_SIZE = 1000;

/**
 * Inserts rows a thousand to a statement, each batch sent as one JSON document. Rows may come from
 * a generator: the next batch is made and serialized while the database writes the previous one.
 */
export async function insertBatches(
  db: DbExecutor,
  table: string,
  columns: ColumnTypes,
  rows: Iterable<Record<string, unknown>>,
): Promise<void> {
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
  const shape = sql.raw(columns.map(([name, type]) => `"${name}" ${type}`).join(', '));
  let writing: Promise<unknown> = Promise.resolve();
  const write = async (batch: Record<string, unknown>[]) => {
    const json = JSON.stringify(batch);
    await writing;
    writing = db.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${names} from json_to_recordset(${json}::json) as r(${shape})`,
    );
  };
  let batch: Record<string, unknown>[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length < BATCH_SIZE) continue;
    await write(batch);
    batch = [];
  }
  if (batch.length > 0) await write(batch);
  await writing;
}
