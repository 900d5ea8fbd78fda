import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../../src-server/core/throttle.ts';
import { createMessagesTestApp, type MessagesTestApp, sendMessage } from './support/messages.ts';
import { type Account, account } from './support/orders.ts';

let t: MessagesTestApp;
beforeAll(async () => {
  t = await createMessagesTestApp();
});
afterAll(() => t.close());

const PAIR = THROTTLE_RULES.messagePair;
const SENDER = THROTTLE_RULES.messageSender;

const send = (from: Account, to: Account, body = 'Is this still available?') =>
  sendMessage(t.app, from, { recipientId: to.id, subject: 'Question', body });

async function sendMany(from: Account, to: Account, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const res = await send(from, to, `Message ${i + 1}`);
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('how many messages an account may send', () => {
  it('to one person: past the limit a 429 in the error envelope with Retry-After; others still reachable', async () => {
    const sender = await account(t.db, 'buyer');
    const recipient = await account(t.db, 'seller');
    const other = await account(t.db, 'seller');
    await sendMany(sender, recipient, PAIR.max);
    const refused = await send(sender, recipient);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'too_many_requests', message: PAIR.message } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(PAIR.windowSeconds);
    // The refused message was not stored.
    const inbox = await t.app.inject({
      method: 'POST',
      url: '/api/messages/getRecipient',
      headers: { authorization: recipient.authorization },
      payload: { pageSize: 100 },
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json().total).toBe(PAIR.max);
    // The recipient may still answer, and the sender may still write to someone else.
    expect((await send(recipient, sender, 'Yes, it is.')).statusCode).toBe(200);
    expect((await send(sender, other)).statusCode).toBe(200);
  });

  it('to anyone: past the per-account limit every further message is refused', async () => {
    const sender = await account(t.db, 'seller');
    const recipients: Account[] = [];
    for (let i = 0; i < Math.ceil(SENDER.max / PAIR.max) + 1; i += 1)
      recipients.push(await account(t.db, 'buyer'));
    let sent = 0;
    for (const recipient of recipients) {
      const count = Math.min(PAIR.max - 1, SENDER.max - sent);
      await sendMany(sender, recipient, count);
      sent += count;
    }
    expect(sent).toBe(SENDER.max);
    const refused = await send(sender, recipients[recipients.length - 1] as Account);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'too_many_requests', message: SENDER.message });
    // Another account is not held back by it.
    const someoneElse = await account(t.db, 'buyer');
    expect((await send(someoneElse, recipients[0] as Account)).statusCode).toBe(200);
  });

  it('a message that is refused for another reason does not use the allowance', async () => {
    const sender = await account(t.db, 'buyer');
    const recipient = await account(t.db, 'seller');
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/messages/blocks',
      headers: { authorization: recipient.authorization },
      payload: { userId: sender.id },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    for (let i = 0; i < PAIR.max + 2; i += 1) expect((await send(sender, recipient)).statusCode).toBe(403);
    const unblocked = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/blocks/${sender.id}`,
      headers: { authorization: recipient.authorization },
    });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect((await send(sender, recipient)).statusCode).toBe(200);
  });
});
