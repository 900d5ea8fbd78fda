import type { DbExecutor } from '../db/client.ts';
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
}
