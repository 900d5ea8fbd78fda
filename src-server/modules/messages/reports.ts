import { sql } from 'drizzle-orm';
import type { MessageReport, MessageReportResolution } from '../../../shared/contract/messages.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { canSee, displayName, MESSAGE_ERRORS } from './service.ts';

/* Reports of messages by their recipients, and the moderation queue staff work them from. */

/** The recipient reports a message; reporting it again updates the reason and puts it back in the queue. */
export async function reportMessage(
  db: DbExecutor,
  auth: AuthContext,
  messageId: string,
  reason: string,
): Promise<void> {
  const rows = await queryRows<{ sender_id: string; recipient_id: string }>(
    db,
    sql`select sender_id, recipient_id from messages where id = ${messageId}`,
  );
  const row = rows[0];
  if (!row) throw notFound(MESSAGE_ERRORS.notFound);
  if (row.recipient_id !== auth.userId) {
    if (!canSee(auth, row)) throw notFound(MESSAGE_ERRORS.notFound);
    throw forbidden(MESSAGE_ERRORS.reportNotRecipient);
  }
  await db.execute(sql`insert into message_reports (message_id, reporter_id, reason)
    values (${messageId}, ${auth.userId}, ${reason})
    on conflict (message_id, reporter_id) do update set reason = excluded.reason, created_at = now(),
      resolution = null, resolved_at = null, resolved_by = null`);
}

interface ReportRow extends Record<string, unknown> {
  id: string;
  reason: string;
  created_at: Date | string;
  resolution: MessageReportResolution | null;
  resolved_at: Date | string | null;
  reporter_id: string;
  reporter_name: string;
  sender_id: string;
  sender_name: string;
  sender_locked: boolean;
  sender_email: string;
  message_id: string;
  subject: string;
  body: string;
  message_created_at: Date | string;
  removed: boolean;
}

const REPORT_SELECT = sql`select p.id, p.reason, p.created_at, p.resolution, p.resolved_at,
    p.reporter_id, ${displayName('rp')} as reporter_name,
    m.sender_id, ${displayName('s')} as sender_name, s.status = 'Locked' as sender_locked, s.email as sender_email,
    m.id as message_id, m.subject, m.body, m.created_at as message_created_at, m.removed_at is not null as removed
  from message_reports p
  join messages m on m.id = p.message_id
  join users rp on rp.id = p.reporter_id
  join users s on s.id = m.sender_id`;

const toReport = (row: ReportRow): MessageReport => ({
  id: row.id,
  reason: row.reason,
  createdAt: new Date(row.created_at).toISOString(),
  reporter: { id: row.reporter_id, displayName: row.reporter_name },
  sender: { id: row.sender_id, displayName: row.sender_name, locked: row.sender_locked },
  message: {
    id: row.message_id,
    subject: row.subject,
    body: row.body,
    createdAt: new Date(row.message_created_at).toISOString(),
    removed: row.removed,
  },
  resolution: row.resolution,
  resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at).toISOString(),
});

/** The moderation queue: reports waiting for staff, newest first, or those closed, latest closed first. */
export async function listReports(
  db: DbExecutor,
  request: { page: number; pageSize: number; status: 'open' | 'resolved' },
): Promise<{ total: number; page: number; pageSize: number; results: MessageReport[] }> {
  const open = request.status === 'open';
  const where = open ? sql`p.resolution is null` : sql`p.resolution is not null`;
  const found = await pagedRead(request, {
    count: () =>
      queryRows<{ total: number | string }>(
        db,
        sql`select count(*)::int as total from message_reports p where ${where}`,
      ),
    rows: ({ limit, offset }) =>
      queryRows<ReportRow>(
        db,
        sql`${REPORT_SELECT} where ${where}
          order by ${open ? sql`p.created_at desc` : sql`p.resolved_at desc`}, p.id desc
          limit ${limit} offset ${offset}`,
      ),
  });
  return { ...found, results: found.results.map(toReport) };
}

/** One report as the queue shows it, with the sender's address for the audit log; null when unknown. */
export async function findMessageReport(
  db: DbExecutor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<(MessageReport & { senderEmail: string }) | null> {
  const rows = await queryRows<ReportRow>(
    db,
    sql`${REPORT_SELECT} where p.id = ${id}${options.lock ? sql` for update of p` : sql``}`,
  );
  const row = rows[0];
  return row ? { ...toReport(row), senderEmail: row.sender_email } : null;
}

/**
 * Closes a report with the way staff resolved it; `wholeMessage` closes every open report of its
 * message (the message is gone, so nothing is left to look at).
 */
export async function closeMessageReports(
  tx: DbExecutor,
  report: { id: string; messageId: string },
  resolution: MessageReportResolution,
  staffId: string,
  wholeMessage = false,
): Promise<void> {
  const which = wholeMessage
    ? sql`message_id = ${report.messageId} and (resolution is null or id = ${report.id})`
    : sql`id = ${report.id}`;
  await tx.execute(sql`update message_reports set resolution = ${resolution}, resolved_at = now(),
    resolved_by = ${staffId} where ${which}`);
}

/** Staff remove a message: both parties then read a notice in its place; its files are no longer served. */
export async function removeMessage(tx: DbExecutor, messageId: string, staffId: string): Promise<void> {
  await tx.execute(sql`update messages set removed_at = now(), removed_by = ${staffId}
    where id = ${messageId} and removed_at is null`);
}
