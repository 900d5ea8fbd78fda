import { MESSAGES_ENDPOINTS } from '../../../shared/contract/messages.ts';
import { Throttle } from '../../core/throttle.ts';
import { bearerToken } from '../../http/auth-context.ts';
import type { ModuleContext } from '../../module-context.ts';
import { accountAuthenticator } from '../auth/index.ts';
import { attachmentDisposition } from './attachments.ts';
import { blockUser, listBlockedUsers, unblockUser } from './blocks.ts';
import { getConversation, listMessages, readAttachment } from './conversations.ts';
import { sendMessageEmail } from './email-notice.ts';
import { accountSignalBus, LiveStreams } from './live.ts';
import { listReports, reportMessage } from './reports.ts';
import { sendMessage } from './send.ts';
import { liveEventFor, type MessagesDeps, markMessage, unreadCount } from './service.ts';

/**
 * Messages between buyers and sellers: a message and its attachments are read only by
 * its two parties (and admins, who moderate); the live channel tells each account of its own
 * unread count and new messages, on whichever server instance its stream is open.
 */
export function registerMessagesModule(
  { app, endpoints, database, config }: ModuleContext,
  deps: Omit<MessagesDeps, 'db' | 'throttle'>,
): void {
  const { db } = database;
  const all: MessagesDeps = { ...deps, db, throttle: new Throttle(db) };
  const bus = accountSignalBus(database, app.log);
  // The reads after a signal, and the open streams' session checks, skip the requests' queue.
  const liveDb = database.liveDb ?? db;
  const streams = new LiveStreams(bus, {
    eventFor: (userId, signal) => liveEventFor(liveDb, userId, signal),
  });
  // An open stream is one long request: its session is checked again as it runs.
  const authenticator = accountAuthenticator(liveDb, config.jwtSecret);
  app.addHook('onReady', () => bus.start());
  // Before the server stops taking connections: open streams would otherwise hold the close.
  app.addHook('preClose', async () => {
    streams.closeAll();
    await bus.stop();
  });

  endpoints(MESSAGES_ENDPOINTS, {
    messagesGetRecipient: async ({ auth, body }) => listMessages(db, auth, 'recipient', body),
    messagesGetSender: async ({ auth, body }) => listMessages(db, auth, 'sender', body),
    messagesAddOrUpdate: async ({ auth, body, files }) =>
      body.id !== undefined
        ? markMessage(all, auth, body.id, body.isRead ?? true)
        : sendMessage(all, auth, body, files),
    messagesGetUnreadCount: async ({ auth }) => ({ unreadCount: await unreadCount(db, auth.userId) }),
    usersSendMessageEmail: async ({ auth, body }) => sendMessageEmail(all, auth, body.messageId),
    messagesConversation: async ({ auth, params, request }) =>
      getConversation(db, auth, params.id, request.ip),
    messagesAttachment: async ({ auth, params, request, reply }) => {
      const file = await readAttachment(all, auth, params.id, request.ip);
      reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', attachmentDisposition(file.fileName));
      return new Uint8Array(file.data);
    },
    messagesLive: async ({ auth, request, reply }) => {
      const token = bearerToken(request) ?? '';
      const sessionValid = async () => (await authenticator.authenticate(token))?.userId === auth.userId;
      streams.serve(request, reply, auth.userId, auth.claims.exp, sessionValid);
      return '';
    },
    messagesBlocks: async ({ auth }) => ({ results: await listBlockedUsers(db, auth) }),
    messagesBlockUser: async ({ auth, body }) => {
      await blockUser(db, auth, body.userId);
      return { success: true as const };
    },
    messagesUnblockUser: async ({ auth, params }) => {
      await unblockUser(db, auth, params.id);
      return { success: true as const };
    },
    messagesReport: async ({ auth, body }) => {
      await reportMessage(db, auth, body.messageId, body.reason);
      return { success: true as const };
    },
    messagesReports: async ({ body }) => listReports(db, body),
  });
}
