import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAMS_PER_USER } from '../../src-server/modules/messages/live.ts';
import {
  createMessagesTestApp,
  type LiveStream,
  listenLocally,
  type MessagesTestApp,
  openLiveStream,
  sendMessage,
  sentMessage,
} from './support/messages.ts';
import { type Account, account, listing, post } from './support/orders.ts';

let t: MessagesTestApp;
let origin: string;
let second: FastifyInstance;
let secondOrigin: string;
let buyer: Account;
let seller: Account;
let stranger: Account;
let listingId: string;
const streams: LiveStream[] = [];

beforeAll(async () => {
  t = await createMessagesTestApp();
  origin = await listenLocally(t.app);
  second = await t.secondInstance();
  secondOrigin = await listenLocally(second);
  buyer = await account(t.db, 'buyer');
  seller = await account(t.db, 'seller');
  stranger = await account(t.db, 'buyer');
  listingId = await listing(t.db, seller.id, { title: 'Field glasses 10x42' });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function open(at: string, who: Account | null): Promise<LiveStream> {
  const stream = await openLiveStream(at, who);
  streams.push(stream);
  return stream;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the live channel', () => {
  it('refuses a visitor, and a token in the URL is no substitute for the header', async () => {
    expect((await open(origin, null)).status).toBe(401);
    const token = seller.authorization.slice('Bearer '.length);
    const res = await fetch(`${origin}/api/messages/live?token=${token}`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('opens with the unread count', async () => {
    const stream = await open(origin, seller);
    expect(stream.status).toBe(200);
    expect(await stream.next((event) => event.type === 'unread')).toEqual({ type: 'unread', unreadCount: 0 });
    stream.close();
  });

  it("delivers a new message to the recipient's stream only, on another server instance too", async () => {
    const sellerHere = await open(origin, seller);
    const sellerThere = await open(secondOrigin, seller);
    const buyerStream = await open(origin, buyer);
    const strangerStream = await open(secondOrigin, stranger);
    for (const stream of [sellerHere, sellerThere, buyerStream, strangerStream]) {
      await stream.next((event) => event.type === 'unread');
    }
    const before = (await sellerHere.next((event) => event.type === 'unread')).unreadCount;

    // Sent through the second instance: the first hears it only through the database.
    const sentAt = Date.now();
    const sent = await sentMessage(second, buyer, { listingId, body: 'Are the glasses waterproof?' });
    for (const stream of [sellerHere, sellerThere]) {
      const event = await stream.next((item) => item.type === 'message' && item.message.id === sent.id, 2000);
      expect(event).toEqual({
        type: 'message',
        unreadCount: before + 1,
        message: {
          id: sent.id,
          conversationId: sent.conversationId,
          senderDisplayName: expect.stringMatching(/^Test Buyer\d+$/),
          subject: 'Field glasses 10x42',
        },
      });
    }
    expect(Date.now() - sentAt).toBeLessThan(2000);

    await wait(300);
    expect(buyerStream.events).toEqual([{ type: 'unread', unreadCount: 0 }]);
    expect(strangerStream.events).toEqual([{ type: 'unread', unreadCount: 0 }]);
  });

  it("tells the reader's other windows the new count when a message is read", async () => {
    const reader = await account(t.db, 'seller');
    const item = await listing(t.db, reader.id);
    const sent = await sentMessage(t.app, buyer, { listingId: item, body: 'Read me' });
    const readerStream = await open(secondOrigin, reader);
    const senderStream = await open(secondOrigin, buyer);
    await readerStream.next((event) => event.type === 'unread' && event.unreadCount === 1);
    await senderStream.next((event) => event.type === 'unread');

    expect((await sendMessage(t.app, reader, { id: sent.id, isRead: true })).statusCode).toBe(200);
    await readerStream.next((event) => event.type === 'unread' && event.unreadCount === 0);
    await wait(200);
    expect(senderStream.events).toHaveLength(1);
  });

  it(`holds at most ${LIVE_STREAMS_PER_USER} streams of one account open at once`, async () => {
    const busy = await account(t.db, 'buyer');
    const open8 = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_USER }, () => open(origin, busy)));
    for (const stream of open8) await stream.next((event) => event.type === 'unread');
    const extra = await open(origin, busy);
    expect(extra.status).toBe(429);
    open8[0]?.close();
    await wait(200);
    const again = await open(origin, busy);
    expect(again.status).toBe(200);
  });

  it('ends the stream of an account that is locked while it is open; no message reaches it', async () => {
    const admin = await account(t.db, 'admin');
    const locked = await account(t.db, 'seller');
    const stream = await open(origin, locked);
    await stream.next((event) => event.type === 'unread');
    const lock = await post(t.app, `/api/pprAdmin/users/${locked.id}/action`, admin, { action: 'lock' });
    expect(lock.statusCode, lock.body).toBe(200);
    await sentMessage(t.app, buyer, { recipientId: locked.id, body: 'Are you still selling the scope?' });
    const outcome = await Promise.race([
      stream.ended.then(() => 'ended'),
      wait(3000).then(() => 'still open'),
    ]);
    expect(outcome).toBe('ended');
    expect(stream.events.filter((event) => event.type === 'message')).toEqual([]);
    // Reconnecting meets the 401.
    expect((await open(origin, locked)).status).toBe(401);
  });

  it('answers HEAD at once with the headers alone, holding no stream open', async () => {
    const asker = await account(t.db, 'buyer');
    const head = (who: Account | null) =>
      fetch(`${origin}/api/messages/live`, {
        method: 'HEAD',
        headers: who ? { authorization: who.authorization } : {},
        signal: AbortSignal.timeout(2000),
      });
    expect((await head(null)).status).toBe(401);
    for (let i = 0; i < LIVE_STREAMS_PER_USER + 2; i += 1) {
      const res = await head(asker);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const stream = await open(origin, asker);
    expect(stream.status).toBe(200);
    expect(await stream.next((event) => event.type === 'unread')).toEqual({ type: 'unread', unreadCount: 0 });
    stream.close();
  });
});
