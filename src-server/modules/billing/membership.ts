import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { UpdateMembershipPlanResponse } from '../../../shared/contract/billing.ts';
import type { MembershipPlan } from '../../../shared/contract/user-profile.ts';
import { STAFF_LISTING_OPTIONS } from '../../../shared/domain/listing.ts';
import {
  formatCents,
  listingLimitReachedMessage,
  MEMBERSHIP_PLANS,
  overLimitMessage,
  PLAN_ORDER,
  type PlanRole,
  periodOf,
  planOfRoles,
  prorationCents,
  rolesWithPlan,
} from '../../../shared/domain/membership.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { listings, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { issueSessionToken } from '../auth/session-tokens.ts';
import { LedgerKind, postCharge, postProrationCredit } from './ledger.ts';

export interface BillingDeps {
  db: Database;
  jwtSecret: string;
  now: () => Date;
}

/** Listings that count toward a plan's limit: on sale now, not frozen by staff. */
const ACTIVE_LISTING = and(
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

/**
 * POST /users/updateMembershipPlan. In one transaction, the account row locked: a downgrade below
 * the seller's active listings is refused with the listings to close (the newest beyond the limit);
 * the part of the month still to run is charged (upgrade) or credited (downgrade) in the ledger;
 * the roles change. The answer carries a token with the new role.
 */
export async function updateMembershipPlan(
  deps: BillingDeps,
  auth: AuthContext,
  plan: MembershipPlan,
): Promise<UpdateMembershipPlanResponse> {
  const now = deps.now();
  const target = plan as PlanRole;
  const updated = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, auth.userId)).for('update');
    if (!user) throw notFound('No such account.');
    const current = planOfRoles(user.roles);
    if (current === target) return user;
    const terms = MEMBERSHIP_PLANS[target];
    if (terms.listingLimit !== null) {
      const active = await tx
        .select({ id: listings.id, title: listings.title })
        .from(listings)
        .where(and(eq(listings.userId, user.id), ACTIVE_LISTING))
        .orderBy(asc(listings.createdAt), asc(listings.id));
      if (active.length > terms.listingLimit) {
        const toClose = active.slice(terms.listingLimit);
        throw new AppError(
          409,
          'conflict',
          overLimitMessage(
            terms.name,
            terms.listingLimit,
            toClose.map((l) => l.title),
          ),
          {
            extra: { listingsToClose: toClose },
          },
        );
      }
    }
    const cents = prorationCents(current, target, now);
    const description = `${MEMBERSHIP_PLANS[current].name} to ${terms.name}, prorated for the rest of ${periodOf(now)}`;
    if (cents > 0)
      await postCharge(tx, LedgerKind.MembershipCharge, user.id, cents, description, { at: now });
    if (cents < 0)
      await postProrationCredit(tx, user.id, -cents, `${description} (${formatCents(-cents)} back)`, {
        at: now,
      });
    const [changed] = await tx
      .update(users)
      .set({ roles: rolesWithPlan(user.roles, target), updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    return changed ?? user;
  });
  return { plan: planOfRoles(updated.roles), jwtToken: await issueSessionToken(updated, deps.jwtSecret) };
}

/** Plans a user may pick, cheapest first (the membership page's order). */
export const PLANS_IN_ORDER = PLAN_ORDER.map((role) => MEMBERSHIP_PLANS[role]);
