/** Account state flags carried by the token's accountOptions claim. */
export const AccountOption = {
  None: 0,
  FrozenForNonPayment: 1,
  FrozenForFraud: 2,
  PendingRegistration: 4,
} as const;
export type AccountOption = (typeof AccountOption)[keyof typeof AccountOption];

/** User preference flags carried by the token's userOptions claim. */
export const UserOption = {
  None: 0,
  IsVIP: 1,
  ShowPortalMessage: 2,
  AttestedToTermsOfService: 4,
  AttestedToMarketingOptIn: 8,
  WhatIsMyGunWorthAllowed: 16,
} as const;
export type UserOption = (typeof UserOption)[keyof typeof UserOption];

/** Account status; Locked only appears as a token status and sends the user to registration. */
export const UserStatus = { Active: 'Active', Inactive: 'Inactive', Locked: 'Locked' } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

export const FreezeReason = { NonPayment: 'NonPayment', Fraud: 'Fraud' } as const;
export type FreezeReason = (typeof FreezeReason)[keyof typeof FreezeReason];

export const AlertLocation = {
  UserDashboard: 'UserDashboard',
  HomePage: 'HomePage',
  SearchByTerm: 'SearchByTerm',
  SearchByCategory: 'SearchByCategory',
} as const;
export type AlertLocation = (typeof AlertLocation)[keyof typeof AlertLocation];

/** Role claim values; Buyer is a plain member without selling rights. */
export const Role = {
  Buyer: 'Buyer',
  BasicSeller: 'BasicSeller',
  TrustedSeller: 'TrustedSeller',
  PlatinumSeller: 'PlatinumSeller',
  Admin: 'Admin',
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const SELLER_ROLES: readonly Role[] = [Role.BasicSeller, Role.TrustedSeller, Role.PlatinumSeller];

type RoleClaim = string | readonly string[] | undefined | null;

export const rolesOf = (claim: RoleClaim): readonly string[] =>
  claim === undefined || claim === null ? [] : typeof claim === 'string' ? [claim] : claim;

/** A seller is anyone whose role claim (one role or a list) holds a seller role. */
export function isSellerRole(claim: RoleClaim): boolean {
  return rolesOf(claim).some((role) => (SELLER_ROLES as readonly string[]).includes(role));
}

export function isAdminRole(claim: RoleClaim): boolean {
  return rolesOf(claim).includes(Role.Admin);
}

/** Avatar initials: first letter of first and last name, upper-cased. */
export function initialsOf(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  const first = (firstName ?? '').trim().charAt(0);
  const last = (lastName ?? '').trim().charAt(0);
  return `${first}${last}`.toUpperCase();
}
