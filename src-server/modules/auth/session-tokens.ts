import { formatFlagNames } from '../../../shared/domain/flags.ts';
import { AccountOption, UserOption } from '../../../shared/domain/user.ts';
import type { UserRow } from '../../core/accounts/users-repository.ts';
import { signToken, type TokenPayload } from './tokens.ts';

/** How long an admin may act as a user on one token: an hour, then they impersonate again. */
export const IMPERSONATION_LIFETIME_SECONDS = 60 * 60;

/** The session token claims (see docs/security.md); role is a plain string when the account has one role, else the list. */
export function tokenPayloadFor(user: UserRow): TokenPayload {
  const roles = user.roles.length > 0 ? user.roles : ['Buyer'];
  return {
    role: roles.length === 1 ? (roles[0] as string) : [...roles],
    status: user.status,
    unique_name: user.id,
    email: user.email,
    given_name: user.firstName,
    family_name: user.lastName,
    userOptions: formatFlagNames(UserOption, user.userOptions),
    accountOptions: formatFlagNames(AccountOption, user.accountOptions),
    sellerDisplayName: user.sellerDisplayName ?? '',
    phoneNumber: user.phone ?? '',
  };
}

/** Signs a session token for the account, stamped with its current token version. */
export function issueSessionToken(user: UserRow, secret: string, now: Date = new Date()): Promise<string> {
  return signToken({ ...tokenPayloadFor(user), ver: user.tokenVersion }, secret, now);
}

/** A short-lived token for the account that names the admin acting as it (claim `act`). */
export function issueImpersonationToken(
  user: UserRow,
  adminId: string,
  secret: string,
  now: Date = new Date(),
): Promise<string> {
  return signToken(
    { ...tokenPayloadFor(user), ver: user.tokenVersion, act: { sub: adminId } },
    secret,
    now,
    IMPERSONATION_LIFETIME_SECONDS,
  );
}
