import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { signIns } from '../../db/schema.ts';

/** How many of a user's sign-ins the admin console shows. */
export const RECENT_SIGN_INS = 10;

/** Where a sign-in came from, as the server saw it. */
export interface SignInClient {
  address: string;
  userAgent?: string | undefined;
}

/** Records a successful sign-in (a token was issued). */
export async function recordSignIn(db: DbExecutor, userId: string, client: SignInClient): Promise<void> {
  await db.insert(signIns).values({
    userId,
    address: client.address,
    // A header is whatever the client sends: kept short.
    userAgent: client.userAgent?.slice(0, 300) || null,
  });
}

/** The user's newest sign-ins, newest first. */
export async function recentSignIns(db: DbExecutor, userId: string, limit = RECENT_SIGN_INS) {
  const rows = await db
    .select()
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.createdAt), desc(signIns.id))
    .limit(limit);
  return rows.map((row) => ({
    address: row.address,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  }));
}
