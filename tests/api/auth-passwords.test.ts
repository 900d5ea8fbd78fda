import { type Algorithm, hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../shared/contract/auth.ts';
import { users } from '../../src-server/db/schema.ts';
import { passwordNeedsRehash } from '../../src-server/modules/auth/passwords.ts';
import {
  type AccountsTestApp,
  allMail,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  freshAddress,
  login,
  tokenOf,
  wait,
  waitForMail,
} from './support/accounts.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshAddress() });

const resetTokenIn = (mail: string) => /\/forgot-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];

describe('forgot and reset password', () => {
  it('answers the same for a known and an unknown email, and mails a link only to the known one', async () => {
    const known = await post('/api/users/forgot-password', { email: DEMO_ACCOUNTS.buyer.email });
    const unknown = await post('/api/users/forgot-password', { email: 'stranger@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true });

    const mail = await waitForMail(t.outboxDir, (text) => text.includes(`To: ${DEMO_ACCOUNTS.buyer.email}`));
    expect(mail).toContain('Subject: Reset your Ironsight password');
    expect(mail).toContain('http://ironsight.test/forgot-password?token=');
    await wait(200);
    expect((await allMail(t.outboxDir)).some((text) => text.includes('stranger@example.com'))).toBe(false);
  });

  it('resets the password with the emailed one-time link, which then stops working', async () => {
    const account = DEMO_ACCOUNTS.admin;
    const before = await tokenOf(t.app, 'admin');
    await post('/api/users/forgot-password', { email: account.email });
    const token = resetTokenIn(
      await waitForMail(t.outboxDir, (text) => text.includes(`To: ${account.email}`)),
    );
    expect(token).toBeDefined();

    const common = await post('/api/users/reset-password', { token, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toBe(PASSWORD_MESSAGES.tooCommon);

    const reset = await post('/api/users/reset-password', { token, password: 'new admin passphrase here' });
    expect(reset.statusCode).toBe(200);
    expect((await login(t.app, account.email, account.password)).statusCode).toBe(401);
    expect((await login(t.app, account.email, 'new admin passphrase here')).statusCode).toBe(200);
    // Earlier sessions are signed out, and the link works once.
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/userdashboard/summary/',
      headers: authed(before),
    });
    expect(summary.statusCode).toBe(401);
    const again = await post('/api/users/reset-password', { token, password: 'yet another passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This reset link is invalid or has expired. Ask for a new one.');
  });

  it('refuses an invented token', async () => {
    const res = await post('/api/users/reset-password', {
      token: 'x'.repeat(43),
      password: 'some good passphrase',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('password rules', () => {
  it('refuses common passwords at registration with the shared message', async () => {
    const res = await post('/api/users/register', {
      firstName: 'Casey',
      lastName: 'Common',
      email: 'casey.common@example.com',
      password: 'iloveyou1',
      acceptTerms: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: PASSWORD_MESSAGES.tooCommon,
      fields: { password: PASSWORD_MESSAGES.tooCommon },
    });
  });

  it('refuses passwords shorter than 8 characters and the account email itself', async () => {
    const short = await post('/api/users/register', {
      firstName: 'Casey',
      lastName: 'Short',
      email: 'casey.short@example.com',
      password: 'x7#kq2',
      acceptTerms: true,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe(PASSWORD_MESSAGES.tooShort);
    const email = await post('/api/users/register', {
      firstName: 'Casey',
      lastName: 'Same',
      email: 'casey.same.as.email@example.com',
      password: 'casey.same.as.email@example.com',
      acceptTerms: true,
    });
    expect(email.json().error.fields.password).toBe(PASSWORD_MESSAGES.sameAsEmail);
  });

  it('refuses a common new password on change, case-insensitively', async () => {
    const token = await tokenOf(t.app, 'dealer');
    const res = await post(
      '/api/users/changePassword',
      { currentPassword: DEMO_ACCOUNTS.dealer.password, newPassword: 'Baseball1' },
      authed(token),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.newPassword).toBe(PASSWORD_MESSAGES.tooCommon);
  });
});

describe('expired password', () => {
  it('is replaced on /password-expired with the current one, after which sign-in works', async () => {
    const account = DEMO_ACCOUNTS.expired;
    expect((await login(t.app, account.email, account.password)).statusCode).toBe(403);
    const wrong = await post('/api/users/change-expired-password', {
      email: account.email,
      currentPassword: 'not-my-password',
      newPassword: 'fresh expired replacement',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid email or password');
    const res = await post('/api/users/change-expired-password', {
      email: account.email,
      currentPassword: account.password,
      newPassword: 'fresh expired replacement',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const signIn = await login(t.app, account.email, 'fresh expired replacement');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().passwordExpired).toBe(false);
    await waitForMail(
      t.outboxDir,
      (text) => text.includes(`To: ${account.email}`) && text.includes('was changed'),
    );
  });
});

describe('stored password hashes', () => {
  const storedHash = async (email: string) =>
    (
      await t.database.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email))
    )[0]?.passwordHash;

  it('are made again with today’s settings after a correct sign-in; sessions and other hashes stay', async () => {
    const account = DEMO_ACCOUNTS.seller;
    const session = await tokenOf(t.app, 'seller');
    // A hash from older, weaker settings (argon2i, 4 MiB, 3 passes).
    const old = await hash(account.password, { algorithm: 1 as Algorithm, memoryCost: 4096, timeCost: 3 });
    await t.database.db.update(users).set({ passwordHash: old }).where(eq(users.email, account.email));

    const wrong = await login(t.app, account.email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(await storedHash(account.email)).toBe(old);

    const res = await login(t.app, account.email, account.password);
    expect(res.statusCode).toBe(200);
    const renewed = await storedHash(account.email);
    expect(renewed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(passwordNeedsRehash(renewed ?? '')).toBe(false);
    // The earlier session still works, and signing in again leaves the new hash as it is.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/userdashboard/summary/',
      headers: authed(session),
    });
    expect(me.statusCode).toBe(200);
    expect((await login(t.app, account.email, account.password)).statusCode).toBe(200);
    expect(await storedHash(account.email)).toBe(renewed);
  });
});
