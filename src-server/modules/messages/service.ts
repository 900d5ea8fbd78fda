import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { AdminAuditAction } from '../../../shared/contract/admin.ts';
import type {
  BlockedUser,
  Conversation,
  LiveMessageEvent,
  Message,
  MessageListResponse,
  MessageReport,
  MessageReportResolution,
  SendMessageEmailResponse,
} from '../../../shared/contract/messages.ts';
import { REMOVED_MESSAGE_TEXT } from '../../../shared/contract/messages.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { type AdminActor, audit } from '../../core/audit-log.ts';
import { THROTTLE_RULES, type Throttle } from '../../core/throttle.ts';
import { type Database, type DbExecutor, queryRows } from '../../db/client.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { messageNotice } from '../../mail/message-messages.ts';
import { attachmentBlobKey, type PreparedAttachment, prepareAttachments } from './attachments.ts';
import { announceMessageSignal, type MessageSignal } from './live.ts';

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

/** At most one e-mail notice per conversation and recipient in this time. */
export const MESSAGE_EMAIL_INTERVAL = '1 hour';

const displayName = (alias: string) =>
  sql.raw(
    `coalesce(nullif(${alias}.seller_display_name, ''), trim(${alias}.first_name || ' ' || ${alias}.last_name))`,
  );

interface MessageRow extends Record<string, unknown> {
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

interface AttachmentRow extends Record<string, unknown> {
  id: string;
  message_id: string;
  file_name: string;
  content_type: string;
  size: number;
}

const MESSAGE_SELECT = sql`select m.id, m.conversation_id, m.parent_message_id, m.sender_id,
    ${displayName('s')} as sender_name, m.recipient_id, ${displayName('r')} as recipient_name,
    c.listing_id, l.title as listing_title, m.subject, m.body, m.is_read, m.created_at, m.removed_at
  from messages m
  join conversations c on c.id = m.conversation_id
  join users s on s.id = m.sender_id
  join users r on r.id = m.recipient_id
  left join listings l on l.id = c.listing_id`;

export const attachmentUrl = (id: string) => `/api/messages/attachments/${id}`;

async function withAttachments(db: DbExecutor, rows: MessageRow[]): Promise<Message[]> {
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

async function loadMessage(db: DbExecutor, id: string): Promise<Message | null> {
  const rows = await queryRows<MessageRow>(db, sql`${MESSAGE_SELECT} where m.id = ${id}`);
  const [message] = await withAttachments(db, rows);
  return message ?? null;
}

const isParty = (auth: AuthContext, row: { sender_id: string; recipient_id: string }) =>
  row.sender_id === auth.userId || row.recipient_id === auth.userId;

/** Its two parties and staff know a message exists; to anyone else it answers as an unknown id. */
const canSee = (auth: AuthContext, row: { sender_id: string; recipient_id: string }) =>
  isParty(auth, row) || auth.isAdmin;

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

interface SendInput {
  recipientId?: string | undefined;
  listingId?: string | undefined;
  parentMessageId?: string | undefined;
  subject?: string | undefined;
  body?: string | undefined;
}

interface Addressing {
  recipientId: string;
  listingId: string | null;
  subject: string;
  parentMessageId: string | null;
}

/** Who receives the message, about which listing, under which subject. */
async function addressMessage(db: DbExecutor, auth: AuthContext, input: SendInput): Promise<Addressing> {
  if (input.parentMessageId) {
    const rows = await queryRows<{
      sender_id: string;
      recipient_id: string;
      listing_id: string | null;
      subject: string;
    }>(
      db,
      sql`select m.sender_id, m.recipient_id, c.listing_id, c.subject from messages m
        join conversations c on c.id = m.conversation_id where m.id = ${input.parentMessageId}`,
    );
    const parent = rows[0];
    // Another pair's message answers as an unknown id does, so ids cannot be probed.
    if (!parent || !isParty(auth, parent)) throw notFound(MESSAGE_ERRORS.notFound);
    const recipientId = parent.sender_id === auth.userId ? parent.recipient_id : parent.sender_id;
    return {
      recipientId,
      listingId: parent.listing_id,
      subject:
        input.subject || (parent.subject.startsWith('Re: ') ? parent.subject : `Re: ${parent.subject}`),
      parentMessageId: input.parentMessageId,
    };
  }
  if (input.listingId) {
    const rows = await queryRows<{ user_id: string; title: string }>(
      db,
      sql`select user_id, title from listings where id = ${input.listingId}`,
    );
    const listing = rows[0];
    if (!listing) throw notFound(MESSAGE_ERRORS.listingNotFound);
    if (input.recipientId && input.recipientId !== listing.user_id && input.recipientId !== auth.userId) {
      throw badRequest('The recipient is not the seller of this listing.', {
        recipientId: 'Send messages about a listing to its seller.',
      });
    }
    // The seller answers a buyer about their own listing by naming the buyer; anyone else writes to the seller.
    const recipientId =
      listing.user_id === auth.userId && input.recipientId ? input.recipientId : listing.user_id;
    return {
      recipientId,
      listingId: input.listingId,
      subject: input.subject || listing.title,
      parentMessageId: null,
    };
  }
  const recipientId = input.recipientId ?? '';
  return { recipientId, listingId: null, subject: input.subject || 'Message', parentMessageId: null };
}

/** Sends a message (with its files) and tells the recipient's live streams once it is committed. */
export async function sendMessage(
  deps: MessagesDeps,
  auth: AuthContext,
  input: SendInput,
  files: readonly UploadedFile[],
): Promise<Message> {
  const { db } = deps;
  const address = await addressMessage(db, auth, input);
  if (address.recipientId === auth.userId) throw badRequest(MESSAGE_ERRORS.toSelf);
  const recipients = await queryRows<{ id: string }>(
    db,
    sql`select id from users where id = ${address.recipientId} and status <> 'Inactive'`,
  );
  if (recipients.length === 0) throw notFound(MESSAGE_ERRORS.recipientNotFound);
  if (await isBlocked(db, address.recipientId, auth.userId)) throw forbidden(MESSAGE_ERRORS.blocked);
  // Counted before the work and given back when the message is not sent: only sent messages use the allowance.
  const allowance = await deps.throttle.reserve([
    { rule: THROTTLE_RULES.messageSender, key: auth.userId },
    { rule: THROTTLE_RULES.messagePair, key: `${auth.userId}:${address.recipientId}` },
  ]);
  try {
    return await deliverMessage(deps, auth, address, input, files);
  } catch (error) {
    await deps.throttle.forget(allowance);
    throw error;
  }
}

/** Stores the files, writes the message in one transaction and announces it at commit. */
async function deliverMessage(
  deps: MessagesDeps,
  auth: AuthContext,
  address: Addressing,
  input: SendInput,
  files: readonly UploadedFile[],
): Promise<Message> {
  const { db, blobs } = deps;
  const prepared = await prepareAttachments(files);
  const stored = prepared.map((attachment) => ({ ...attachment, id: randomUUID() }));
  await Promise.all(stored.map((attachment) => blobs.put(attachmentBlobKey(attachment.id), attachment.data)));
  const [low, high] = [auth.userId, address.recipientId].sort();
  let messageId: string;
  try {
    messageId = await db.transaction(async (tx) => {
      const conversation = await queryRows<{ id: string }>(
        tx,
        sql`insert into conversations (listing_id, user_low, user_high, subject)
          values (${address.listingId}, ${low}, ${high}, ${address.subject})
          on conflict (user_low, user_high, coalesce(listing_id, '00000000-0000-0000-0000-000000000000'::uuid))
          do update set last_message_at = now()
          returning id`,
      );
      const conversationId = conversation[0]?.id;
      if (!conversationId) throw new Error('conversation upsert returned no row');
      // Blocking is checked again inside the write, so a block made meanwhile is not slipped past.
      if (await isBlocked(tx, address.recipientId, auth.userId)) throw forbidden(MESSAGE_ERRORS.blocked);
      const inserted = await queryRows<{ id: string }>(
        tx,
        sql`insert into messages (conversation_id, parent_message_id, sender_id, recipient_id, subject, body)
          values (${conversationId}, ${address.parentMessageId}, ${auth.userId}, ${address.recipientId},
            ${address.subject}, ${input.body ?? ''})
          returning id`,
      );
      const id = inserted[0]?.id;
      if (!id) throw new Error('message insert returned no row');
      await insertAttachments(tx, id, stored);
      await announceMessageSignal(tx, { userId: address.recipientId, kind: 'message', messageId: id });
      return id;
    });
  } catch (error) {
    await blobs.delete(stored.map((attachment) => attachmentBlobKey(attachment.id))).catch(() => undefined);
    throw error;
  }
  const message = await loadMessage(db, messageId);
  if (!message) throw new Error('sent message vanished');
  return message;
}

async function insertAttachments(
  tx: DbExecutor,
  messageId: string,
  attachments: readonly (PreparedAttachment & { id: string })[],
): Promise<void> {
  for (const [position, attachment] of attachments.entries()) {
    await tx.execute(sql`insert into message_attachments (id, message_id, file_name, content_type, size, position)
      values (${attachment.id}, ${messageId}, ${attachment.fileName}, ${attachment.contentType},
        ${attachment.data.length}, ${position})`);
  }
}

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
    if (changed.length > 0) await announceMessageSignal(tx, { userId: auth.userId, kind: 'read' });
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
// Lists and conversations
// ---------------------------------------------------------------------------------------------

interface ListRequest {
  filters: {
    isRead?: boolean | undefined;
    listingId?: string | undefined;
    conversationId?: string | undefined;
    keyword?: string | undefined;
  };
  page: number;
  pageSize: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The inbox (`recipient`: messages the caller received) or sent messages (`sender`), newest first. */
export async function listMessages(
  db: DbExecutor,
  auth: AuthContext,
  side: 'recipient' | 'sender',
  request: ListRequest,
): Promise<MessageListResponse> {
  const where: SQL[] = [
    side === 'recipient' ? sql`m.recipient_id = ${auth.userId}` : sql`m.sender_id = ${auth.userId}`,
  ];
  const { filters } = request;
  if (filters.isRead !== undefined) where.push(sql`m.is_read = ${filters.isRead}`);
  if (filters.listingId) where.push(sql`c.listing_id = ${filters.listingId}`);
  if (filters.conversationId) where.push(sql`m.conversation_id = ${filters.conversationId}`);
  if (filters.keyword) {
    const pattern = likePattern(filters.keyword);
    where.push(sql`(m.subject ilike ${pattern} or (m.removed_at is null and m.body ilike ${pattern}))`);
  }
  const condition = sql.join(where, sql` and `);
  const totals = await queryRows<{ total: number | string }>(
    db,
    sql`select count(*)::int as total from messages m join conversations c on c.id = m.conversation_id where ${condition}`,
  );
  const rows = await queryRows<MessageRow>(
    db,
    sql`${MESSAGE_SELECT} where ${condition} order by m.created_at desc, m.id desc
      limit ${request.pageSize} offset ${(request.page - 1) * request.pageSize}`,
  );
  return {
    total: Number(totals[0]?.total ?? 0),
    page: request.page,
    pageSize: request.pageSize,
    results: await withAttachments(db, rows),
  };
}

/**
 * A staff read of a private conversation (an admin who is not one of its parties, moderating): one
 * audit entry per party, so either can be found in the log by the user.
 */
async function auditStaffRead(
  db: DbExecutor,
  actor: AdminActor,
  parties: readonly string[],
  what: { conversationId: string } | { attachmentId: string },
): Promise<void> {
  const people = await queryRows<{ id: string; email: string }>(
    db,
    sql`select id, email from users where id in (select json_array_elements_text(${JSON.stringify(parties)}::json)::uuid)`,
  );
  for (const person of people) {
    await audit(db, actor, AdminAuditAction.ReadConversation, person, null, {
      ...what,
      parties: [...parties],
    });
  }
}

/**
 * One conversation, oldest message first: for its two parties, and for admins, who moderate; a staff
 * read is written to the audit log (`address`: the caller's, as the server saw it).
 */
export async function getConversation(
  db: DbExecutor,
  auth: AuthContext,
  id: string,
  address: string,
): Promise<Conversation> {
  const rows = await queryRows<{
    id: string;
    listing_id: string | null;
    listing_title: string | null;
    subject: string;
    user_low: string;
    user_high: string;
  }>(
    db,
    sql`select c.id, c.listing_id, l.title as listing_title, c.subject, c.user_low, c.user_high
      from conversations c left join listings l on l.id = c.listing_id where c.id = ${id}`,
  );
  const conversation = rows[0];
  if (!conversation) throw notFound(MESSAGE_ERRORS.conversationNotFound);
  const parties = [conversation.user_low, conversation.user_high];
  if (!parties.includes(auth.userId)) {
    if (!auth.isAdmin) throw notFound(MESSAGE_ERRORS.conversationNotFound);
    await auditStaffRead(db, { auth, address }, parties, { conversationId: id });
  }
  const messageRows = await queryRows<MessageRow>(
    db,
    sql`${MESSAGE_SELECT} where m.conversation_id = ${id} order by m.created_at, m.id`,
  );
  const messages = await withAttachments(db, messageRows);
  const first = messages[0];
  const otherId = parties.includes(auth.userId)
    ? (parties.find((party) => party !== auth.userId) ?? auth.userId)
    : (first?.recipientId ?? conversation.user_high);
  const names = await queryRows<{ name: string }>(
    db,
    sql`select ${displayName('u')} as name from users u where u.id = ${otherId}`,
  );
  return {
    id: conversation.id,
    listingId: conversation.listing_id,
    listingTitle: conversation.listing_title,
    subject: conversation.subject,
    otherParty: { id: otherId, displayName: names[0]?.name ?? '' },
    otherPartyBlocked: await isBlocked(db, auth.userId, otherId),
    messages,
  };
}

/** An attachment's bytes, for the two parties of its message (and admins, the read audited). */
export async function readAttachment(
  deps: MessagesDeps,
  auth: AuthContext,
  id: string,
  address: string,
): Promise<{ fileName: string; contentType: string; data: Buffer }> {
  const rows = await queryRows<{
    file_name: string;
    content_type: string;
    sender_id: string;
    recipient_id: string;
    removed: boolean;
  }>(
    deps.db,
    sql`select a.file_name, a.content_type, m.sender_id, m.recipient_id, m.removed_at is not null as removed
      from message_attachments a join messages m on m.id = a.message_id where a.id = ${id}`,
  );
  const row = rows[0];
  // The files of a message staff removed are gone for everyone.
  if (!row || row.removed) throw notFound(MESSAGE_ERRORS.attachmentNotFound);
  if (!isParty(auth, row)) {
    if (!auth.isAdmin) throw notFound(MESSAGE_ERRORS.attachmentNotFound);
    await auditStaffRead(deps.db, { auth, address }, [row.sender_id, row.recipient_id], { attachmentId: id });
  }
  const data = await deps.blobs.get(attachmentBlobKey(id));
  if (!data) throw notFound(MESSAGE_ERRORS.attachmentNotFound);
  return { fileName: row.file_name, contentType: row.content_type, data };
}

// ---------------------------------------------------------------------------------------------
// Blocking and reports
// ---------------------------------------------------------------------------------------------

async function isBlocked(db: DbExecutor, blockerId: string, blockedId: string): Promise<boolean> {
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
  const totals = await queryRows<{ total: number | string }>(
    db,
    sql`select count(*)::int as total from message_reports p where ${where}`,
  );
  const rows = await queryRows<ReportRow>(
    db,
    sql`${REPORT_SELECT} where ${where}
      order by ${open ? sql`p.created_at desc` : sql`p.resolved_at desc`}, p.id desc
      limit ${request.pageSize} offset ${(request.page - 1) * request.pageSize}`,
  );
  return {
    total: Number(totals[0]?.total ?? 0),
    page: request.page,
    pageSize: request.pageSize,
    results: rows.map(toReport),
  };
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

// ---------------------------------------------------------------------------------------------
// E-mail notice
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Live channel events
// ---------------------------------------------------------------------------------------------

/** What a user's live stream says for a signal: the count, and the message when one arrived for them. */
export async function liveEventFor(
  db: DbExecutor,
  userId: string,
  signal: MessageSignal | 'resync' | 'open',
): Promise<LiveMessageEvent | null> {
  const count = await unreadCount(db, userId);
  if (typeof signal === 'object' && signal.kind === 'message' && signal.messageId) {
    const rows = await queryRows<{
      id: string;
      conversation_id: string;
      sender_name: string;
      subject: string;
      recipient_id: string;
    }>(
      db,
      sql`select m.id, m.conversation_id, ${displayName('s')} as sender_name, m.subject, m.recipient_id
        from messages m join users s on s.id = m.sender_id where m.id = ${signal.messageId}`,
    );
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
