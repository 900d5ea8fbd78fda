import { sql } from 'drizzle-orm';
import { type Database, liftStatementTimeout, queryRows } from '../db/client.ts';
import { inStatementScope } from '../db/statement-queue.ts';
import { releaseZipCentroids } from '../modules/location/index.ts';
import { accountsSeedPart } from './accounts.ts';
import { auctionsSeedPart } from './auctions.ts';
import { catalogSeedPart } from './catalog.ts';
import { contentSeedPart } from './content.ts';
import { fflSeedPart } from './ffl.ts';
import { firearmReferenceSeedPart } from './firearm-reference.ts';
import { createRandom } from './random.ts';
import { salesHistorySeedPart } from './sales-history.ts';
import type { SeedOptions, SeedPart } from './seed-part.ts';

export const DEFAULT_SEED_OPTIONS: SeedOptions = { seed: 1997, listings: 20_000 };

/**
 * The parts of the demo data, in the order they depend on each other; a new part goes last, so the
 * parts before it keep their random sequences.
 */
const SEED_PARTS: SeedPart[] = [
  accountsSeedPart,
  catalogSeedPart,
  fflSeedPart,
  contentSeedPart,
  auctionsSeedPart,
  salesHistorySeedPart,
  firearmReferenceSeedPart,
];

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from users`);
  return (rows[0]?.count ?? 0) === 0;
}

/**
 * Seeding at start: an empty database gets the demo data, and one whose demo seeding began (its
 * demo accounts are there) gets the parts an interrupted start left out. A database of real users
 * is never touched. Returns the parts that ran. It is background work of the database's queue: its
 * long transactions are never refused, nor counted in the turn by which requests are refused.
 */
export function seedDemoDataAtStart(db: Database, options: SeedOptions): Promise<string[]> {
  return inStatementScope(
    async () => {
      if (!(await isDatabaseEmpty(db)) && !(await accountsSeedPart.seeded(db))) return [];
      return seedDemoData(db, options);
    },
    { background: true },
  );
}

/**
 * Fills a database with deterministic demo data, each part in one transaction, skipping the parts
 * already committed (a seeding interrupted earlier is completed, never doubled); returns the parts
 * that ran.
 */
export async function seedDemoData(
  db: Database,
  options: SeedOptions = DEFAULT_SEED_OPTIONS,
  parts: readonly SeedPart[] = SEED_PARTS,
): Promise<string[]> {
  const ran: string[] = [];
  try {
    for (const [index, part] of parts.entries()) {
      if (await part.seeded(db)) continue;
      // Each part draws from its own sequence so adding a part never changes another's data.
      const random = createRandom(options.seed + index * 7919);
      await db.transaction(async (tx) => {
        // A part writes thousands of rows and builds search indexes: however long a statement takes
        // on a busy machine, seeding is not a request, so the request statement timeout is lifted.
        await liftStatementTimeout(tx);
        await part.run(tx, random, options);
      });
      ran.push(part.name);
    }
  } finally {
    // The server that seeded on its first run goes on serving without the ZIP table in memory.
    releaseZipCentroids();
  }
  return ran;
}
