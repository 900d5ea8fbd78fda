import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  freshAddress,
  login,
} from './support/accounts.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

describe('sign-in throttling per account', () => {
  it('answers 429 after 5 failures for one account, even with the right password, from any address', async () => {
    const { email, password } = DEMO_ACCOUNTS.buyer;
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t.app, email, `wrong-password-${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(t.app, email, password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'too_many_requests',
      message:
        'Too many failed sign-in attempts for this account. Wait 15 minutes and try again, or reset your password.',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another account is not affected.
    expect((await login(t.app, DEMO_ACCOUNTS.seller.email, DEMO_ACCOUNTS.seller.password)).statusCode).toBe(
      200,
    );
  });

  it('treats an unknown email exactly like a known one (no enumeration through the limit)', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t.app, 'ghost@example.com', `wrong-${i}`)).statusCode).toBe(401);
    }
    expect((await login(t.app, 'ghost@example.com', 'anything-else')).statusCode).toBe(429);
  });

  it('clears the account count on a successful sign-in', async () => {
    const { email, password } = DEMO_ACCOUNTS.dealer;
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 4; i += 1)
        expect((await login(t.app, email, `nope-${round}-${i}`)).statusCode).toBe(401);
      expect((await login(t.app, email, password)).statusCode).toBe(200);
    }
  });

  it('counts failed current-password checks of a password change toward the same limit', async () => {
    const { email, password } = DEMO_ACCOUNTS.newSeller;
    const token = (await login(t.app, email, password)).json().jwtToken as string;
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/changePassword',
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword: `guess-number-${i}`, newPassword: 'a perfectly fine new passphrase' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.currentPassword).toBe('The current password is not correct.');
    }
    expect((await login(t.app, email, password)).statusCode).toBe(429);
  });
});

describe('sign-in throttling per address', () => {
  it('answers 429 after 20 failures from one address across accounts, while other addresses still sign in', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i += 1) {
      expect((await login(t.app, `spray${i}@example.com`, 'password-spray', address)).statusCode).toBe(401);
    }
    const blocked = await login(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(
      'Too many failed sign-in attempts from your network. Wait 15 minutes and try again.',
    );
    expect((await login(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).statusCode).toBe(
      200,
    );
  });

  it('does not let a client choose its own address with X-Forwarded-For', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `rotating${i}@example.com`, password: 'password-spray' },
        remoteAddress: address,
        // A forged, different address on every attempt must not reset the per-address count.
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, address);
    expect(blocked.statusCode).toBe(429);
  });

  it('limits email checks per address', async () => {
    const address = freshAddress();
    let last = 0;
    for (let i = 0; i < 61; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/checkEmail/probe${i}%40example.com`,
        remoteAddress: address,
      });
      last = res.statusCode;
      if (i < 60) expect(res.statusCode).toBe(200);
    }
    expect(last).toBe(429);
  });
});
