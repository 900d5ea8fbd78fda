import {
  LISTING_INELIGIBILITY_LINKS,
  LISTING_INELIGIBILITY_MESSAGES,
  type ListingEligibility,
  type ListingIneligibility,
} from '../../../shared/contract/users.ts';
import { hasFlag } from '../../../shared/domain/flags.ts';
import { AccountOption, isSellerRole } from '../../../shared/domain/user.ts';
import type { UserRow } from './users-repository.ts';

/** A gateway or an active GunTab account is connected. */
export function hasPaymentSetup(user: Pick<UserRow, 'paymentGatewayConnected' | 'gunTabActive'>): boolean {
  return user.paymentGatewayConnected || user.gunTabActive;
}

/**
 * The login answer's `hasAcceptedPaymentSetup`: false only for a seller without a gateway or
 * GunTab, the one case where the client offers 'No Accepted Payment Method' setup. Buyers and
 * staff have nothing to set up.
 */
export function loginPaymentSetupAccepted(user: UserRow): boolean {
  return !isSellerRole(user.roles) || hasPaymentSetup(user);
}

export function isFrozenForNonPayment(user: Pick<UserRow, 'accountOptions'>): boolean {
  return hasFlag(user.accountOptions, AccountOption.FrozenForNonPayment);
}

export function isFrozenForFraud(user: Pick<UserRow, 'accountOptions'>): boolean {
  return hasFlag(user.accountOptions, AccountOption.FrozenForFraud);
}

/** Whether an account may list now, and if not the first reason why (GET /users/listing-eligibility, POST /listings/add). */
export function listingEligibilityOf(
  user: Pick<UserRow, 'roles' | 'accountOptions' | 'paymentGatewayConnected' | 'gunTabActive'>,
): ListingEligibility {
  const isSeller = isSellerRole(user.roles);
  const paymentSetup = hasPaymentSetup(user);
  const isFrozen = isFrozenForNonPayment(user) || isFrozenForFraud(user);
  const reason: ListingIneligibility | null = !isSeller
    ? 'NotSeller'
    : isFrozen
      ? 'AccountFrozen'
      : !paymentSetup
        ? 'NoPaymentSetup'
        : null;
  return {
    canList: reason === null,
    isSeller,
    hasAcceptedPaymentSetup: paymentSetup,
    isFrozen,
    reason,
    message: reason ? LISTING_INELIGIBILITY_MESSAGES[reason] : null,
    link: reason ? LISTING_INELIGIBILITY_LINKS[reason] : null,
  };
}
