import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client.ts';
import { releaseZipCentroids } from '../modules/location/zip-centroids.ts';
import { accountsSeedPart } from './accounts.ts';
import { catalogSeedPart } from './catalog.ts';
import { contentSeedPart } from './content.ts';
import { fflSeedPart } from './ffl.ts';
import { createRandom } from './random.ts';
import type { SeedOptions, SeedPart } from './seed-part.ts';

export const DEFAULT_SEED_OPTIONS: SeedOptions = { seed: 1997, listings: 20_000 };

/** The parts of the demo data, in the order they depend on each other. */
const SEED_PARTS: SeedPart[] = [accountsSeedPart, catalogSeedPart, fflSeedPart, contentSeedPart];

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from users`);
  return (rows[0]?.count ?? 0) === 0;
}

/** Fills an empty database with deterministic demo data; returns the parts that ran. */
export async function seedDemoData(
  db: Database,
  options: SeedOptions = DEFAULT_SEED_OPTIONS,
  parts: readonly SeedPart[] = SEED_PARTS,
): Promise<string[]> {
  const ran: string[] = [];
  try {
    for (const part of parts) {
      // Each part draws from its own sequence so adding a part never changes another's data.
      const random = createRandom(options.seed + ran.length * 7919);
      await db.transaction(async (tx) => part.run(tx, random, options));
      ran.push(part.name);
    }
  } finally {
    // The server that seeded on its first run goes on serving without the ZIP table in memory.
    releaseZipCentroids();
  }
  return ran;
}
