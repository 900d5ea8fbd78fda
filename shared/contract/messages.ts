import { z } from 'zod';
import { nameText, plainText } from '../domain/text.ts';
import {
  dateTimeSchema,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  successSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition, IMAGE_TYPES, MB } from './endpoint.ts';
import { sendMessageEmailRequestSchema } from './users.ts';

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
});
export type Message = z.infer<typeof messageSchema>;

/**
 * POST /messages/getRecipient (inbox: messages the caller received) and POST /messages/getSender
 * (sent: messages the caller wrote). Newest first.
 */
export const messageListRequestSchema = z.object({
  filters: z
    .object({
      isRead: z.boolean().optional(),
      listingId: uuidSchema.optional(),
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

/** The calls served by `src-server/modules/messages/`. */
export const MESSAGES_ENDPOINTS = {
  messagesGetRecipient: defineEndpoint({
    method: 'POST',
    path: '/messages/getRecipient',
    summary: 'Inbox: messages the caller received.',
    access: 'user',
    body: messageListRequestSchema,
    response: messageListResponseSchema,
    planned: true,
  }),
  messagesGetSender: defineEndpoint({
    method: 'POST',
    path: '/messages/getSender',
    summary: 'Sent: messages the caller wrote.',
    access: 'user',
    body: messageListRequestSchema,
    response: messageListResponseSchema,
    planned: true,
  }),
  messagesAddOrUpdate: defineEndpoint({
    method: 'POST',
    path: '/messages/addOrUpdate',
    summary: 'Send a message with attachments, or mark a received one read or unread.',
    access: 'user',
    owner: 'message',
    ownerId: 'body.id',
    body: messageInputSchema,
    response: messageSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      fileField: 'files',
      minFiles: 0,
      maxFiles: 5,
      maxFileBytes: 10 * MB,
      accept: [...IMAGE_TYPES, 'application/pdf'],
    },
    planned: true,
  }),
  messagesGetUnreadCount: defineEndpoint({
    method: 'GET',
    path: '/messages/getUnreadMessagesCount',
    summary: 'How many received messages are unread.',
    access: 'user',
    response: unreadCountSchema,
    planned: true,
  }),
  usersSendMessageEmail: defineEndpoint({
    method: 'POST',
    path: '/users/sendMessageEmail',
    summary: 'E-mail the recipient about a message the caller sent.',
    access: 'user',
    owner: 'message',
    ownerId: 'body.messageId',
    body: sendMessageEmailRequestSchema,
    response: successSchema,
    planned: true,
  }),
} as const satisfies Record<string, EndpointDefinition>;
