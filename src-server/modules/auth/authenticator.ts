import { eq } from 'drizzle-orm';
import { hasFlag } from '../../../shared/domain/flags.ts';
import {
  AccountOption,
  isAdminRole,
  isSellerRole,
  rolesOf,
  UserStatus,
} from '../../../shared/domain/user.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { AuthContext, Authenticator } from '../../http/auth-context.ts';
import { verifyToken } from './tokens.ts';

/** Checks signature and expiry only, trusting the roles in the token: for tests of the HTTP layer. */
export function jwtAuthenticator(secret: string): Authenticator {
  return {
    async authenticate(token) {
      const claims = await verifyToken(token, secret);
      if (!claims) return null;
      return {
        userId: claims.unique_name,
        claims,
        roles: rolesOf(claims.role),
        isSeller: isSellerRole(claims.role),
        isAdmin: isAdminRole(claims.role),
      };
    },
  };
}

async function isActiveAdmin(db: Database, userId: string): Promise<boolean> {
  if (!GUID.test(userId)) return false;
  const [admin] = await db
    .select({ roles: users.roles, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return admin !== undefined && admin.status === UserStatus.Active && isAdminRole(admin.roles);
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks the signature and expiry first (no database work for forged or stale tokens), then one
 * primary-key read of the account. Refused: tokens of deleted, Inactive or Locked accounts and of
 * accounts frozen for fraud, and tokens whose version is not the account's `tokenVersion` (bumped by
 * a password change, reset or lock; a token without one counts as version 0). Roles come from the account as it is now, so a demoted seller or admin
 * loses those rights at once.
 */
export function accountAuthenticator(db: Database, secret: string): Authenticator {
  return {
    async authenticate(token) {
      const claims = await verifyToken(token, secret);
      if (!claims || !GUID.test(claims.unique_name)) return null;
      const [account] = await db
        .select({
          roles: users.roles,
          status: users.status,
          accountOptions: users.accountOptions,
          tokenVersion: users.tokenVersion,
        })
        .from(users)
        .where(eq(users.id, claims.unique_name))
        .limit(1);
      if (!account) return null;
      if (account.status === UserStatus.Inactive || account.status === UserStatus.Locked) return null;
      if (hasFlag(account.accountOptions, AccountOption.FrozenForFraud)) return null;
      if ((claims.ver ?? 0) !== account.tokenVersion) return null;
      // An impersonation token lives only while the admin who took it is still an active admin.
      if (claims.act && !(await isActiveAdmin(db, claims.act.sub))) return null;
      const context: AuthContext = {
        userId: claims.unique_name,
        claims,
        roles: [...account.roles],
        isSeller: isSellerRole(account.roles),
        isAdmin: isAdminRole(account.roles),
      };
      return context;
    },
  };
}
