import { sql } from 'drizzle-orm';
import type { BlockedUser } from '../../../shared/contract/messages.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { displayName, MESSAGE_ERRORS } from './service.ts';

/* An account blocks another: the blocked one can no longer send it messages. */

export async function isBlocked(db: DbExecutor, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await queryRows<{ blocked: boolean }>(
    db,
    sql`select exists (select 1 from user_blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}) as blocked`,
  );
  return rows[0]?.blocked === true;
}

export async function blockUser(db: DbExecutor, auth: AuthContext, userId: string): Promise<void> {
  if (userId === auth.userId) throw badRequest(MESSAGE_ERRORS.blockSelf);
  const users = await queryRows<{ id: string }>(db, sql`select id from users where id = ${userId}`);
  if (users.length === 0) throw notFound(MESSAGE_ERRORS.userNotFound);
  await db.execute(sql`insert into user_blocks (blocker_id, blocked_id) values (${auth.userId}, ${userId})
    on conflict do nothing`);
}

export async function unblockUser(db: DbExecutor, auth: AuthContext, userId: string): Promise<void> {
  await db.execute(sql`delete from user_blocks where blocker_id = ${auth.userId} and blocked_id = ${userId}`);
}

export async function listBlockedUsers(db: DbExecutor, auth: AuthContext): Promise<BlockedUser[]> {
  const rows = await queryRows<{ user_id: string; name: string; created_at: Date | string }>(
    db,
    sql`select b.blocked_id as user_id, ${displayName('u')} as name, b.created_at from user_blocks b
      join users u on u.id = b.blocked_id where b.blocker_id = ${auth.userId} order by b.created_at desc`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    displayName: row.name,
    blockedAt: new Date(row.created_at).toISOString(),
  }));
}
