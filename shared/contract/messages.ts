import { z } from 'zod';
import { nameText, plainText } from '../domain/text.ts';
import {
  dateTimeSchema,
  idParamsSchema,
  moneySchema,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  paginationSchema,
  successSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition, IMAGE_TYPES, MB } from './endpoint.ts';

export const messageAttachmentSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.int().nonnegative(),
  url: z.string(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  id: uuidSchema,
  /** The messages between the same two people about the same listing (or about none). */
  conversationId: uuidSchema,
  /** The message this one answers, if any. */
  parentMessageId: uuidSchema.nullable(),
  senderId: uuidSchema,
  senderDisplayName: z.string(),
  recipientId: uuidSchema,
  recipientDisplayName: z.string(),
  listingId: uuidSchema.nullable(),
  listingTitle: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  isRead: z.boolean(),
  createdAt: dateTimeSchema,
  attachments: z.array(messageAttachmentSchema),
  /** Removed by staff: `body` is `REMOVED_MESSAGE_TEXT` and the attachments are gone. */
  removed: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** What both parties read in place of a message staff removed. */
export const REMOVED_MESSAGE_TEXT = 'This message was removed by staff.';

/**
 * POST /messages/getRecipient (inbox: messages the caller received) and POST /messages/getSender
 * (sent: messages the caller wrote). Newest first.
 */
export const messageListRequestSchema = z.object({
  filters: z
    .object({
      isRead: z.boolean().optional(),
      listingId: uuidSchema.optional(),
      conversationId: uuidSchema.optional(),
      keyword: plainText().trim().max(200).optional(),
    })
    .prefault({}),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type MessageListRequest = z.input<typeof messageListRequestSchema>;

export const messageListResponseSchema = pagedSchema(messageSchema);
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

export const MESSAGE_BODY_MAX = 5000;
export const MESSAGE_SUBJECT_MAX = 200;

/**
 * The `request` field of POST /messages/addOrUpdate (files ride beside it).
 * Without `id`: a new message to `recipientId`, to the seller of `listingId`, or in answer to
 * `parentMessageId`; `body` is required. With `id`: the recipient marks a message read or unread.
 */
export const messageInputSchema = z
  .object({
    id: uuidSchema.optional(),
    recipientId: uuidSchema.optional(),
    listingId: uuidSchema.optional(),
    parentMessageId: uuidSchema.optional(),
    subject: nameText().max(MESSAGE_SUBJECT_MAX).optional(),
    body: plainText().trim().max(MESSAGE_BODY_MAX).optional(),
    isRead: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.id !== undefined) {
      if (input.isRead === undefined) {
        ctx.addIssue({ code: 'custom', path: ['isRead'], message: 'Say whether the message is read.' });
      }
      return;
    }
    if (!input.body) ctx.addIssue({ code: 'custom', path: ['body'], message: 'Write a message.' });
    if (!input.recipientId && !input.listingId && !input.parentMessageId) {
      ctx.addIssue({ code: 'custom', path: ['recipientId'], message: 'Choose who receives the message.' });
    }
  });
export type MessageInput = z.input<typeof messageInputSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /users/sendMessageEmail: e-mails the recipient of one of the caller's sent messages about it. */
export const sendMessageEmailRequestSchema = z.object({ messageId: uuidSchema });
export type SendMessageEmailRequest = z.infer<typeof sendMessageEmailRequestSchema>;

/**
 * The answer of POST /users/sendMessageEmail: `emailed` false when the recipient was already
 * e-mailed about this conversation within the hour (at most one notice per conversation per hour).
 */
export const sendMessageEmailResponseSchema = z.object({ success: z.literal(true), emailed: z.boolean() });
export type SendMessageEmailResponse = z.infer<typeof sendMessageEmailResponseSchema>;

/** Attachments of one message: how many, how large, which kinds (read from the bytes, never the name). */
export const MESSAGE_ATTACHMENTS_MAX = 5;
export const MESSAGE_ATTACHMENT_MAX_BYTES = 10 * MB;
export const MESSAGE_ATTACHMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

const partySchema = z.object({ id: uuidSchema, displayName: z.string() });

/** GET /messages/conversations/{id}: one conversation, oldest message first, as one of its parties sees it. */
export const conversationSchema = z.object({
  id: uuidSchema,
  listingId: uuidSchema.nullable(),
  listingTitle: z.string().nullable(),
  subject: z.string(),
  /** The party that is not the caller (for an admin reading it: the recipient of the first message). */
  otherParty: partySchema,
  /** Whether the caller refuses messages from the other party. */
  otherPartyBlocked: z.boolean(),
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * One event of the live channel (GET /messages/live, server-sent events, each `data:` line one
 * JSON event): the unread count when the stream opens and whenever it changes, each new message
 * as it arrives (with the count after it), each outbid notice on an auction the account bid on, and
 * each new order of the account as a seller (paid, to be shipped).
 */
export const liveMessageEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('unread'), unreadCount: z.int().nonnegative() }),
  z.object({
    type: z.literal('message'),
    unreadCount: z.int().nonnegative(),
    message: z.object({
      id: uuidSchema,
      conversationId: uuidSchema,
      senderDisplayName: z.string(),
      subject: z.string(),
    }),
  }),
  z.object({
    type: z.literal('outbid'),
    unreadCount: z.int().nonnegative(),
    /** The auction, its page, and its price now (dollars). */
    auction: z.object({ listingId: uuidSchema, title: z.string(), url: z.string(), price: moneySchema }),
  }),
  z.object({
    type: z.literal('order'),
    unreadCount: z.int().nonnegative(),
    /** The order: its number as people quote it, its priciest line's title, its line count, its total. */
    order: z.object({
      id: uuidSchema,
      number: z.string(),
      title: z.string(),
      itemCount: z.int().positive(),
      total: moneySchema,
    }),
  }),
]);
export type LiveMessageEvent = z.infer<typeof liveMessageEventSchema>;

/** The live channel's answer: a text/event-stream that stays open. */
export const liveMessageStreamSchema = z.string();

/** POST /messages/blocks: refuse messages from a user. */
export const blockUserRequestSchema = z.object({ userId: uuidSchema });
export type BlockUserRequest = z.infer<typeof blockUserRequestSchema>;

export const blockedUserSchema = z.object({
  userId: uuidSchema,
  displayName: z.string(),
  blockedAt: dateTimeSchema,
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockedUsersResponseSchema = z.object({ results: z.array(blockedUserSchema) });

export const MESSAGE_REPORT_REASON_MAX = 1000;

/** POST /messages/report: a recipient reports a message as abuse, for the admin console. */
export const reportMessageRequestSchema = z.object({
  messageId: uuidSchema,
  reason: plainText()
    .trim()
    .min(1, { error: 'Say what is wrong with this message.' })
    .max(MESSAGE_REPORT_REASON_MAX, {
      error: `Keep the reason under ${MESSAGE_REPORT_REASON_MAX} characters.`,
    }),
});
export type ReportMessageRequest = z.input<typeof reportMessageRequestSchema>;

/** How staff closed a message report. */
export const MessageReportResolution = {
  Dismissed: 'dismissed',
  MessageRemoved: 'messageRemoved',
  SenderWarned: 'senderWarned',
  SenderLocked: 'senderLocked',
} as const;
export type MessageReportResolution = (typeof MessageReportResolution)[keyof typeof MessageReportResolution];

export const messageReportSchema = z.object({
  id: uuidSchema,
  reason: z.string(),
  createdAt: dateTimeSchema,
  reporter: partySchema,
  sender: partySchema.extend({ locked: z.boolean() }),
  /** Staff see what was sent even once it is removed for its parties. */
  message: z.object({
    id: uuidSchema,
    subject: z.string(),
    body: z.string(),
    createdAt: dateTimeSchema,
    removed: z.boolean(),
  }),
  /** Null while the report waits in the queue. */
  resolution: z.enum(MessageReportResolution).nullable(),
  resolvedAt: dateTimeSchema.nullable(),
});
export type MessageReport = z.infer<typeof messageReportSchema>;

/** Which reports the queue lists: those waiting for staff (the default) or those closed. */
export const messageReportsRequestSchema = paginationSchema.extend({
  status: z.enum(['open', 'resolved']).default('open'),
});
export type MessageReportsRequest = z.input<typeof messageReportsRequestSchema>;
export const messageReportsResponseSchema = pagedSchema(messageReportSchema);

/** A message attachment's bytes, sent as a download. */
export const messageAttachmentFileSchema = z.instanceof(Uint8Array);

/** The calls served by `src-server/modules/messages/`. */
export const MESSAGES_ENDPOINTS = {
  messagesGetRecipient: defineEndpoint({
    method: 'POST',
    path: '/messages/getRecipient',
    summary: 'Inbox: messages the caller received.',
    access: 'user',
    body: messageListRequestSchema,
    response: messageListResponseSchema,
  }),
  messagesGetSender: defineEndpoint({
    method: 'POST',
    path: '/messages/getSender',
    summary: 'Sent: messages the caller wrote.',
    access: 'user',
    body: messageListRequestSchema,
    response: messageListResponseSchema,
  }),
  messagesAddOrUpdate: defineEndpoint({
    method: 'POST',
    path: '/messages/addOrUpdate',
    summary: 'Send a message with attachments, or mark a received one read or unread.',
    access: 'user',
    owner: 'message',
    ownerId: 'body.id',
    urgent: true,
    body: messageInputSchema,
    response: messageSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      fileField: 'files',
      minFiles: 0,
      maxFiles: MESSAGE_ATTACHMENTS_MAX,
      maxFileBytes: MESSAGE_ATTACHMENT_MAX_BYTES,
      accept: MESSAGE_ATTACHMENT_TYPES,
    },
    idempotencyHeader: true,
  }),
  messagesGetUnreadCount: defineEndpoint({
    method: 'GET',
    path: '/messages/getUnreadMessagesCount',
    summary: 'How many received messages are unread.',
    access: 'user',
    response: unreadCountSchema,
  }),
  usersSendMessageEmail: defineEndpoint({
    method: 'POST',
    path: '/users/sendMessageEmail',
    summary: 'E-mail the recipient about a message the caller sent.',
    access: 'user',
    owner: 'message',
    ownerId: 'body.messageId',
    body: sendMessageEmailRequestSchema,
    response: sendMessageEmailResponseSchema,
  }),
  messagesConversation: defineEndpoint({
    method: 'GET',
    path: '/messages/conversations/{id}',
    summary: 'One conversation with all its messages, for its two parties.',
    access: 'user',
    owner: 'message',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: conversationSchema,
  }),
  messagesAttachment: defineEndpoint({
    method: 'GET',
    path: '/messages/attachments/{id}',
    summary: "A message attachment's file, as a download, for the message's two parties.",
    access: 'user',
    owner: 'message',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: messageAttachmentFileSchema,
    produces: 'file',
  }),
  messagesLive: defineEndpoint({
    method: 'GET',
    path: '/messages/live',
    summary:
      'The live channel (server-sent events, bearer token in the Authorization header): the unread count and new messages.',
    access: 'user',
    response: liveMessageStreamSchema,
    produces: 'events',
  }),
  messagesBlocks: defineEndpoint({
    method: 'GET',
    path: '/messages/blocks',
    summary: 'The users whose messages the caller refuses.',
    access: 'user',
    response: blockedUsersResponseSchema,
  }),
  messagesBlockUser: defineEndpoint({
    method: 'POST',
    path: '/messages/blocks',
    summary: 'Refuse messages from a user.',
    access: 'user',
    body: blockUserRequestSchema,
    response: successSchema,
  }),
  messagesUnblockUser: defineEndpoint({
    method: 'DELETE',
    path: '/messages/blocks/{id}',
    summary: 'Accept messages from a blocked user again.',
    access: 'user',
    params: idParamsSchema,
    response: successSchema,
  }),
  messagesReport: defineEndpoint({
    method: 'POST',
    path: '/messages/report',
    summary: 'Report a received message as abuse, for the admin console.',
    access: 'user',
    owner: 'message',
    ownerId: 'body.messageId',
    body: reportMessageRequestSchema,
    response: successSchema,
  }),
  messagesReports: defineEndpoint({
    method: 'POST',
    path: '/messages/reports',
    summary: 'Reported messages waiting for staff, newest first, or those closed (admin console).',
    access: 'admin',
    body: messageReportsRequestSchema,
    response: messageReportsResponseSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
