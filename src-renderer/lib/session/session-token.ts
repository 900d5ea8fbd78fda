// Must run before the token's schema is used.
import '../../zod-config.ts';
import {
  decodeTokenClaims,
  isTokenExpired,
  type TokenClaims,
  tokenRoles,
} from '../../../shared/contract/auth.ts';
import { parseFlagNames } from '../../../shared/domain/flags.ts';
import {
  AccountOption,
  initialsOf,
  isAdminRole,
  isSellerRole,
  UserOption,
  type UserStatus,
} from '../../../shared/domain/user.ts';

/** The signed-in user as the token describes them. */
export interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
  initials: string;
  email: string;
  phone: string;
  isSeller: boolean;
  isAdmin: boolean;
  roles: string[];
  status: UserStatus;
  sellerDisplayName: string;
  /** Account option bits (FrozenForNonPayment, PendingRegistration, …). */
  accountOptions: number;
  /** User option bits (IsVIP, …). */
  userOptions: number;
}

export type Session =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; token: string; claims: TokenClaims; user: SessionUser };

/*
 * Reading a session from a token: decoding and checking its claims. Loaded when there is a token
 * to read, so visitors without one never download the token schema.
 */

export function userFromClaims(claims: TokenClaims): SessionUser {
  const roles = tokenRoles(claims);
  return {
    id: claims.unique_name,
    firstName: claims.given_name,
    lastName: claims.family_name,
    initials: initialsOf(claims.given_name, claims.family_name),
    email: claims.email,
    phone: claims.phoneNumber,
    isSeller: isSellerRole(roles),
    isAdmin: isAdminRole(roles),
    roles,
    status: claims.status,
    sellerDisplayName: claims.sellerDisplayName,
    accountOptions: parseFlagNames(AccountOption, claims.accountOptions),
    userOptions: parseFlagNames(UserOption, claims.userOptions),
  };
}

/**
 * The session a stored token stands for: signed in only with a token that has not expired.
 * A token that is not three-part or cannot be decoded raises `TokenDecodeError`.
 */
export function readSession(token: string | null, now: Date = new Date()): Session {
  if (!token) return { status: 'signedOut' };
  const claims = decodeTokenClaims(token);
  if (isTokenExpired(claims, now)) return { status: 'signedOut' };
  return { status: 'signedIn', token, claims, user: userFromClaims(claims) };
}
