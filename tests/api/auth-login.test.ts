import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginForbiddenSchema,
  loginPastDueSchema,
  loginSuccessSchema,
  loginUnauthorizedSchema,
  tokenClaimsSchema,
} from '../../shared/contract/auth.ts';
import { parseFlagNames } from '../../shared/domain/flags.ts';
import { AccountOption, UserOption } from '../../shared/domain/user.ts';
import { users } from '../../src-server/db/schema.ts';
import {
  type AccountsTestApp,
  claimsOf,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  login,
} from './support/accounts.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/login: 200', () => {
  it('signs a buyer in with a token carrying every session claim', async () => {
    const buyer = DEMO_ACCOUNTS.buyer;
    const res = await login(t.app, buyer.email, buyer.password);
    expect(res.statusCode).toBe(200);
    const body = loginSuccessSchema.parse(res.json());
    expect(body).toEqual({
      jwtToken: expect.any(String),
      statusCode: 200,
      passwordExpired: false,
      hasAcceptedPaymentSetup: true,
    });

    const raw = claimsOf(body.jwtToken);
    const claims = tokenClaimsSchema.parse(raw);
    expect(claims).toMatchObject({
      role: 'Buyer',
      status: 'Active',
      unique_name: buyer.id,
      email: buyer.email,
      given_name: 'Blake',
      family_name: 'Buyer',
      // The demo buyer has the valuation option (seed/accounts.ts).
      userOptions: 'AttestedToTermsOfService, WhatIsMyGunWorthAllowed',
      accountOptions: 'None',
      sellerDisplayName: '',
      phoneNumber: expect.stringMatching(/^214555\d{4}$/),
    });
    expect(parseFlagNames(UserOption, claims.userOptions)).toBe(
      UserOption.AttestedToTermsOfService | UserOption.WhatIsMyGunWorthAllowed,
    );
    expect(raw.exp).toBe((raw.iat as number) + 24 * 60 * 60);
    expect(Math.abs((raw.iat as number) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('sends the role as a list when the account has several, with the seller display name', async () => {
    const dealer = DEMO_ACCOUNTS.dealer;
    const res = await login(t.app, dealer.email.toUpperCase(), dealer.password);
    expect(res.statusCode).toBe(200);
    const claims = tokenClaimsSchema.parse(claimsOf(res.json().jwtToken));
    expect(claims.role).toEqual(['Buyer', 'PlatinumSeller']);
    expect(claims.sellerDisplayName).toBe('Lone Star Firearms');
    expect(res.json().hasAcceptedPaymentSetup).toBe(true);
  });

  it('answers hasAcceptedPaymentSetup false only for a seller without a gateway or GunTab', async () => {
    const results = await Promise.all(
      (['buyer', 'seller', 'dealer', 'newSeller', 'admin'] as const).map(async (key) => {
        const res = await login(t.app, DEMO_ACCOUNTS[key].email, DEMO_ACCOUNTS[key].password);
        return [key, res.json().hasAcceptedPaymentSetup] as const;
      }),
    );
    expect(Object.fromEntries(results)).toEqual({
      buyer: true,
      seller: true,
      dealer: true,
      newSeller: false,
      admin: true,
    });
  });

  it('gives a pending-registration account a token whose accountOptions say so', async () => {
    const pending = DEMO_ACCOUNTS.pending;
    const res = await login(t.app, pending.email, pending.password);
    expect(res.statusCode).toBe(200);
    const claims = tokenClaimsSchema.parse(claimsOf(res.json().jwtToken));
    expect(claims.accountOptions).toBe('PendingRegistration');
    expect(parseFlagNames(AccountOption, claims.accountOptions)).toBe(AccountOption.PendingRegistration);
  });

  it('gives a locked account a token with status Locked, which the API itself refuses', async () => {
    const locked = DEMO_ACCOUNTS.locked;
    const res = await login(t.app, locked.email, locked.password);
    expect(res.statusCode).toBe(200);
    const token = res.json().jwtToken as string;
    expect(tokenClaimsSchema.parse(claimsOf(token)).status).toBe('Locked');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/userdashboard/summary/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe('POST /api/auth/login: refusals', () => {
  it('answers 401 with the same body for an unknown email and a wrong password', async () => {
    const unknown = await login(t.app, 'nobody@example.com', 'whatever-password');
    const wrong = await login(t.app, DEMO_ACCOUNTS.buyer.email, 'not-the-password');
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(loginUnauthorizedSchema.parse(res.json())).toEqual({
        error: { code: 'unauthorized', message: 'Invalid email or password' },
        statusCode: 401,
        passwordExpired: false,
      });
    }
    expect(unknown.body).toBe(wrong.body);
  });

  it('takes comparable time for an unknown email and a wrong password (a dummy hash is checked)', async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await login(t.app, email, 'some-wrong-password');
      return performance.now() - start;
    };
    await time('warm-up@example.com');
    // The quickest of several tries each, taken in turns: a busy machine slows single tries at random.
    const unknownTimes: number[] = [];
    const knownTimes: number[] = [];
    for (let round = 0; round < 4; round++) {
      unknownTimes.push(await time(`ghost${round}@example.com`));
      knownTimes.push(await time(round % 2 === 0 ? DEMO_ACCOUNTS.seller.email : DEMO_ACCOUNTS.dealer.email));
    }
    const unknown = Math.min(...unknownTimes);
    const known = Math.min(...knownTimes);
    // Both run one argon2 verification; without the dummy an unknown email would answer far faster.
    expect(unknown).toBeGreaterThan(known * 0.4);
  });

  it('answers 402 with the past-due amount (and an unfreeze token) for an account frozen for non-payment', async () => {
    const pastDue = DEMO_ACCOUNTS.pastDue;
    const res = await login(t.app, pastDue.email, pastDue.password);
    expect(res.statusCode).toBe(402);
    const body = loginPastDueSchema.parse(res.json());
    expect(body).toMatchObject({
      statusCode: 402,
      passwordExpired: false,
      pastDueAmount: 149.95,
      email: pastDue.email,
      freezeReason: 'NonPayment',
      error: { code: 'payment_required' },
    });
    expect(body.unfreezeToken).toEqual(expect.any(String));
    expect(res.json()).not.toHaveProperty('jwtToken');
    // The unfreeze token is no session token.
    const misuse = await t.app.inject({
      method: 'GET',
      url: '/api/userdashboard/summary/',
      headers: { authorization: `Bearer ${body.unfreezeToken}` },
    });
    expect(misuse.statusCode).toBe(401);
  });

  it('answers 403 with passwordExpired true when the password has expired', async () => {
    const expired = DEMO_ACCOUNTS.expired;
    const res = await login(t.app, expired.email, expired.password);
    expect(res.statusCode).toBe(403);
    expect(loginForbiddenSchema.parse(res.json())).toMatchObject({
      statusCode: 403,
      passwordExpired: true,
      email: expired.email,
    });
  });

  it('answers 403 without passwordExpired for an inactive or fraud-frozen account, only after the password', async () => {
    const account = DEMO_ACCOUNTS.newSeller;
    await t.database.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, account.id));
    const inactive = await login(t.app, account.email, account.password);
    expect(inactive.statusCode).toBe(403);
    expect(loginForbiddenSchema.parse(inactive.json())).toMatchObject({ passwordExpired: false });
    expect(inactive.json().error.message).toMatch(/inactive/);
    expect((await login(t.app, account.email, 'wrong-password-here')).statusCode).toBe(401);

    await t.database.db
      .update(users)
      .set({ status: 'Active', accountOptions: AccountOption.FrozenForFraud })
      .where(eq(users.id, account.id));
    const fraud = await login(t.app, account.email, account.password);
    expect(fraud.statusCode).toBe(403);
    expect(fraud.json().passwordExpired).toBe(false);
    await t.database.db.update(users).set({ accountOptions: 0 }).where(eq(users.id, account.id));
  });

  it('refuses a body without email or password with the login messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: 'Enter a valid email.',
      password: 'Password is required.',
    });
  });
});
