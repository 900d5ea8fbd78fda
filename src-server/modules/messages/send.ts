import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Message } from '../../../shared/contract/messages.ts';
import { ACCOUNT_SIGNALS_CHANNEL } from '../../core/live-signals.ts';
import { THROTTLE_RULES } from '../../core/throttle.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { attachmentBlobKey, prepareAttachments } from './attachments.ts';
import { isParty, loadMessageRow, MESSAGE_ERRORS, type MessagesDeps, toMessages } from './service.ts';

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
  /** The recipient's account exists and is not closed. */
  present: boolean;
  /** The recipient blocked the sender. */
  blocked: boolean;
}

/** Whether the account `recipient` is present and has blocked `senderId`, as columns of a read. */
const recipientState = (recipient: SQL, senderId: string) => sql`
  exists (select 1 from users where id = ${recipient} and status <> 'Inactive') as present,
  exists (select 1 from user_blocks where blocker_id = ${recipient} and blocked_id = ${senderId}) as blocked`;

/**
 * Who receives the message, about which listing, under which subject, and the recipient's account
 * and whether they blocked the sender: one read.
 */
async function addressMessage(db: DbExecutor, auth: AuthContext, input: SendInput): Promise<Addressing> {
  if (input.parentMessageId) {
    const rows = await queryRows<{
      sender_id: string;
      recipient_id: string;
      listing_id: string | null;
      subject: string;
      present: boolean;
      blocked: boolean;
    }>(
      db,
      sql`select m.sender_id, m.recipient_id, c.listing_id, c.subject,
          ${recipientState(sql`(case when m.sender_id = ${auth.userId} then m.recipient_id else m.sender_id end)`, auth.userId)}
        from messages m join conversations c on c.id = m.conversation_id where m.id = ${input.parentMessageId}`,
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
      present: parent.present,
      blocked: parent.blocked,
    };
  }
  if (input.listingId) {
    // The seller answers a buyer about their own listing by naming the buyer; anyone else writes to the seller.
    const named = input.recipientId ?? null;
    const rows = await queryRows<{ user_id: string; title: string; present: boolean; blocked: boolean }>(
      db,
      sql`select l.user_id, l.title,
          ${recipientState(sql`(case when l.user_id = ${auth.userId} and ${named}::uuid is not null then ${named}::uuid else l.user_id end)`, auth.userId)}
        from listings l where l.id = ${input.listingId}`,
    );
    const listing = rows[0];
    if (!listing) throw notFound(MESSAGE_ERRORS.listingNotFound);
    const ownListing = listing.user_id === auth.userId;
    if (named && !ownListing && named !== listing.user_id && named !== auth.userId) {
      throw badRequest('The recipient is not the seller of this listing.', {
        recipientId: 'Send messages about a listing to its seller.',
      });
    }
    return {
      recipientId: ownListing && named ? named : listing.user_id,
      listingId: input.listingId,
      subject: input.subject || listing.title,
      parentMessageId: null,
      present: listing.present,
      blocked: listing.blocked,
    };
  }
  const recipientId = input.recipientId ?? '';
  const [recipient] = await queryRows<{ present: boolean; blocked: boolean }>(
    db,
    sql`select ${recipientState(sql`${recipientId}`, auth.userId)}`,
  );
  return {
    recipientId,
    listingId: null,
    subject: input.subject || 'Message',
    parentMessageId: null,
    present: recipient?.present ?? false,
    blocked: recipient?.blocked ?? false,
  };
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
  if (!address.present) throw notFound(MESSAGE_ERRORS.recipientNotFound);
  if (address.blocked) throw forbidden(MESSAGE_ERRORS.blocked);
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

/**
 * Stores the files, then writes the message in one statement (its conversation, the message, its
 * attachments, and the signal that announces it at commit): one round trip to the database. The
 * block is checked again in that statement, so a block made meanwhile is not slipped past.
 */
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
  const attachments = stored.map((attachment, position) => ({
    id: attachment.id,
    file_name: attachment.fileName,
    content_type: attachment.contentType,
    size: attachment.data.length,
    position,
  }));
  let messageId: string;
  try {
    const [written] = await queryRows<{ id: string }>(
      db,
      sql`with conversation as (
          insert into conversations (listing_id, user_low, user_high, subject)
          select ${address.listingId}::uuid, ${low}::uuid, ${high}::uuid, ${address.subject}
          where not exists (select 1 from user_blocks
            where blocker_id = ${address.recipientId} and blocked_id = ${auth.userId})
          on conflict (user_low, user_high, coalesce(listing_id, '00000000-0000-0000-0000-000000000000'::uuid))
          do update set last_message_at = now()
          returning id
        ), message as (
          insert into messages (conversation_id, parent_message_id, sender_id, recipient_id, subject, body)
          select id, ${address.parentMessageId}::uuid, ${auth.userId}::uuid, ${address.recipientId}::uuid,
            ${address.subject}, ${input.body ?? ''}
          from conversation
          returning id
        ), attachments as (
          insert into message_attachments (id, message_id, file_name, content_type, size, position)
          select a.id, message.id, a.file_name, a.content_type, a.size, a.position
          from message, json_to_recordset(${JSON.stringify(attachments)}::json)
            as a(id uuid, file_name text, content_type text, size int, position int)
        )
        select id, pg_notify(${ACCOUNT_SIGNALS_CHANNEL}, json_build_object(
            'userId', ${address.recipientId}::text, 'kind', 'message', 'messageId', id)::text)
        from message`,
    );
    // No row: the recipient blocked the sender meanwhile; nothing was written.
    if (!written) throw forbidden(MESSAGE_ERRORS.blocked);
    messageId = written.id;
  } catch (error) {
    await blobs.delete(stored.map((attachment) => attachmentBlobKey(attachment.id))).catch(() => undefined);
    throw error;
  }
  // Its attachments are the ones just written: only the message's row is read back.
  const row = await loadMessageRow(db, messageId);
  const attachmentRows = attachments.map((attachment) => ({ ...attachment, message_id: messageId }));
  const [message] = row ? toMessages([row], attachmentRows) : [];
  if (!message) throw new Error('sent message vanished');
  return message;
}
