import type { UserProfile } from '../../../shared/contract/user-profile.ts';
import { initialsOf, isSellerRole, Role } from '../../../shared/domain/user.ts';
import { hasPaymentSetup } from '../../core/accounts/account-state.ts';
import type { UserRow } from '../../core/accounts/users-repository.ts';

/** The membership plan is the highest plan role the account holds; staff-only accounts have none. */
const PLAN_ORDER = [Role.PlatinumSeller, Role.TrustedSeller, Role.BasicSeller, Role.Buyer] as const;

export function membershipPlanOf(roles: readonly string[]): UserProfile['membershipPlan'] {
  return PLAN_ORDER.find((plan) => roles.includes(plan)) ?? null;
}

export function toUserProfile(user: UserRow): UserProfile {
  const hasAddress = Boolean(user.address1 && user.city && user.state && user.zip);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    initials: initialsOf(user.firstName, user.lastName),
    email: user.email,
    phone: user.phone,
    isSeller: isSellerRole(user.roles),
    isDealer: user.isDealer,
    roles: [...user.roles],
    status: user.status,
    membershipPlan: membershipPlanOf(user.roles),
    sellerDisplayName: user.sellerDisplayName,
    userOptions: user.userOptions,
    accountOptions: user.accountOptions,
    address: hasAddress
      ? {
          address1: user.address1 ?? '',
          address2: user.address2,
          city: user.city ?? '',
          state: user.state ?? '',
          zip: user.zip ?? '',
        }
      : null,
    hasAcceptedPaymentSetup: hasPaymentSetup(user),
    legacyListerId: user.legacyListerId,
    createdAt: user.createdAt.toISOString(),
  };
}
