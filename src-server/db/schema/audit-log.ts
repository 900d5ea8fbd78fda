import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AdminAuditAction } from '../../../shared/contract/admin.ts';

/**
 * Every admin action and impersonation: who, when, from where, what, and the record before and
 * after. Append-only: the database refuses updates and deletes of its rows (see its migration).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    adminId: uuid('admin_id').notNull(),
    /** Kept as written, so the entry outlives the account. */
    adminEmail: text('admin_email').notNull(),
    action: text('action').$type<AdminAuditAction>().notNull(),
    targetUserId: uuid('target_user_id'),
    targetEmail: text('target_email'),
    address: text('address').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_target_idx').on(t.targetUserId, t.createdAt),
    index('admin_audit_log_admin_idx').on(t.adminId, t.createdAt),
  ],
);
