import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Throttle, TooManyRequestsError } from '../../src-server/modules/auth/throttle.ts';
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

describe('sign-in throttling under parallel requests', () => {
  it('lets at most 5 of 12 simultaneous wrong passwords for one account be checked; the rest get 429', async () => {
    const { email, password } = DEMO_ACCOUNTS.pending;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(t.app, email, `parallel-guess-${i}`)),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    // The limit holds afterwards too, even for the right password.
    expect((await login(t.app, email, password)).statusCode).toBe(429);
  });

  it('lets at most 20 of 26 simultaneous failures from one address be checked', async () => {
    const address = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 26 }, (_, i) =>
        login(t.app, `parallel${i}@example.com`, 'password-spray', address),
      ),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('does not count a correct password run in parallel with wrong ones against the address', async () => {
    const address = freshAddress();
    const { email, password } = DEMO_ACCOUNTS.locked;
    const results = await Promise.all([
      login(t.app, email, password, address),
      ...Array.from({ length: 3 }, (_, i) =>
        login(t.app, `other${i}@example.com`, 'nope-nope-nope', address),
      ),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 401, 401, 401]);
    // 3 failures stand for the address: 17 more are allowed, the 18th is refused.
    for (let i = 0; i < 17; i += 1) {
      expect((await login(t.app, `after${i}@example.com`, 'nope-nope-nope', address)).statusCode).toBe(401);
    }
    expect((await login(t.app, `after-last@example.com`, 'nope-nope-nope', address)).statusCode).toBe(429);
  });
});

describe('the throttle itself', () => {
  it('lets exactly `max` of many simultaneous hits through, each limit on its own key', async () => {
    const throttle = new Throttle(t.database.db);
    const rule = { bucket: 'parallel-test', max: 4, windowSeconds: 60, message: 'Slow down.' };
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, (_, i) => throttle.tryHit(rule, i % 3 === 0 ? 'other-key' : 'one-key')),
    );
    const oneKey = outcomes.filter((_, i) => i % 3 !== 0);
    const otherKey = outcomes.filter((_, i) => i % 3 === 0);
    expect(oneKey.filter(Boolean)).toHaveLength(4);
    expect(otherKey.filter(Boolean)).toHaveLength(4);
  });

  it('refuses a reservation atomically: a 429 on one key records nothing on the other', async () => {
    const throttle = new Throttle(t.database.db);
    const full = { bucket: 'full-test', max: 1, windowSeconds: 60, message: 'Full.' };
    const open = { bucket: 'open-test', max: 2, windowSeconds: 60, message: 'Open.' };
    await throttle.hit(full, 'k');
    await expect(
      throttle.reserve([
        { rule: open, key: 'k' },
        { rule: full, key: 'k' },
      ]),
    ).rejects.toBeInstanceOf(TooManyRequestsError);
    // Both events of `open` are still available.
    expect(await throttle.tryHit(open, 'k')).toBe(true);
    expect(await throttle.tryHit(open, 'k')).toBe(true);
    expect(await throttle.tryHit(open, 'k')).toBe(false);
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
