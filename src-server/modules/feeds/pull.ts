import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import {
  DISTRIBUTOR_FEED_INTERVAL_MS,
  DISTRIBUTOR_FEED_MAX_BYTES,
  type DistributorFeedRun,
  DistributorFeedRunStatus,
  FEED_RUN_ERRORS_KEPT,
} from '../../../shared/contract/distributor-feeds.ts';
import { LISTING_INELIGIBILITY_MESSAGES } from '../../../shared/contract/users.ts';
import { listingEligibilityOf } from '../../core/accounts/account-state.ts';
import { findUserById } from '../../core/accounts/users-repository.ts';
import { firearmIndex } from '../../core/firearm-reference.ts';
import type { Database } from '../../db/client.ts';
import { distributorFeedRuns } from '../../db/schema.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import { fetchRemoteFile, RemoteFetchError } from '../../http/remote-fetch.ts';
import { closeMissingFeedListings, upsertInventory } from '../inventory/index.ts';
import { feedInventoryItems } from './feed-inventory.ts';
import type { FeedLineError } from './formats/feed-item.ts';
import { claimFeed, type FeedRow, newLeaseToken, releaseFeed, renewFeedLease } from './lease.ts';
import { parseFeed } from './parse-feed.ts';

export interface FeedDeps {
  db: Database;
  blobs: BlobStore;
  /** Loopback and private feed addresses are allowed only where tests serve feeds locally. */
  allowPrivateAddresses: boolean;
  /** The longest a feed download may take. */
  fetchTimeoutMs?: number;
  /** Where an unexpected failure of a pull is logged. */
  onError: (error: unknown) => void;
}

/** Items written per transaction: each batch commits whole or not at all. */
export const FEED_BATCH_SIZE = 500;
/** Runs kept per feed; older ones are removed after each pull. */
const RUNS_KEPT = 20;
const DEFAULT_FETCH_TIMEOUT_MS = 120_000;
const INTERRUPTED =
  'The server stopped during this pull; the batches it wrote stay, and the next pull completes it.';

type RunTrigger = DistributorFeedRun['trigger'];

interface RunTally {
  totalRows: number;
  created: number;
  updated: number;
  unchanged: number;
  closed: number;
  skipped: number;
  failed: number;
  errors: FeedLineError[];
}

const emptyTally = (): RunTally => ({
  totalRows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  closed: 0,
  skipped: 0,
  failed: 0,
  errors: [],
});

/** The feed file's bytes: downloaded within limits, or the dealer's upload from the blob store. */
async function readSource(deps: FeedDeps, feed: FeedRow): Promise<Uint8Array> {
  if (feed.source === 'upload') {
    const bytes = feed.fileKey ? await deps.blobs.get(feed.fileKey) : null;
    if (!bytes) throw new RemoteFetchError('The uploaded feed file is missing. Upload it again.');
    return bytes;
  }
  if (!feed.url) throw new RemoteFetchError('The feed has no address.');
  const file = await fetchRemoteFile(feed.url, {
    maxBytes: DISTRIBUTOR_FEED_MAX_BYTES,
    timeoutMs: deps.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
    allowPrivateAddresses: deps.allowPrivateAddresses,
  });
  return file.bytes;
}

/**
 * Reads the whole file, then writes it: a file that cannot be read (not text, not the format, no
 * items, mostly bad lines) changes nothing. Otherwise items are priced and checked, upserted in
 * batches under the feed (listings carry its distributor), and the feed's listings whose stock
 * numbers left the file are closed. Lines that fail are counted and listed; their stock numbers
 * keep their listings open, so one garbled line never closes a listing.
 */
async function applyFeed(
  deps: FeedDeps,
  feed: FeedRow,
  token: string,
  tally: RunTally,
): Promise<string | null> {
  // Only a seller who may list now gets listings from a feed, as from the listing form.
  const owner = await findUserById(deps.db, feed.userId);
  const reason = owner ? listingEligibilityOf(owner).reason : 'NotSeller';
  if (reason) return LISTING_INELIGIBILITY_MESSAGES[reason];
  const bytes = await readSource(deps, feed);
  const parsed = parseFeed(bytes, feed.format, feed.columnMapping);
  tally.totalRows = parsed.totalRows;
  tally.failed = parsed.failed;
  tally.errors = [...parsed.errors];
  if (parsed.fatal) return parsed.fatal;

  const { items, errors } = feedInventoryItems(parsed.items, {
    priceRule: feed.priceRule,
    shippingCost: feed.shippingCost,
    deliveryDays: feed.deliveryDays,
  });
  tally.failed += errors.length;
  tally.errors.push(...errors);
  const present = new Set<string>(parsed.items.map((item) => item.stockNumber));
  for (const error of parsed.errors) if (error.stockNumber) present.add(error.stockNumber);

  const source = { kind: 'feed', feedId: feed.id, distributorId: feed.distributorId } as const;
  for (let start = 0; start < items.length; start += FEED_BATCH_SIZE) {
    const batch = items.slice(start, start + FEED_BATCH_SIZE);
    // The reference the batch's identities are read with: one version check, outside the transaction.
    const reference = await firearmIndex(deps.db);
    const outcomes = await deps.db.transaction((tx) =>
      upsertInventory(tx, feed.userId, batch, source, { reference }),
    );
    for (const outcome of outcomes) {
      if (outcome.result === 'skipped') tally.skipped += 1;
      else tally[outcome.result] += 1;
    }
    if (!(await renewFeedLease(deps.db, feed.id, token))) {
      return 'The pull was stopped: the feed was changed or deleted while it ran.';
    }
  }
  tally.closed = await deps.db.transaction((tx) =>
    closeMissingFeedListings(tx, feed.userId, feed.id, present),
  );
  return null;
}

const summary = (tally: RunTally) =>
  `${tally.created} created, ${tally.updated} updated, ${tally.unchanged} unchanged, ${tally.closed} closed, ${tally.failed} failed.`;

/**
 * Pulls one feed now, if no other pull holds it (on this server or another): records a run with
 * its counts and errors, and schedules the next pull. Answers the run's id, or null when the feed
 * is busy or gone. `claimed` is the token of a lease the caller already holds (the scheduler's).
 */
export async function pullFeed(
  deps: FeedDeps,
  feedId: string,
  trigger: RunTrigger,
  claimed?: string,
): Promise<string | null> {
  const token = claimed ?? newLeaseToken();
  const feed = claimed
    ? ((await deps.db.query.distributorFeeds.findFirst({
        where: (feeds, { and, eq }) => and(eq(feeds.id, feedId), eq(feeds.leaseToken, claimed)),
      })) ?? null)
    : await claimFeed(deps.db, feedId, token);
  if (!feed) return null;

  // Holding the feed, any run still marked running was cut off (its server stopped) before it ended.
  await deps.db
    .update(distributorFeedRuns)
    .set({ status: DistributorFeedRunStatus.Failed, finishedAt: new Date(), message: INTERRUPTED })
    .where(
      and(
        eq(distributorFeedRuns.feedId, feedId),
        eq(distributorFeedRuns.status, DistributorFeedRunStatus.Running),
      ),
    );

  const [run] = await deps.db
    .insert(distributorFeedRuns)
    .values({ feedId, trigger, status: DistributorFeedRunStatus.Running })
    .returning({ id: distributorFeedRuns.id });
  const runId = run?.id as string;
  await releaseStatus(deps, feed, token, null, DistributorFeedRunStatus.Running, 'Pulling the feed…', false);

  const tally = emptyTally();
  let failure: string | null;
  try {
    failure = await applyFeed(deps, feed, token, tally);
  } catch (error) {
    failure =
      error instanceof RemoteFetchError
        ? error.message
        : 'The pull failed on the server. It will be tried again.';
    if (!(error instanceof RemoteFetchError)) deps.onError(error);
  }
  const status = failure ? DistributorFeedRunStatus.Failed : DistributorFeedRunStatus.Succeeded;
  const message = failure ?? summary(tally);
  if (failure && tally.errors.length === 0)
    tally.errors.push({ line: 0, stockNumber: null, message: failure });
  await deps.db
    .update(distributorFeedRuns)
    .set({
      status,
      finishedAt: new Date(),
      totalRows: tally.totalRows,
      createdCount: tally.created,
      updatedCount: tally.updated,
      unchangedCount: tally.unchanged,
      closedCount: tally.closed,
      skippedCount: tally.skipped,
      failedCount: tally.failed,
      message,
      errors: tally.errors.slice(0, FEED_RUN_ERRORS_KEPT),
    })
    .where(eq(distributorFeedRuns.id, runId));
  await trimRuns(deps.db, feedId);
  await releaseStatus(deps, feed, token, new Date(), status, message, true);
  return runId;
}

/** Writes the feed's last status; `finish` also schedules the next pull and frees the feed. */
async function releaseStatus(
  deps: FeedDeps,
  feed: FeedRow,
  token: string,
  lastRunAt: Date | null,
  lastStatus: DistributorFeedRun['status'],
  lastMessage: string,
  finish: boolean,
): Promise<void> {
  if (!finish) {
    await deps.db.execute(sql`update distributor_feeds set last_status = ${lastStatus}, last_message = ${lastMessage}
      where id = ${feed.id} and lease_token = ${token}`);
    return;
  }
  await releaseFeed(deps.db, feed.id, token, {
    lastRunAt,
    lastStatus,
    lastMessage,
    nextRunAt: new Date(Date.now() + DISTRIBUTOR_FEED_INTERVAL_MS[feed.schedule]),
  });
}

async function trimRuns(db: Database, feedId: string): Promise<void> {
  const keep = db
    .select({ id: distributorFeedRuns.id })
    .from(distributorFeedRuns)
    .where(eq(distributorFeedRuns.feedId, feedId))
    .orderBy(desc(distributorFeedRuns.startedAt))
    .limit(RUNS_KEPT);
  await db
    .delete(distributorFeedRuns)
    .where(and(eq(distributorFeedRuns.feedId, feedId), notInArray(distributorFeedRuns.id, keep)));
}
