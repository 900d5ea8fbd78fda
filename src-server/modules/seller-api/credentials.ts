import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ClientCredential, SellerApiResponse } from '../../../shared/contract/seller-api-credentials.ts';
import { hasFlag } from '../../../shared/domain/flags.ts';
import { AccountOption, isSellerRole, UserStatus } from '../../../shared/domain/user.ts';
import type { Database } from '../../db/client.ts';
import { sellerApiCredentials, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { purposeKey } from '../auth/index.ts';

/** Active credentials a seller may hold at once. */
export const MAX_CREDENTIALS_PER_SELLER = 10;

const CLIENT_ID_PREFIX = 'isc_';
const SECRET_PREFIX = 'iss_';

/**
 * The secret is 256 random bits, so it cannot be guessed and needs no slow password hash (which
 * would only make every token request cost CPU an attacker could spend for us). It is kept as an
 * HMAC-SHA-256 under a key derived from the server secret: a copy of the database alone can then
 * neither check a guessed secret nor link one seen elsewhere to its row. Changing the server secret
 * invalidates every credential, as it does every session.
 */
export function secretHashOf(serverSecret: string, clientSecret: string): string {
  return createHmac('sha256', purposeKey(serverSecret, 'seller-api client secret'))
    .update(clientSecret, 'utf8')
    .digest('base64url');
}

/** Compares two hashes in time independent of where they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export const newClientId = () => `${CLIENT_ID_PREFIX}${randomBytes(16).toString('hex')}`;
export const newClientSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

export interface CredentialDeps {
  db: Database;
  secret: string;
}

type CredentialRow = typeof sellerApiCredentials.$inferSelect;

const toCredential = (row: CredentialRow): ClientCredential => ({
  id: row.id,
  name: row.name,
  clientId: row.clientId,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

async function activeCredentialsOf(db: Database, userId: string): Promise<ClientCredential[]> {
  const rows = await db
    .select()
    .from(sellerApiCredentials)
    .where(and(eq(sellerApiCredentials.userId, userId), isNull(sellerApiCredentials.revokedAt)))
    .orderBy(desc(sellerApiCredentials.createdAt), desc(sellerApiCredentials.id));
  return rows.map(toCredential);
}

const NOT_A_SELLER = 'Only seller accounts can create seller-API credentials.';

/**
 * POST /users/sellerapi: the caller's active credentials, newest first; with `generate` one is
 * created first and answered with its secret, this once. A credential acts as its seller, so only
 * an account with a seller role creates one (an Admin without one is refused).
 */
export async function listOrCreateCredentials(
  deps: CredentialDeps,
  auth: AuthContext,
  body: { generate: boolean; name?: string | undefined },
): Promise<SellerApiResponse> {
  let created: SellerApiResponse['created'] = null;
  if (body.generate) {
    if (!auth.isSeller) throw forbidden(NOT_A_SELLER);
    const clientSecret = newClientSecret();
    const row = await deps.db.transaction(async (tx) => {
      // Two requests of one seller take turns, so together they cannot pass the limit.
      await tx.execute(sql`select id from users where id = ${auth.userId} for update`);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(sellerApiCredentials)
        .where(and(eq(sellerApiCredentials.userId, auth.userId), isNull(sellerApiCredentials.revokedAt)));
      if ((count?.n ?? 0) >= MAX_CREDENTIALS_PER_SELLER) {
        throw conflict(
          `You already have ${MAX_CREDENTIALS_PER_SELLER} credentials. Revoke one you no longer use first.`,
        );
      }
      const [inserted] = await tx
        .insert(sellerApiCredentials)
        .values({
          userId: auth.userId,
          name: body.name ?? '',
          clientId: newClientId(),
          secretHash: secretHashOf(deps.secret, clientSecret),
        })
        .returning();
      if (!inserted) throw new Error('The credential was not created');
      return inserted;
    });
    created = { ...toCredential(row), clientSecret };
  }
  return { credentials: await activeCredentialsOf(deps.db, auth.userId), created };
}

/**
 * DELETE /users/clientCredentials/{id}: revokes one of the caller's credentials (an Admin: anyone's).
 * Another seller's, or one already revoked, answers 404 as an unknown id does. Its tokens are
 * refused from the next call on, as each call reads the credential.
 */
export async function revokeCredential(deps: CredentialDeps, auth: AuthContext, id: string) {
  const revoked = await deps.db
    .update(sellerApiCredentials)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sellerApiCredentials.id, id),
        isNull(sellerApiCredentials.revokedAt),
        auth.isAdmin ? undefined : eq(sellerApiCredentials.userId, auth.userId),
      ),
    )
    .returning({ id: sellerApiCredentials.id });
  if (revoked.length === 0) throw notFound('No credential with that id.');
  return { success: true as const };
}

/** The account state a credential may act in: active, not frozen for fraud, still a seller. */
export function accountMayUseApi(account: {
  roles: readonly string[];
  status: string;
  accountOptions: number;
}): boolean {
  return (
    account.status === UserStatus.Active &&
    !hasFlag(account.accountOptions, AccountOption.FrozenForFraud) &&
    isSellerRole(account.roles)
  );
}

export interface ActiveCredential {
  id: string;
  userId: string;
  clientId: string;
  lastUsedAt: Date | null;
}

/** An unrevoked credential of an account that may use the API, by id (one primary-key read). */
export async function activeCredentialById(db: Database, id: string): Promise<ActiveCredential | null> {
  const [row] = await db
    .select({
      id: sellerApiCredentials.id,
      userId: sellerApiCredentials.userId,
      clientId: sellerApiCredentials.clientId,
      lastUsedAt: sellerApiCredentials.lastUsedAt,
      roles: users.roles,
      status: users.status,
      accountOptions: users.accountOptions,
    })
    .from(sellerApiCredentials)
    .innerJoin(users, eq(users.id, sellerApiCredentials.userId))
    .where(and(eq(sellerApiCredentials.id, id), isNull(sellerApiCredentials.revokedAt)))
    .limit(1);
  if (!row || !accountMayUseApi(row)) return null;
  return { id: row.id, userId: row.userId, clientId: row.clientId, lastUsedAt: row.lastUsedAt };
}

/** A dummy hash compared when no credential has the client id, so the answer takes the same time. */
const NO_SUCH_HASH = 'x'.repeat(43);

/**
 * The credential of a client id and secret, when both are right, the credential is not revoked and
 * its account may use the API; otherwise null, whichever part was wrong.
 */
export async function credentialForClient(
  deps: CredentialDeps,
  clientId: string,
  clientSecret: string,
): Promise<ActiveCredential | null> {
  const [row] = await deps.db
    .select({ id: sellerApiCredentials.id, secretHash: sellerApiCredentials.secretHash })
    .from(sellerApiCredentials)
    .where(and(eq(sellerApiCredentials.clientId, clientId), isNull(sellerApiCredentials.revokedAt)))
    .limit(1);
  const matches = sameHash(secretHashOf(deps.secret, clientSecret), row?.secretHash ?? NO_SUCH_HASH);
  if (!row || !matches) return null;
  return activeCredentialById(deps.db, row.id);
}

/** Records that a credential was used now. */
export async function touchCredential(db: Database, id: string): Promise<void> {
  await db
    .update(sellerApiCredentials)
    .set({ lastUsedAt: new Date() })
    .where(eq(sellerApiCredentials.id, id));
}
