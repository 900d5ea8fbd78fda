import { sql } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB } from '../../shared/contract/endpoint.ts';
import { allMail } from './support/accounts.ts';
import {
  createMessagesTestApp,
  FAKE_EXECUTABLE,
  type MessagesTestApp,
  SMALL_PDF,
  sendMessage,
  sentMessage,
} from './support/messages.ts';
import { type Account, account, get, listing, post } from './support/orders.ts';
import { cameraJpeg, plainPng } from './support/uploads.ts';

let t: MessagesTestApp;
let buyer: Account;
let seller: Account;
let stranger: Account;
let listingId: string;

beforeAll(async () => {
  t = await createMessagesTestApp();
  buyer = await account(t.db, 'buyer');
  seller = await account(t.db, 'seller');
  stranger = await account(t.db, 'buyer');
  listingId = await listing(t.db, seller.id, { title: 'Walnut-stock lever rifle' });
});
afterAll(() => t.close());

const unread = async (who: Account) =>
  (await get(t.app, '/api/messages/getUnreadMessagesCount', who)).json().unreadCount as number;

const inbox = async (who: Account, filters: Record<string, unknown> = {}) =>
  (await post(t.app, '/api/messages/getRecipient', who, { filters })).json();

describe('sending a message', () => {
  it('from a listing reaches its seller, under the listing title, in a conversation of the two', async () => {
    const sent = await sentMessage(t.app, buyer, { listingId, body: 'Is the rifle still available?' });
    const res = await post(t.app, '/api/messages/getRecipient', seller, { filters: { listingId } });
    expect(res.statusCode).toBe(200);
    const found = res.json().results.find((message: { id: string }) => message.id === sent.id);
    expect(found).toMatchObject({
      senderId: buyer.id,
      recipientId: seller.id,
      listingId,
      listingTitle: 'Walnut-stock lever rifle',
      subject: 'Walnut-stock lever rifle',
      body: 'Is the rifle still available?',
      isRead: false,
      conversationId: sent.conversationId,
    });
  });

  it('keeps a reply and later messages about the same listing in one conversation', async () => {
    const first = await sentMessage(t.app, buyer, { listingId, body: 'Would you take $800?' });
    const reply = await sentMessage(t.app, seller, {
      parentMessageId: first.id,
      body: '$850 and it is yours.',
    });
    const again = await sentMessage(t.app, buyer, { listingId, body: 'Deal.' });
    expect(reply.conversationId).toBe(first.conversationId);
    expect(again.conversationId).toBe(first.conversationId);
    const conversation = (
      await get(t.app, `/api/messages/conversations/${first.conversationId}`, buyer)
    ).json();
    expect(conversation.otherParty).toMatchObject({ id: seller.id });
    const bodies = conversation.messages.map((message: { body: string }) => message.body);
    expect(bodies.slice(-3)).toEqual(['Would you take $800?', '$850 and it is yours.', 'Deal.']);
    expect(conversation.messages.at(-2)).toMatchObject({
      recipientId: buyer.id,
      subject: 'Re: Walnut-stock lever rifle',
    });
  });

  it('opens a separate conversation for another listing of the same seller', async () => {
    const other = await listing(t.db, seller.id, { title: 'Bolt-action .308' });
    const a = await sentMessage(t.app, buyer, { listingId, body: 'One' });
    const b = await sentMessage(t.app, buyer, { listingId: other, body: 'Two' });
    expect(b.conversationId).not.toBe(a.conversationId);
  });

  it('stores the body as plain text, exactly as typed', async () => {
    const body = '<script>alert(1)</script> see https://example.com & <b>bold</b>';
    const sent = await sentMessage(t.app, buyer, { listingId, body });
    const conversation = (
      await get(t.app, `/api/messages/conversations/${sent.conversationId}`, seller)
    ).json();
    expect(conversation.messages.find((message: { id: string }) => message.id === sent.id).body).toBe(body);
  });

  it('refuses a message to oneself, to an unknown listing, and one without a body', async () => {
    const own = await sendMessage(t.app, seller, { listingId, body: 'Hi me' });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe('You cannot send a message to yourself.');
    const unknown = await sendMessage(t.app, buyer, {
      listingId: '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70',
      body: 'Hello',
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await sendMessage(t.app, buyer, { listingId, body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.body).toBe('Write a message.');
  });

  it('lets a seller name the buyer about their own listing; others may write only to the seller; a closed account receives nothing', async () => {
    const sent = await sentMessage(t.app, seller, {
      listingId,
      recipientId: buyer.id,
      body: 'Still interested?',
    });
    expect(sent).toMatchObject({ senderId: seller.id, recipientId: buyer.id, listingId });
    const wrong = await sendMessage(t.app, buyer, { listingId, recipientId: stranger.id, body: 'Psst' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.recipientId).toBe('Send messages about a listing to its seller.');
    const closed = await account(t.db, 'buyer');
    const earlier = await sentMessage(t.app, closed, { listingId, body: 'Before I go' });
    await t.db.execute(sql`update users set status = 'Inactive' where id = ${closed.id}`);
    for (const request of [
      { parentMessageId: earlier.id, body: 'Are you there?' },
      { listingId, recipientId: closed.id, body: 'Hello?' },
      { recipientId: closed.id, body: 'Hello?' },
    ]) {
      const refused = await sendMessage(t.app, seller, request);
      expect(refused.statusCode).toBe(404);
    }
  });

  it('lists what the caller sent on the sent side, not in their inbox', async () => {
    const sent = await sentMessage(t.app, buyer, { listingId, body: 'Sent-side check' });
    const sentList = (await post(t.app, '/api/messages/getSender', buyer, { filters: {} })).json();
    expect(sentList.results.map((message: { id: string }) => message.id)).toContain(sent.id);
    const buyerInbox = await inbox(buyer);
    expect(buyerInbox.results.map((message: { id: string }) => message.id)).not.toContain(sent.id);
  });

  it('finds messages by keyword and pages them', async () => {
    await sentMessage(t.app, buyer, { listingId, body: 'Does it come with the original box? zebra-word' });
    const found = await inbox(seller, { keyword: 'zebra-word' });
    expect(found.total).toBe(1);
    const paged = (
      await post(t.app, '/api/messages/getRecipient', seller, { filters: {}, page: 1, pageSize: 2 })
    ).json();
    expect(paged.results).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(2);
  });
});

describe('unread counts', () => {
  it('count received unread messages, drop when one is read, and rise again when marked unread', async () => {
    const reader = await account(t.db, 'seller');
    const writer = await account(t.db, 'buyer');
    const item = await listing(t.db, reader.id);
    expect(await unread(reader)).toBe(0);
    const first = await sentMessage(t.app, writer, { listingId: item, body: 'One' });
    await sentMessage(t.app, stranger, { listingId: item, body: 'Two' });
    expect(await unread(reader)).toBe(2);
    // Sending never counts as unread for the sender.
    expect(await unread(writer)).toBe(0);

    const read = await sendMessage(t.app, reader, { id: first.id, isRead: true });
    expect(read.statusCode).toBe(200);
    expect(read.json().isRead).toBe(true);
    expect(await unread(reader)).toBe(1);
    expect((await inbox(reader, { isRead: false })).total).toBe(1);

    await sendMessage(t.app, reader, { id: first.id, isRead: false });
    expect(await unread(reader)).toBe(2);
  });

  it('only the recipient marks a message read', async () => {
    const sent = await sentMessage(t.app, buyer, { listingId, body: 'Mark me' });
    const bySender = await sendMessage(t.app, buyer, { id: sent.id, isRead: true });
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().error.message).toBe('Only the recipient can mark a message read or unread.');
    expect((await sendMessage(t.app, stranger, { id: sent.id, isRead: true })).statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('are stored with metadata stripped from photos and served only as downloads', async () => {
    const photo = await cameraJpeg(800, 600);
    expect((await exifr.gps(photo))?.latitude).toBeCloseTo(32.78, 1);
    const sent = await sentMessage(
      t.app,
      seller,
      { recipientId: buyer.id, body: 'Photos and the receipt.' },
      [
        { filename: 'rifle.jpg', contentType: 'image/jpeg', data: photo },
        { filename: 'receipt.pdf', contentType: 'application/pdf', data: SMALL_PDF },
      ],
    );
    expect(sent.attachments).toHaveLength(2);

    const image = await get(t.app, sent.attachments[0]!.url, buyer);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['content-disposition']).toMatch(/^attachment; filename="rifle\.jpg"/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const stored = image.rawPayload;
    expect(await exifr.gps(stored).catch(() => undefined)).toBeUndefined();
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    // Turned upright by its orientation before the tag was dropped.
    expect([meta.width, meta.height]).toEqual([600, 800]);

    const pdf = await get(t.app, sent.attachments[1]!.url, seller);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="receipt\.pdf"/);
    expect(pdf.rawPayload.equals(SMALL_PDF)).toBe(true);
  });

  it('refuses a renamed executable by its content', async () => {
    const res = await sendMessage(t.app, buyer, { listingId, body: 'See the photo' }, [
      { filename: 'photo.png', contentType: 'image/png', data: FAKE_EXECUTABLE },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('“photo.png” is a EXE file. Choose a JPEG, PNG, WebP or PDF file.');
  });

  it('refuses more than five files and a file over 10 MB', async () => {
    const png = await plainPng(20, 20);
    const six = Array.from({ length: 6 }, (_, index) => ({
      filename: `p${index}.png`,
      contentType: 'image/png',
      data: png,
    }));
    const tooMany = await sendMessage(t.app, buyer, { listingId, body: 'Many' }, six);
    expect(tooMany.statusCode).toBe(413);
    const big = Buffer.concat([SMALL_PDF, Buffer.alloc(10 * MB)]);
    const tooLarge = await sendMessage(t.app, buyer, { listingId, body: 'Big' }, [
      { filename: 'big.pdf', contentType: 'application/pdf', data: big },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('“big.pdf” is larger than 10 MB. Choose a smaller file.');
  });

  it('names a download by its checked type, whatever the sender called it', async () => {
    const sent = await sentMessage(t.app, buyer, { listingId, body: 'Invoice' }, [
      { filename: 'invoice.exe', contentType: 'application/octet-stream', data: SMALL_PDF },
    ]);
    const res = await get(t.app, sent.attachments[0]!.url, seller);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice\.exe\.pdf"/);
  });
});

describe('blocking', () => {
  it('refuses messages from a blocked user until they are unblocked', async () => {
    const pest = await account(t.db, 'buyer');
    const block = await post(t.app, '/api/messages/blocks', seller, { userId: pest.id });
    expect(block.statusCode).toBe(200);
    const refused = await sendMessage(t.app, pest, { listingId, body: 'Answer me!' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This person does not accept messages from you.');
    const blocks = (await get(t.app, '/api/messages/blocks', seller)).json();
    expect(blocks.results.map((row: { userId: string }) => row.userId)).toContain(pest.id);

    const unblock = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/blocks/${pest.id}`,
      headers: { authorization: seller.authorization },
    });
    expect(unblock.statusCode).toBe(200);
    expect((await sendMessage(t.app, pest, { listingId, body: 'Sorry.' })).statusCode).toBe(200);
  });

  it('still lets the blocker write to the blocked user, and shows the block in the conversation', async () => {
    const pest = await account(t.db, 'buyer');
    const first = await sentMessage(t.app, pest, { listingId, body: 'Hello' });
    await post(t.app, '/api/messages/blocks', seller, { userId: pest.id });
    const conversation = (
      await get(t.app, `/api/messages/conversations/${first.conversationId}`, seller)
    ).json();
    expect(conversation.otherPartyBlocked).toBe(true);
    expect(
      (await sendMessage(t.app, seller, { parentMessageId: first.id, body: 'Please stop.' })).statusCode,
    ).toBe(200);
  });

  it('refuses a reply to the blocker, and the blocked seller writing about their listing, read with the addressing', async () => {
    const pest = await account(t.db, 'buyer');
    const theirs = await listing(t.db, pest.id, { title: 'Pest-owned scope' });
    const first = await sentMessage(t.app, seller, {
      listingId,
      recipientId: pest.id,
      body: 'Any questions?',
    });
    await post(t.app, '/api/messages/blocks', seller, { userId: pest.id });
    const reply = await sendMessage(t.app, pest, { parentMessageId: first.id, body: 'Yes, many.' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error.message).toBe('This person does not accept messages from you.');
    // The owner of a listing naming the blocker as recipient.
    const named = await sendMessage(t.app, pest, {
      listingId: theirs,
      recipientId: seller.id,
      body: 'Buy it?',
    });
    expect(named.statusCode).toBe(403);
  });

  it('cannot block oneself', async () => {
    const res = await post(t.app, '/api/messages/blocks', seller, { userId: seller.id });
    expect(res.statusCode).toBe(400);
  });
});

describe('reports', () => {
  it('a recipient reports a message and admins see it in the console list', async () => {
    const admin = await account(t.db, 'admin');
    const sent = await sentMessage(t.app, stranger, { listingId, body: 'Send the money by gift card.' });
    const bySender = await post(t.app, '/api/messages/report', stranger, { messageId: sent.id, reason: 'x' });
    expect(bySender.statusCode).toBe(403);
    const report = await post(t.app, '/api/messages/report', seller, {
      messageId: sent.id,
      reason: 'Scam attempt',
    });
    expect(report.statusCode).toBe(200);
    const list = await post(t.app, '/api/messages/reports', admin, {});
    expect(list.statusCode).toBe(200);
    expect(list.json().results[0]).toMatchObject({
      reason: 'Scam attempt',
      reporter: { id: seller.id },
      sender: { id: stranger.id },
      message: { id: sent.id, body: 'Send the money by gift card.' },
    });
    expect((await post(t.app, '/api/messages/reports', seller, {})).statusCode).toBe(403);
  });
});

describe('e-mail notices', () => {
  it('mail the recipient at most once per conversation an hour', async () => {
    const reader = await account(t.db, 'seller', {
      email: `notice-${Date.now()}@example.com`,
      firstName: 'Nora',
    });
    const item = await listing(t.db, reader.id, { title: 'Scout scope 2-7x' });
    const first = await sentMessage(t.app, buyer, { listingId: item, body: 'Any scratches?' });
    const res = await post(t.app, '/api/users/sendMessageEmail', buyer, { messageId: first.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, emailed: true });

    const second = await sentMessage(t.app, buyer, { listingId: item, body: 'And the caps?' });
    const again = await post(t.app, '/api/users/sendMessageEmail', buyer, { messageId: second.id });
    expect(again.json()).toEqual({ success: true, emailed: false });

    // Another conversation of the same recipient is mailed on its own hour.
    const other = await sentMessage(t.app, stranger, { listingId: item, body: 'Is it sold?' });
    expect(
      (await post(t.app, '/api/users/sendMessageEmail', stranger, { messageId: other.id })).json().emailed,
    ).toBe(true);

    const mails = (await allMail(t.outboxDir)).filter(
      (mail) => mail.includes(reader.id) || mail.includes('Nora'),
    );
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain('Subject: New message from');
    expect(mails[0]).toContain(`/dashboard/messages/inbox?conversation=${first.conversationId}`);
    // The body of the message stays on the site.
    expect(mails.join('\n')).not.toContain('Any scratches?');

    // Once the hour has passed, the next message is mailed again.
    await t.db.execute(
      sql`update message_email_notices set sent_at = now() - interval '61 minutes' where conversation_id = ${first.conversationId}`,
    );
    const later = await sentMessage(t.app, buyer, { listingId: item, body: 'Still there?' });
    expect(
      (await post(t.app, '/api/users/sendMessageEmail', buyer, { messageId: later.id })).json().emailed,
    ).toBe(true);
  });

  it('only the sender asks for the notice', async () => {
    const sent = await sentMessage(t.app, buyer, { listingId, body: 'Ping' });
    const res = await post(t.app, '/api/users/sendMessageEmail', seller, { messageId: sent.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Only the sender of a message can e-mail its recipient about it.');
  });
});
