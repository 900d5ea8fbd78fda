import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.ts';
import { distributorFeeds } from '../../db/schema.ts';

/**
 * A pull holds its feed for at most this long between renewals; a server that died mid-pull frees
 * the feed when it lapses.
 */
export const FEED_LEASE_MS = 10 * 60 * 1000;

export type FeedRow = typeof distributorFeeds.$inferSelect;

const free = () => or(isNull(distributorFeeds.leasedUntil), lt(distributorFeeds.leasedUntil, sql`now()`));
const leaseEnd = () => sql`now() + ${`${FEED_LEASE_MS} milliseconds`}::interval`;

/** A new holder's token. */
export const newLeaseToken = (): string => randomUUID();

/**
 * Takes one feed for a pull: succeeds for one caller at a time, across every server instance (the
 * conditional update is atomic); null when another pull holds it.
 */
export async function claimFeed(db: Database, feedId: string, token: string): Promise<FeedRow | null> {
  const [row] = await db
    .update(distributorFeeds)
    .set({ leaseToken: token, leasedUntil: leaseEnd() })
    .where(and(eq(distributorFeeds.id, feedId), free()))
    .returning();
  return row ?? null;
}

/**
 * Takes up to `limit` active feeds whose pull is due, oldest due first. Rows another instance is
 * claiming at the same moment are skipped (FOR UPDATE SKIP LOCKED), so no feed is taken twice.
 */
export async function claimDueFeeds(db: Database, token: string, limit: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`select id from distributor_feeds
        where is_active and next_run_at <= now() and (leased_until is null or leased_until < now())
        order by next_run_at limit ${limit} for update skip locked`,
    );
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    await tx.execute(sql`update distributor_feeds set lease_token = ${token}, leased_until = ${leaseEnd()}
      where id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`);
    return ids;
  });
}

/** Extends the holder's lease while a long pull runs; false when the holder lost it. */
export async function renewFeedLease(db: Database, feedId: string, token: string): Promise<boolean> {
  const rows = await db
    .update(distributorFeeds)
    .set({ leasedUntil: leaseEnd() })
    .where(and(eq(distributorFeeds.id, feedId), eq(distributorFeeds.leaseToken, token)))
    .returning({ id: distributorFeeds.id });
  return rows.length > 0;
}

/** Frees the feed, writing what the pull learned, when this holder still holds it. */
export async function releaseFeed(
  db: Database,
  feedId: string,
  token: string,
  values: Partial<Pick<FeedRow, 'lastRunAt' | 'lastStatus' | 'lastMessage' | 'nextRunAt'>> = {},
): Promise<void> {
  await db
    .update(distributorFeeds)
    .set({ ...values, leaseToken: null, leasedUntil: null })
    .where(and(eq(distributorFeeds.id, feedId), eq(distributorFeeds.leaseToken, token)));
}
