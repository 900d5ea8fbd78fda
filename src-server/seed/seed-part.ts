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

/** Whether `query` (a select of the rows to look for) finds any. */
export async function anyRow(db: DbExecutor, query: SQL): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(db, sql`select exists (${query}) as found`);
  return rows[0]?.found === true;
}
