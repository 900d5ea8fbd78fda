import { type SQL, sql } from 'drizzle-orm';
import { AdminAuditAction } from '../../../shared/contract/admin.ts';
import type { Conversation, MessageListResponse } from '../../../shared/contract/messages.ts';
import { type AdminActor, audit } from '../../core/audit-log.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { notFound } from '../../http/errors.ts';
import { attachmentBlobKey } from './attachments.ts';
import { isBlocked } from './blocks.ts';
import {
  displayName,
  isParty,
  MESSAGE_ERRORS,
  MESSAGE_SELECT,
  type MessageRow,
  type MessagesDeps,
  withAttachments,
} from './service.ts';

/*
 * Reading messages: the inbox and sent lists, one conversation, one attachment's bytes. Staff who
 * are not a party may read them to moderate; each such read is written to the audit log.
 */

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
  const found = await pagedRead(request, {
    count: () =>
      queryRows<{ total: number | string }>(
        db,
        sql`select count(*)::int as total from messages m join conversations c on c.id = m.conversation_id where ${condition}`,
      ),
    rows: ({ limit, offset }) =>
      queryRows<MessageRow>(
        db,
        sql`${MESSAGE_SELECT} where ${condition} order by m.created_at desc, m.id desc
          limit ${limit} offset ${offset}`,
      ),
  });
  return { ...found, results: await withAttachments(db, found.results) };
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
