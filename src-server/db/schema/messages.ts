import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { listings } from './catalog.ts';
import { users } from './users.ts';

/**
 * A conversation: the messages between two people about one listing (or about no listing).
 * The parties are kept in id order (`user_low` < `user_high`), so each pair and listing has one row.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_parties_listing_unique').on(
      t.userLow,
      t.userHigh,
      sql`coalesce(${t.listingId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    check('conversations_parties_ordered', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/** One message. Bodies are plain text; the screens render them as text with safe links. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    parentMessageId: uuid('parent_message_id'),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Removed by staff: both parties see a notice instead of the subject, body and attachments. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_recipient_created_idx').on(t.recipientId, t.createdAt.desc()),
    index('messages_sender_created_idx').on(t.senderId, t.createdAt.desc()),
    index('messages_recipient_unread_idx').on(t.recipientId).where(sql`not is_read`),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
  ],
);

/** A file sent with a message, kept in the blob store under `message-attachments/{id}`. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Read from the file's bytes at upload, never from its name. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId, t.position)],
);

/** A user who refuses messages from another: `blocker_id` receives nothing from `blocked_id`. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);

/** A message a recipient reported as abuse, for the admin console. One report per message and reporter. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How staff closed the report (`MessageReportResolution`); null while it waits in the queue. */
    resolution: text('resolution', {
      enum: ['dismissed', 'messageRemoved', 'senderWarned', 'senderLocked'],
    }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('message_reports_message_reporter_unique').on(t.messageId, t.reporterId),
    index('message_reports_created_idx').on(t.createdAt.desc()),
  ],
);

/** When a party of a conversation was last e-mailed about it: at most one notice an hour. */
export const messageEmailNotices = pgTable(
  'message_email_notices',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.recipientId] })],
);
