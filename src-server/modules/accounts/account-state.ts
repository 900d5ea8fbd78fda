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
