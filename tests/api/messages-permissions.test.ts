import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MESSAGES_ENDPOINTS } from '../../shared/contract/messages.ts';
import {
  createMessagesTestApp,
  listenLocally,
  type MessagesTestApp,
  resetMessageAllowance,
  SMALL_PDF,
  sendMessage,
  sentMessage,
} from './support/messages.ts';
import { type Account, account, get, listing, post } from './support/orders.ts';

/** `buyer` writes to `seller` about the seller's listing; `anotherUser` is neither party. */
type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherUser' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherUser', 'admin'];

let t: MessagesTestApp;
let origin: string;
const who: Record<Exclude<Caller, 'visitor'>, Account> = {} as never;
let listingId: string;

beforeAll(async () => {
  t = await createMessagesTestApp();
  origin = await listenLocally(t.app);
  who.buyer = await account(t.db, 'buyer');
  who.seller = await account(t.db, 'seller');
  who.anotherUser = await account(t.db, 'seller');
  who.admin = await account(t.db, 'admin');
  listingId = await listing(t.db, who.seller.id);
});
afterAll(() => t.close());

const as = (caller: Caller) => (caller === 'visitor' ? null : who[caller]);

/** A fresh message of the buyer to the seller, with a PDF attached. */
const freshMessage = async () => {
  // Many messages of one pair are sent here; the sending limits have their own tests.
  await resetMessageAllowance(t.db);
  return sentMessage(t.app, who.buyer, { listingId, body: 'Is it available?' }, [
    { filename: 'offer.pdf', contentType: 'application/pdf', data: SMALL_PDF },
  ]);
};

interface Row {
  call: (caller: Caller) => Promise<{ statusCode: number }>;
  expected: Record<Caller, number>;
}

const ANYONE_SIGNED_IN = { visitor: 401, buyer: 200, seller: 200, anotherUser: 200, admin: 200 };

/**
 * Every messages endpoint and the status each caller gets, written out by hand. A message and its
 * attachments are read by its two parties only (to a third user they answer 404, as an unknown id
 * does; admins read to moderate);
 * only the recipient marks it read or reports it; only the sender asks for the e-mail notice.
 */
const MATRIX: Record<keyof typeof MESSAGES_ENDPOINTS, Row> = {
  messagesGetRecipient: {
    call: (caller) => post(t.app, '/api/messages/getRecipient', as(caller), { filters: {} }),
    expected: ANYONE_SIGNED_IN,
  },
  messagesGetSender: {
    call: (caller) => post(t.app, '/api/messages/getSender', as(caller), { filters: {} }),
    expected: ANYONE_SIGNED_IN,
  },
  messagesAddOrUpdate: {
    // Marking a received message read: the recipient's alone.
    call: async (caller) => sendMessage(t.app, as(caller), { id: (await freshMessage()).id, isRead: true }),
    expected: { visitor: 401, buyer: 403, seller: 200, anotherUser: 404, admin: 403 },
  },
  messagesGetUnreadCount: {
    call: (caller) => get(t.app, '/api/messages/getUnreadMessagesCount', as(caller)),
    expected: ANYONE_SIGNED_IN,
  },
  usersSendMessageEmail: {
    call: async (caller) =>
      post(t.app, '/api/users/sendMessageEmail', as(caller), { messageId: (await freshMessage()).id }),
    expected: { visitor: 401, buyer: 200, seller: 403, anotherUser: 404, admin: 403 },
  },
  messagesConversation: {
    call: async (caller) =>
      get(t.app, `/api/messages/conversations/${(await freshMessage()).conversationId}`, as(caller)),
    expected: { visitor: 401, buyer: 200, seller: 200, anotherUser: 404, admin: 200 },
  },
  messagesAttachment: {
    call: async (caller) => get(t.app, (await freshMessage()).attachments[0]!.url, as(caller)),
    expected: { visitor: 401, buyer: 200, seller: 200, anotherUser: 404, admin: 200 },
  },
  messagesLive: {
    // A stream stays open, so it is opened over real HTTP and closed once answered.
    call: async (caller) => {
      const controller = new AbortController();
      const caller_ = as(caller);
      const res = await fetch(`${origin}/api/messages/live`, {
        headers: caller_ ? { authorization: caller_.authorization } : {},
        signal: controller.signal,
      });
      controller.abort();
      return { statusCode: res.status };
    },
    expected: ANYONE_SIGNED_IN,
  },
  messagesBlocks: {
    call: (caller) => get(t.app, '/api/messages/blocks', as(caller)),
    expected: ANYONE_SIGNED_IN,
  },
  messagesBlockUser: {
    call: async (caller) => {
      const target = await account(t.db, 'buyer');
      return post(t.app, '/api/messages/blocks', as(caller), { userId: target.id });
    },
    expected: ANYONE_SIGNED_IN,
  },
  messagesUnblockUser: {
    call: async (caller) => {
      const target = await account(t.db, 'buyer');
      const caller_ = as(caller);
      if (caller_) await post(t.app, '/api/messages/blocks', caller_, { userId: target.id });
      return t.app.inject({
        method: 'DELETE',
        url: `/api/messages/blocks/${target.id}`,
        headers: caller_ ? { authorization: caller_.authorization } : {},
      });
    },
    expected: ANYONE_SIGNED_IN,
  },
  messagesReport: {
    call: async (caller) =>
      post(t.app, '/api/messages/report', as(caller), {
        messageId: (await freshMessage()).id,
        reason: 'Spam',
      }),
    expected: { visitor: 401, buyer: 403, seller: 200, anotherUser: 404, admin: 403 },
  },
  messagesReports: {
    call: (caller) => post(t.app, '/api/messages/reports', as(caller), {}),
    expected: { visitor: 401, buyer: 403, seller: 403, anotherUser: 403, admin: 200 },
  },
};

describe('who may call each messages endpoint', () => {
  for (const [name, row] of Object.entries(MATRIX)) {
    it.each(CALLERS)(`${name}: %s`, async (caller) => {
      const res = await row.call(caller);
      expect(res.statusCode).toBe(row.expected[caller]);
    });
  }

  it('answers 404 for a conversation or attachment that does not exist', async () => {
    const unknown = '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70';
    expect((await get(t.app, `/api/messages/conversations/${unknown}`, who.buyer)).statusCode).toBe(404);
    expect((await get(t.app, `/api/messages/attachments/${unknown}`, who.buyer)).statusCode).toBe(404);
  });

  it("answers another pair's message, conversation or attachment exactly as an unknown id", async () => {
    const unknown = '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f71';
    const message = await freshMessage();
    const attachmentId = message.attachments[0]!.id;
    const asStranger = {
      conversation: (id: string) => get(t.app, `/api/messages/conversations/${id}`, who.anotherUser),
      attachment: (id: string) => get(t.app, `/api/messages/attachments/${id}`, who.anotherUser),
      markRead: (id: string) => sendMessage(t.app, who.anotherUser, { id, isRead: true }),
      reply: (id: string) => sendMessage(t.app, who.anotherUser, { parentMessageId: id, body: 'Hello?' }),
      report: (id: string) =>
        post(t.app, '/api/messages/report', who.anotherUser, { messageId: id, reason: 'x' }),
      emailNotice: (id: string) =>
        post(t.app, '/api/users/sendMessageEmail', who.anotherUser, { messageId: id }),
    };
    const theirs: Record<keyof typeof asStranger, string> = {
      conversation: message.conversationId,
      attachment: attachmentId,
      markRead: message.id,
      reply: message.id,
      report: message.id,
      emailNotice: message.id,
    };
    for (const [name, call] of Object.entries(asStranger) as [
      keyof typeof asStranger,
      (id: string) => Promise<{ statusCode: number; json(): unknown }>,
    ][]) {
      const forOthers = await call(theirs[name]);
      const forNobody = await call(unknown);
      expect(forNobody.statusCode, name).toBe(404);
      expect(forOthers.statusCode, name).toBe(404);
      expect(forOthers.json(), name).toEqual(forNobody.json());
    }
  });

  it('writes each staff read of a conversation or attachment to the audit log, naming both parties', async () => {
    const message = await freshMessage();
    const entries = async () =>
      (
        await get(t.app, `/api/pprAdmin/audit?action=readConversation&adminId=${who.admin.id}`, who.admin)
      ).json().results as { targetUserId: string; after: Record<string, unknown> }[];
    const before = (await entries()).length;
    // The parties' own reads are not staff reads.
    await get(t.app, `/api/messages/conversations/${message.conversationId}`, who.buyer);
    await get(t.app, message.attachments[0]!.url, who.seller);
    expect(await entries()).toHaveLength(before);

    expect(
      (await get(t.app, `/api/messages/conversations/${message.conversationId}`, who.admin)).statusCode,
    ).toBe(200);
    expect((await get(t.app, message.attachments[0]!.url, who.admin)).statusCode).toBe(200);
    const written = (await entries()).slice(0, 4);
    expect(written.map((entry) => entry.targetUserId).sort()).toEqual(
      [who.buyer.id, who.buyer.id, who.seller.id, who.seller.id].sort(),
    );
    expect(written.filter((entry) => entry.after.conversationId === message.conversationId)).toHaveLength(2);
    expect(written.filter((entry) => entry.after.attachmentId !== undefined)).toHaveLength(2);
    for (const entry of written) {
      expect([...(entry.after.parties as string[])].sort()).toEqual([who.buyer.id, who.seller.id].sort());
    }
  });

  it("keeps a third user out of a message's content in every list", async () => {
    const message = await freshMessage();
    for (const path of ['/api/messages/getRecipient', '/api/messages/getSender']) {
      const res = await post(t.app, path, who.anotherUser, {
        filters: { conversationId: message.conversationId },
      });
      expect(res.json().total).toBe(0);
    }
  });
});
