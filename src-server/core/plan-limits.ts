import { and, count, eq, sql } from 'drizzle-orm';
import { STAFF_LISTING_OPTIONS } from '../../shared/domain/listing.ts';
import { listingLimitReachedMessage, MEMBERSHIP_PLANS, planOfRoles } from '../../shared/domain/membership.ts';
import type { DbExecutor } from '../db/client.ts';
import { listings, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

// A membership plan's listing limit (shared/domain/membership.ts), as the listing form, bulk
// uploads, distributor feeds and the seller API apply it; changing plans is billing's.

/** Listings that count toward a plan's limit: on sale now, not frozen by staff. */
export const ACTIVE_LISTING = and(
  eq(listings.isActive, true),
  eq(listings.isSold, false),
  sql`${listings.quantity} > 0`,
  sql`(${listings.listingOptions} & ${STAFF_LISTING_OPTIONS}) = 0`,
);

export async function activeListingCount(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(listings)
    .where(and(eq(listings.userId, userId), ACTIVE_LISTING));
  return row?.total ?? 0;
}

/**
 * How many more listings the seller's plan lets them have on sale (`room` null: no limit), with the
 * message for one past it. Called in the writing transaction: the seller row is locked first, so
 * two writes cannot both take the last place.
 */
export async function listingRoom(
  tx: DbExecutor,
  userId: string,
  roles: readonly string[],
): Promise<{ room: number | null; message: string }> {
  const plan = MEMBERSHIP_PLANS[planOfRoles(roles)];
  if (plan.listingLimit === null) return { room: null, message: '' };
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return {
    room: Math.max(0, plan.listingLimit - (await activeListingCount(tx, userId))),
    message: listingLimitReachedMessage(plan.name, plan.listingLimit),
  };
}

/** 403 when a new listing would pass the seller's plan limit (the listing form's save). */
export async function assertUnderListingLimit(tx: DbExecutor, userId: string, roles: readonly string[]) {
  const { room, message } = await listingRoom(tx, userId, roles);
  if (room === 0) throw new AppError(403, 'forbidden', message, { extra: { reason: 'ListingLimit' } });
}
