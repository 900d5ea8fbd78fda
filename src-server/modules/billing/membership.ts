import { and, asc, eq } from 'drizzle-orm';
import type { UpdateMembershipPlanResponse } from '../../../shared/contract/billing.ts';
import type { MembershipPlan } from '../../../shared/contract/user-profile.ts';
import {
  formatCents,
  MEMBERSHIP_PLANS,
  overLimitMessage,
  PLAN_ORDER,
  type PlanRole,
  periodOf,
  planOfRoles,
  prorationCents,
  rolesWithPlan,
} from '../../../shared/domain/membership.ts';
import { ACTIVE_LISTING } from '../../core/plan-limits.ts';
import type { Database } from '../../db/client.ts';
import { listings, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { issueSessionToken } from '../auth/index.ts';
import { LedgerKind, postMovement } from './ledger.ts';

export interface BillingDeps {
  db: Database;
  jwtSecret: string;
  now: () => Date;
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
          { extra: { listingsToClose: toClose } },
        );
      }
    }
    const cents = prorationCents(current, target, now);
    const description = `${MEMBERSHIP_PLANS[current].name} to ${terms.name}, prorated for the rest of ${periodOf(now)}`;
    if (cents > 0)
      await postMovement(tx, LedgerKind.MembershipCharge, { user: user.id }, cents, description, { at: now });
    if (cents < 0)
      await postMovement(
        tx,
        LedgerKind.ProrationCredit,
        { user: user.id },
        -cents,
        `${description} (${formatCents(-cents)} back)`,
        { at: now },
      );
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
