import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Message } from '../../../shared/contract/messages.ts';
import { ACCOUNT_SIGNALS_CHANNEL } from '../../core/live-signals.ts';
import { THROTTLE_RULES } from '../../core/throttle.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { attachmentBlobKey, prepareAttachments } from './attachments.ts';
import { isParty, loadMessage, MESSAGE_ERRORS, type MessagesDeps } from './service.ts';

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
  // The recipient's account and whether they blocked the sender, in one read.
  const [recipient] = await queryRows<{ present: boolean; blocked: boolean }>(
    db,
    sql`select
        exists (select 1 from users where id = ${address.recipientId} and status <> 'Inactive') as present,
        exists (select 1 from user_blocks where blocker_id = ${address.recipientId} and blocked_id = ${auth.userId}) as blocked`,
  );
  if (!recipient?.present) throw notFound(MESSAGE_ERRORS.recipientNotFound);
  if (recipient.blocked) throw forbidden(MESSAGE_ERRORS.blocked);
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
  const message = await loadMessage(db, messageId);
  if (!message) throw new Error('sent message vanished');
  return message;
}
