import type { PeriodicJob } from '../../periodic-jobs.ts';
import { claimDueFeeds, newLeaseToken, releaseFeed } from './lease.ts';
import { type FeedDeps, pullFeed } from './pull.ts';

/** How often a server looks for feeds whose pull is due. */
export const FEED_SCHEDULER_INTERVAL_MS = 60_000;
/** Feeds one server takes per look; the others wait for the next look or another server. */
const FEEDS_PER_TICK = 4;

/**
 * Pulls the feeds that are due, one after another. Each is claimed first (SKIP LOCKED, then a lease),
 * so two servers never pull one feed at once and a pull started by hand is never doubled.
 * A server that stops (`stopping`) finishes the pull under way and gives back the feeds it claimed
 * but did not start, still due, for another server's next look rather than after their lease.
 * Answers how many feeds this server took.
 */
export async function runDueFeeds(
  deps: FeedDeps,
  limit = FEEDS_PER_TICK,
  stopping?: AbortSignal,
): Promise<number> {
  const token = newLeaseToken();
  const ids = await claimDueFeeds(deps.db, token, limit);
  for (const [index, id] of ids.entries()) {
    if (stopping?.aborted) {
      for (const left of ids.slice(index)) await releaseFeed(deps.db, left, token);
      break;
    }
    await pullFeed(deps, id, 'schedule', token);
  }
  return ids.length;
}

/** Runs due pulls in the server while it is up. */
export function feedPullJob(deps: FeedDeps): PeriodicJob {
  return {
    atBoot: async () => {},
    run: async (stopping) => {
      await runDueFeeds(deps, FEEDS_PER_TICK, stopping);
    },
    intervalMs: FEED_SCHEDULER_INTERVAL_MS,
    failureMessage: 'distributor feed pulls failed',
  };
}
