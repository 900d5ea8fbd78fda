import { sql } from 'drizzle-orm';
import type { LiveMessageEvent, Message } from '../../../shared/contract/messages.ts';
import { REMOVED_MESSAGE_TEXT } from '../../../shared/contract/messages.ts';
import { orderNumber } from '../../../shared/domain/orders.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import { type AccountSignal, announceAccountSignal } from '../../core/live-signals.ts';
import type { Throttle } from '../../core/throttle.ts';
import { type Database, type DbExecutor, queryRows } from '../../db/client.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';

/*
 * Messages between two accounts: how a message is read (with its attachments, or as a notice once
 * staff removed it), who may see it, its read state and the unread count the live channel carries.
 * Sending is in send.ts, the inbox and conversations in conversations.ts, blocking in blocks.ts,
 * reports in reports.ts and the e-mail notice in email-notice.ts.
 */

export interface MessagesDeps {
  db: Database;
  blobs: BlobStore;
  mailer: Mailer;
  publicOrigin: string;
  log: { warn(object: Record<string, unknown>, message: string): void };
  /** Limits how many messages an account sends, in all and to one person. */
  throttle: Throttle;
}

export const MESSAGE_ERRORS = {
  notFound: 'Message not found.',
  conversationNotFound: 'Conversation not found.',
  attachmentNotFound: 'Attachment not found.',
  notRecipient: 'Only the recipient can mark a message read or unread.',
  notSender: 'Only the sender of a message can e-mail its recipient about it.',
  reportNotRecipient: 'Only the recipient can report a message.',
  listingNotFound: 'That listing is not available.',
  recipientNotFound: 'That person cannot be found.',
  toSelf: 'You cannot send a message to yourself.',
  blocked: 'This person does not accept messages from you.',
  blockSelf: 'You cannot block yourself.',
  userNotFound: 'That person cannot be found.',
} as const;

export const displayName = (alias: string) =>
  sql.raw(
    `coalesce(nullif(${alias}.seller_display_name, ''), trim(${alias}.first_name || ' ' || ${alias}.last_name))`,
  );

export interface MessageRow extends Record<string, unknown> {
  id: string;
  conversation_id: string;
  parent_message_id: string | null;
  sender_id: string;
  sender_name: string;
  recipient_id: string;
  recipient_name: string;
  listing_id: string | null;
  listing_title: string | null;
  subject: string;
  body: string;
  is_read: boolean;
  created_at: Date | string;
  removed_at: Date | string | null;
}

export interface AttachmentRow extends Record<string, unknown> {
  id: string;
  message_id: string;
  file_name: string;
  content_type: string;
  size: number;
}

export const MESSAGE_SELECT = sql`select m.id, m.conversation_id, m.parent_message_id, m.sender_id,
    ${displayName('s')} as sender_name, m.recipient_id, ${displayName('r')} as recipient_name,
    c.listing_id, l.title as listing_title, m.subject, m.body, m.is_read, m.created_at, m.removed_at
  from messages m
  join conversations c on c.id = m.conversation_id
  join users s on s.id = m.sender_id
  join users r on r.id = m.recipient_id
  left join listings l on l.id = c.listing_id`;

export const attachmentUrl = (id: string) => `/api/messages/attachments/${id}`;

export async function withAttachments(db: DbExecutor, rows: MessageRow[]): Promise<Message[]> {
  const ids = rows.map((row) => row.id);
  const attachments =
    ids.length === 0
      ? []
      : await queryRows<AttachmentRow>(
          db,
          sql`select id, message_id, file_name, content_type, size from message_attachments
            where message_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) order by position`,
        );
  return toMessages(rows, attachments);
}

/** Messages from their rows and their attachments' rows (in each message's order). */
export function toMessages(rows: readonly MessageRow[], attachments: readonly AttachmentRow[]): Message[] {
  return rows.map((row) => ({
    ...messageContent(row, attachments),
    id: row.id,
    conversationId: row.conversation_id,
    parentMessageId: row.parent_message_id,
    senderId: row.sender_id,
    senderDisplayName: row.sender_name,
    recipientId: row.recipient_id,
    recipientDisplayName: row.recipient_name,
    listingId: row.listing_id,
    listingTitle: row.listing_title,
    subject: row.subject,
    isRead: row.is_read,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** What the parties read of a message: a removed one is a notice, without its attachments. */
function messageContent(
  row: MessageRow,
  attachments: readonly AttachmentRow[],
): Pick<Message, 'body' | 'attachments' | 'removed'> {
  if (row.removed_at !== null) return { body: REMOVED_MESSAGE_TEXT, attachments: [], removed: true };
  return {
    body: row.body,
    removed: false,
    attachments: attachments
      .filter((attachment) => attachment.message_id === row.id)
      .map((attachment) => ({
        id: attachment.id,
        fileName: attachment.file_name,
        contentType: attachment.content_type,
        size: attachment.size,
        url: attachmentUrl(attachment.id),
      })),
  };
}

/** A message's row as MESSAGE_SELECT reads it. */
export const loadMessageRow = async (db: DbExecutor, id: string): Promise<MessageRow | undefined> =>
  (await queryRows<MessageRow>(db, sql`${MESSAGE_SELECT} where m.id = ${id}`))[0];

export async function loadMessage(db: DbExecutor, id: string): Promise<Message | null> {
  const row = await loadMessageRow(db, id);
  const rows = row ? [row] : [];
  const [message] = await withAttachments(db, rows);
  return message ?? null;
}

export const isParty = (auth: AuthContext, row: { sender_id: string; recipient_id: string }) =>
  row.sender_id === auth.userId || row.recipient_id === auth.userId;

/** Its two parties and staff know a message exists; to anyone else it answers as an unknown id. */
export const canSee = (auth: AuthContext, row: { sender_id: string; recipient_id: string }) =>
  isParty(auth, row) || auth.isAdmin;

// ---------------------------------------------------------------------------------------------
// Read state and counts
// ---------------------------------------------------------------------------------------------

/** The recipient marks a message read or unread; their other windows hear the new count. */
export async function markMessage(
  deps: MessagesDeps,
  auth: AuthContext,
  id: string,
  isRead: boolean,
): Promise<Message> {
  const rows = await queryRows<{ sender_id: string; recipient_id: string }>(
    deps.db,
    sql`select sender_id, recipient_id from messages where id = ${id}`,
  );
  const row = rows[0];
  if (!row || !canSee(auth, row)) throw notFound(MESSAGE_ERRORS.notFound);
  if (row.recipient_id !== auth.userId) throw forbidden(MESSAGE_ERRORS.notRecipient);
  await deps.db.transaction(async (tx) => {
    const changed = await queryRows<{ id: string }>(
      tx,
      sql`update messages set is_read = ${isRead}, read_at = ${isRead ? sql`now()` : null}
        where id = ${id} and is_read <> ${isRead} returning id`,
    );
    if (changed.length > 0) await announceAccountSignal(tx, { userId: auth.userId, kind: 'read' });
  });
  const message = await loadMessage(deps.db, id);
  if (!message) throw notFound(MESSAGE_ERRORS.notFound);
  return message;
}

export async function unreadCount(db: DbExecutor, userId: string): Promise<number> {
  const rows = await queryRows<{ count: number | string }>(
    db,
    sql`select count(*)::int as count from messages where recipient_id = ${userId} and not is_read`,
  );
  return Number(rows[0]?.count ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Live channel events
// ---------------------------------------------------------------------------------------------

/** What a user's live stream says for a signal: the count, and the message when one arrived for them. */
export async function liveEventFor(
  db: DbExecutor,
  userId: string,
  signal: AccountSignal | 'resync' | 'open',
): Promise<LiveMessageEvent | null> {
  // The count and the message that arrived are read at once.
  const messageId = typeof signal === 'object' && signal.kind === 'message' ? signal.messageId : undefined;
  const [count, rows] = await Promise.all([
    unreadCount(db, userId),
    messageId
      ? queryRows<{
          id: string;
          conversation_id: string;
          sender_name: string;
          subject: string;
          recipient_id: string;
        }>(
          db,
          sql`select m.id, m.conversation_id, ${displayName('s')} as sender_name, m.subject, m.recipient_id
            from messages m join users s on s.id = m.sender_id where m.id = ${messageId}`,
        )
      : [],
  ]);
  if (typeof signal === 'object' && signal.kind === 'outbid') {
    const { listingId, title, price } = signal;
    return {
      type: 'outbid',
      unreadCount: count,
      auction: { listingId, title, url: listingPath(listingId, title), price },
    };
  }
  if (typeof signal === 'object' && signal.kind === 'order') {
    const { orderId: id, number, title, itemCount, total } = signal;
    return {
      type: 'order',
      unreadCount: count,
      order: { id, number: orderNumber(number), title, itemCount, total },
    };
  }
  if (messageId) {
    const row = rows[0];
    if (row && row.recipient_id === userId) {
      return {
        type: 'message',
        unreadCount: count,
        message: {
          id: row.id,
          conversationId: row.conversation_id,
          senderDisplayName: row.sender_name,
          subject: row.subject,
        },
      };
    }
  }
  return { type: 'unread', unreadCount: count };
}
