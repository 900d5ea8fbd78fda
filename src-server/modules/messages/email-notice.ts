import { sql } from 'drizzle-orm';
import type { SendMessageEmailResponse } from '../../../shared/contract/messages.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { queryRows } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { messageNotice } from '../../mail/message-messages.ts';
import { canSee, displayName, MESSAGE_ERRORS, type MessagesDeps } from './service.ts';

/** At most one e-mail notice per conversation and recipient in this time. */
export const MESSAGE_EMAIL_INTERVAL = '1 hour';

/**
 * E-mails the recipient of one of the caller's messages that it is waiting, at most once per
 * conversation and recipient an hour (the hour is claimed in the database, so two instances or
 * two quick calls never both send).
 */
export async function sendMessageEmail(
  deps: MessagesDeps,
  auth: AuthContext,
  messageId: string,
): Promise<SendMessageEmailResponse> {
  const rows = await queryRows<{
    sender_id: string;
    recipient_id: string;
    conversation_id: string;
    subject: string;
    sender_name: string;
    recipient_email: string;
    recipient_first_name: string;
  }>(
    deps.db,
    sql`select m.sender_id, m.recipient_id, m.conversation_id, m.subject, ${displayName('s')} as sender_name,
        r.email as recipient_email, r.first_name as recipient_first_name
      from messages m join users s on s.id = m.sender_id join users r on r.id = m.recipient_id
      where m.id = ${messageId}`,
  );
  const row = rows[0];
  if (!row) throw notFound(MESSAGE_ERRORS.notFound);
  if (row.sender_id !== auth.userId) {
    if (!canSee(auth, row)) throw notFound(MESSAGE_ERRORS.notFound);
    throw forbidden(MESSAGE_ERRORS.notSender);
  }
  const claimed = await queryRows<{ sent_at: Date | string }>(
    deps.db,
    sql`insert into message_email_notices (conversation_id, recipient_id, sent_at)
      values (${row.conversation_id}, ${row.recipient_id}, now())
      on conflict (conversation_id, recipient_id) do update set sent_at = now()
        where message_email_notices.sent_at <= now() - ${MESSAGE_EMAIL_INTERVAL}::interval
      returning sent_at`,
  );
  if (claimed.length === 0) return { success: true, emailed: false };
  const inbox = new URL(paths.inbox(row.conversation_id), deps.publicOrigin).href;
  await deps.mailer.send(
    messageNotice(row.recipient_email, row.recipient_first_name, row.sender_name, row.subject, inbox),
  );
  return { success: true, emailed: true };
}
