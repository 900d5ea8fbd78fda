import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_SUCCESS_MESSAGE } from '../../shared/contract/newsletter.ts';
import { queryRows } from '../../src-server/db/client.ts';
import {
  type AccountsTestApp,
  allMail,
  createAccountsTestApp,
  freshAddress,
  wait,
  waitForMail,
} from './support/accounts.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: freshAddress() });

const subscription = async (email: string) =>
  (
    await queryRows<{ count: number; confirmed: boolean; unsubscribed: boolean }>(
      t.database.db,
      sql`select count(*) over ()::int as count, confirmed_at is not null as confirmed,
                 unsubscribed_at is not null as unsubscribed
          from newsletter_subscriptions where lower(email) = lower(${email})`,
    )
  )[0];

const linkIn = (mail: string, path: string) => {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([^\\s>]+)`).exec(mail);
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return decodeURIComponent(match[1]);
};

describe('the newsletter: sign-up, double opt-in, unsubscribe', () => {
  it('stores a subscriber once however often they sign up, and asks them to confirm', async () => {
    for (const email of ['Reader@Example.com', 'reader@example.com', ' READER@example.com ']) {
      const res = await post('/users/signupForNewsLetter', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: NEWSLETTER_SUCCESS_MESSAGE });
    }
    expect(await subscription('reader@example.com')).toEqual({
      count: 1,
      confirmed: false,
      unsubscribed: false,
    });
    const mail = await waitForMail(t.outboxDir, (text) => text.includes('To: reader@example.com'));
    expect(mail).toContain('Confirm your subscription');
  });

  it('refuses a malformed or empty address', async () => {
    for (const email of ['not-an-email', '', 'a@', 'x'.repeat(300)]) {
      const res = await post('/users/signupForNewsLetter', { email });
      expect(res.statusCode).toBe(400);
    }
    expect((await post('/users/signupForNewsLetter', {})).statusCode).toBe(400);
  });

  it('confirms from the e-mail link; a confirmed subscriber signing up again gets no new mail', async () => {
    await post('/users/signupForNewsLetter', { email: 'confirmer@example.com' });
    const mail = await waitForMail(t.outboxDir, (text) => text.includes('To: confirmer@example.com'));
    const token = linkIn(mail, '/newsletter/confirm');
    const confirmed = await post('/newsletter/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, email: 'confirmer@example.com' });
    expect(await subscription('confirmer@example.com')).toMatchObject({ confirmed: true });

    await post('/users/signupForNewsLetter', { email: 'confirmer@example.com' });
    await wait(300);
    const mails = (await allMail(t.outboxDir)).filter((text) => text.includes('To: confirmer@example.com'));
    expect(mails).toHaveLength(1);
  });

  it('unsubscribes without signing in; signing up again asks for a new confirmation', async () => {
    await post('/users/signupForNewsLetter', { email: 'leaver@example.com' });
    const mail = await waitForMail(t.outboxDir, (text) => text.includes('To: leaver@example.com'));
    await post('/newsletter/confirm', { token: linkIn(mail, '/newsletter/confirm') });
    const token = linkIn(mail, '/newsletter/unsubscribe');
    for (let i = 0; i < 2; i += 1) {
      const res = await post('/newsletter/unsubscribe', { token });
      expect(res.statusCode).toBe(200);
    }
    expect(await subscription('leaver@example.com')).toMatchObject({ unsubscribed: true });

    await post('/users/signupForNewsLetter', { email: 'leaver@example.com' });
    expect(await subscription('leaver@example.com')).toEqual({
      count: 1,
      confirmed: false,
      unsubscribed: false,
    });
  });

  it('a forged, swapped or malformed token changes nothing', async () => {
    await post('/users/signupForNewsLetter', { email: 'target@example.com' });
    const mail = await waitForMail(t.outboxDir, (text) => text.includes('To: target@example.com'));
    const confirmToken = linkIn(mail, '/newsletter/confirm');
    // A confirmation link is no unsubscribe link, and the reverse.
    expect((await post('/newsletter/unsubscribe', { token: confirmToken })).statusCode).toBe(400);
    expect(
      (await post('/newsletter/confirm', { token: linkIn(mail, '/newsletter/unsubscribe') })).statusCode,
    ).toBe(400);
    expect((await post('/newsletter/confirm', { token: `${confirmToken}x` })).statusCode).toBe(400);
    expect((await post('/newsletter/confirm', { token: 'abc' })).statusCode).toBe(400);
    expect((await post('/newsletter/confirm', {})).statusCode).toBe(400);
    expect(await subscription('target@example.com')).toMatchObject({ confirmed: false, unsubscribed: false });
  });
});
