import { IDENTIFICATION_ENDPOINTS } from '../../../shared/contract/identification.ts';
import { identifyListingsAfter } from '../../core/firearm-reference.ts';
import { Throttle } from '../../core/throttle.ts';
import type { Database } from '../../db/client.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import type { PeriodicJob } from '../../periodic-jobs.ts';
import { identifyFromRequest } from './service.ts';

/** How often the backfill looks for listings without an identity. */
export const LISTING_IDENTITY_MS = 60 * 1000;
/** Chunks of the backfill per run: 20,000 listings a minute, each statement short. */
const CHUNKS_PER_RUN = 10;

/**
 * The backfill of listing identities: listings from before the reference, or written by a path that
 * does not read identities at save, get theirs within a few passes. It walks the listings in id order
 * a chunk at a time and starts over at the end. Safe on several instances at once: an identity is
 * an upsert of the same row.
 */
export function listingIdentityJob(db: Database): PeriodicJob {
  let after: string | null = null;
  const run = async () => {
    for (let chunk = 0; chunk < CHUNKS_PER_RUN; chunk += 1) {
      after = (await identifyListingsAfter(db, after)).next;
      if (after === null) return;
    }
  };
  return { atBoot: run, run, intervalMs: LISTING_IDENTITY_MS, failureMessage: 'identifying listings failed' };
}

/** Firearm identification: a signed-in account identifies a firearm from photos and what it knows. */
export function registerIdentificationModule({ endpoints, database, blobs }: ModuleContext): ModuleParts {
  const deps = { db: database.db, blobs, throttle: new Throttle(database.db) };
  endpoints(IDENTIFICATION_ENDPOINTS, {
    firearmsIdentify: ({ auth, body, files }) => identifyFromRequest(deps, auth, body, files),
  });
  return { jobs: [listingIdentityJob(database.db)] };
}
