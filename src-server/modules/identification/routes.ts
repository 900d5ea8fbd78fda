import { IDENTIFICATION_ENDPOINTS } from '../../../shared/contract/identification.ts';
import { identifyListingsAfter } from '../../core/firearm-reference.ts';
import { Throttle } from '../../core/throttle.ts';
import type { Database } from '../../db/client.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import type { PeriodicJob } from '../../periodic-jobs.ts';
import { identifyFromRequest, listingRecentSales, priceHint, valuationCache } from './service.ts';

/** How often the backfill looks for listings without an identity. */
export const LISTING_IDENTITY_MS = 60 * 1000;
/** Chunks of the backfill per run: 20,000 listings a minute, each statement short. */
const CHUNKS_PER_RUN = 10;

/** After a whole pass that found every listing identified, the backfill rests this long. */
export const LISTING_IDENTITY_REST_MS = 10 * 60 * 1000;

/** What the backfill reads a chunk with, and its clock; tests give their own. */
export interface ListingIdentityJobOptions {
  identifyAfter?: (
    db: Database,
    after: string | null,
  ) => Promise<{ next: string | null; identified: number }>;
  now?: () => number;
}

/**
 * The backfill of listing identities: listings from before the reference, or written by a path that
 * does not read identities at save, get theirs within a few passes. It walks the listings in id order
 * a chunk at a time and starts over at the end; a pass that found nothing to identify is followed by
 * a rest of LISTING_IDENTITY_REST_MS, so a catalogue that is all identified is not read every
 * minute. Safe on several instances at once: an identity is an upsert of the same row.
 */
export function listingIdentityJob(db: Database, options: ListingIdentityJobOptions = {}): PeriodicJob {
  const identifyAfter = options.identifyAfter ?? identifyListingsAfter;
  const now = options.now ?? Date.now;
  let after: string | null = null;
  let identifiedInPass = 0;
  let restUntil = 0;
  const run = async () => {
    if (now() < restUntil) return;
    for (let chunk = 0; chunk < CHUNKS_PER_RUN; chunk += 1) {
      const result = await identifyAfter(db, after);
      identifiedInPass += result.identified;
      after = result.next;
      if (after === null) {
        if (identifiedInPass === 0) restUntil = now() + LISTING_IDENTITY_REST_MS;
        identifiedInPass = 0;
        return;
      }
    }
  };
  // Nothing at boot: a restarted server takes requests first, and the backfill's first pass comes
  // with its first tick.
  return {
    atBoot: async () => {},
    run,
    intervalMs: LISTING_IDENTITY_MS,
    failureMessage: 'identifying listings failed',
  };
}

/** Firearm identification: a signed-in account identifies a firearm from photos and what it knows. */
export function registerIdentificationModule({
  endpoints,
  database,
  blobs,
  config,
}: ModuleContext): ModuleParts {
  const deps = {
    db: database.db,
    blobs,
    throttle: new Throttle(database.db),
    valuations: valuationCache(config),
  };
  endpoints(IDENTIFICATION_ENDPOINTS, {
    firearmsIdentify: ({ auth, body, files }) => identifyFromRequest(deps, auth, body, files),
    listingsRecentSales: ({ params }) => listingRecentSales(deps, params.id),
    firearmsPriceHint: ({ body }) => priceHint(deps, body),
  });
  return { jobs: [listingIdentityJob(database.db)] };
}
