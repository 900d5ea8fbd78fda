import type { AdminAuditAction } from '../../shared/contract/admin.ts';
import type { DbExecutor } from '../db/client.ts';
import { adminAuditLog } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-context.ts';

/*
 * Writing the append-only audit log. Kept apart from the console's service so that modules acting
 * for staff (moderation, escrow disputes) record their actions without loading the console.
 */

/** Who acted and from where, as every audit entry records it. */
export interface AdminActor {
  auth: AuthContext;
  /** The caller's address as the server saw it. */
  address: string;
}

export async function audit(
  tx: DbExecutor,
  actor: AdminActor,
  action: AdminAuditAction,
  target: { id: string; email: string } | null,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: actor.auth.userId,
    adminEmail: actor.auth.claims.email,
    action,
    targetUserId: target?.id ?? null,
    targetEmail: target?.email ?? null,
    address: actor.address,
    before,
    after,
  });
}
