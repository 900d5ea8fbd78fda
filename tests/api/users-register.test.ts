import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenClaimsSchema } from '../../shared/contract/auth.ts';
import { registerResponseSchema } from '../../shared/contract/users.ts';
import { users } from '../../src-server/db/schema.ts';
import {
  type AccountsTestApp,
  authed,
  claimsOf,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  freshAddress,
  login,
  waitForMail,
} from './support/accounts.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshAddress() });
const checkEmail = (email: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/checkEmail/${encodeURIComponent(email)}`,
    remoteAddress: freshAddress(),
  });

const newAccount = {
  firstName: 'Riley',
  lastName: 'Rancher',
  email: 'Riley.Rancher@Example.com',
  password: 'hay bales and brass',
  phone: '(214) 555-0199',
  zipCode: '75207',
  acceptTerms: true,
  marketingOptIn: true,
};

describe('registration → confirmation email → confirm → sign in', () => {
  it('works end to end through the outbox', async () => {
    expect((await checkEmail(newAccount.email)).json()).toEqual({ isTaken: false });

    const res = await post('/api/users/register', newAccount);
    expect(res.statusCode).toBe(200);
    const body = registerResponseSchema.parse(res.json());
    expect(body.emailConfirmationRequired).toBe(true);
    const claims = tokenClaimsSchema.parse(claimsOf(body.jwtToken));
    expect(claims).toMatchObject({
      role: 'Buyer',
      status: 'Active',
      unique_name: body.userId,
      email: 'riley.rancher@example.com',
      given_name: 'Riley',
      family_name: 'Rancher',
      userOptions: 'AttestedToTermsOfService, AttestedToMarketingOptIn',
      accountOptions: 'None',
    });
    // The account works at once.
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/userdashboard/summary/',
      headers: authed(body.jwtToken),
    });
    expect(summary.statusCode).toBe(200);

    const mail = await waitForMail(t.outboxDir, (text) => text.includes('To: riley.rancher@example.com'));
    expect(mail).toContain('Subject: Confirm your Ironsight email address');
    const link = /http:\/\/ironsight\.test\/register\?userId=([0-9a-f-]+)&confirm=([A-Za-z0-9_-]+)/.exec(
      mail,
    );
    expect(link?.[1]).toBe(body.userId);

    const [before] = await t.database.db.select().from(users).where(eq(users.id, body.userId));
    expect(before?.emailConfirmedAt).toBeNull();
    expect(before?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const confirm = await post('/api/users/email-confirm', { userId: link?.[1], token: link?.[2] });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ success: true });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, body.userId));
    expect(after?.emailConfirmedAt).toBeInstanceOf(Date);

    // One use only.
    expect((await post('/api/users/email-confirm', { userId: link?.[1], token: link?.[2] })).statusCode).toBe(
      400,
    );

    const signIn = await login(t.app, 'riley.rancher@example.com', newAccount.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().hasAcceptedPaymentSetup).toBe(true);
    expect((await checkEmail('RILEY.rancher@example.com')).json()).toEqual({ isTaken: true });
  });

  it('refuses a confirmation token for another account', async () => {
    const res = await post('/api/users/email-confirm', {
      userId: DEMO_ACCOUNTS.buyer.id,
      token: 'z'.repeat(43),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This confirmation link is invalid or has expired. Sign in to get a new one.',
    );
  });

  it('answers 409 for a taken email, whatever its case', async () => {
    const res = await post('/api/users/register', {
      ...newAccount,
      email: DEMO_ACCOUNTS.seller.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('conflict');
  });

  it('requires the terms and refuses disallowed names with the shared messages', async () => {
    const res = await post('/api/users/register', {
      ...newAccount,
      email: 'someone.else@example.com',
      firstName: 'Admin',
      acceptTerms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      firstName: 'The chosen first name is not allowed.',
      acceptTerms: 'Accept the terms of service to continue.',
    });
  });
});

describe('completing a pending registration', () => {
  it("with the pending account's token, updates that account instead of creating one", async () => {
    const pending = DEMO_ACCOUNTS.pending;
    const token = (await login(t.app, pending.email, pending.password)).json().jwtToken as string;
    const res = await post(
      '/api/users/register',
      {
        firstName: 'Perry',
        lastName: 'Completed',
        email: pending.email,
        password: 'completed registration phrase',
        acceptTerms: true,
      },
      authed(token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(pending.id);
    const claims = tokenClaimsSchema.parse(claimsOf(res.json().jwtToken));
    expect(claims.accountOptions).toBe('None');
    expect(claims.family_name).toBe('Completed');
    // The earlier token (issued before the new password) no longer works; the new password signs in.
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/userdashboard/summary/',
      headers: authed(token),
    });
    expect(old.statusCode).toBe(401);
    expect((await login(t.app, pending.email, 'completed registration phrase')).statusCode).toBe(200);
    await waitForMail(
      t.outboxDir,
      (text) => text.includes(`To: ${pending.email}`) && text.includes('Confirm your'),
    );
  });
});
