import { formatFlagNames } from '../../../shared/domain/flags.ts';
import { AccountOption, UserOption } from '../../../shared/domain/user.ts';
import type { UserRow } from '../accounts/users-repository.ts';
import { signToken, type TokenPayload } from './tokens.ts';

/** The claims of spec §3; role is a plain string when the account has one role, else the list. */
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

/**
 * Signs a session token for the account. It is dated no earlier than the account's
 * `tokensValidAfter`, so a token issued in the same second as a password change stays valid while
 * every token issued before the change is refused.
 */
export function issueSessionToken(user: UserRow, secret: string, now: Date = new Date()): Promise<string> {
  // Issue times are whole seconds: round the cut-off up so the token is not dated before it.
  const validAfter = Math.ceil((user.tokensValidAfter?.getTime() ?? 0) / 1000) * 1000;
  return signToken(tokenPayloadFor(user), secret, new Date(Math.max(now.getTime(), validAfter)));
}

/**
 * The instant from which tokens count again after a password change or lock: the next whole
 * second, as token issue times are whole seconds.
 */
export function nextWholeSecond(now: Date = new Date()): Date {
  return new Date((Math.floor(now.getTime() / 1000) + 1) * 1000);
}
