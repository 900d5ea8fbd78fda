import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { accountTokens } from '../../db/schema.ts';

export type OneTimePurpose = 'EmailConfirm' | 'PasswordReset';

export const ONE_TIME_TOKEN_LIFETIME: Readonly<Record<OneTimePurpose, number>> = {
  /** Seconds a confirmation link stays valid. */
  EmailConfirm: 7 * 24 * 60 * 60,
  /** Seconds a reset link stays valid. */
  PasswordReset: 60 * 60,
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a one-time token for a link and answers it; only its hash is stored. Earlier unused
 * tokens of the same purpose for the account stop working, so only the newest link counts.
 */
export async function createOneTimeToken(
  db: DbExecutor,
  userId: string,
  purpose: OneTimePurpose,
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
  await db.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ONE_TIME_TOKEN_LIFETIME[purpose] * 1000),
  });
  return token;
}

/**
 * Redeems a token: marks it used and answers its account id, or null when it is unknown, used,
 * expired, of another purpose or (when given) of another account. Marking and checking are one
 * statement, so a token can be redeemed once even by concurrent requests.
 */
export async function redeemOneTimeToken(
  db: DbExecutor,
  token: string,
  purpose: OneTimePurpose,
  userId?: string,
  now: Date = new Date(),
): Promise<string | null> {
  const conditions = [
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  ];
  if (userId) conditions.push(eq(accountTokens.userId, userId));
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(...conditions))
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}
