import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_RULES, Throttle, TooManyRequestsError } from '../../src-server/core/throttle.ts';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  freshAddress,
  login,
  wait,
} from './support/accounts.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a perfectly fine new passphrase';
const changePassword = (token: string, currentPassword: string, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/changePassword',
    headers: { authorization: `Bearer ${token}` },
    payload: { currentPassword, newPassword: NEW_PASSWORD },
    remoteAddress: address,
  });

describe('sign-in throttling per account and address', () => {
  it('answers 429 after 5 failures for one account from one address, to that address only', async () => {
    const { email, password } = DEMO_ACCOUNTS.buyer;
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t.app, email, `wrong-password-${i}`, address)).statusCode).toBe(401);
    }
    const blocked = await login(t.app, email, password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'too_many_requests',
      message:
        'Too many failed sign-in attempts for this account. Wait 15 minutes and try again, or reset your password.',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The owner, from an address that has not failed, signs in; so does another account from the blocked address.
    expect((await login(t.app, email, password)).statusCode).toBe(200);
    expect(
      (await login(t.app, DEMO_ACCOUNTS.seller.email, DEMO_ACCOUNTS.seller.password, address)).statusCode,
    ).toBe(200);
  });

  it('treats an unknown email exactly like a known one (no enumeration through the limit)', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t.app, 'ghost@example.com', `wrong-${i}`, address)).statusCode).toBe(401);
    }
    expect((await login(t.app, 'ghost@example.com', 'anything-else', address)).statusCode).toBe(429);
  });

  it("clears the address's count for the account on a successful sign-in", async () => {
    const { email, password } = DEMO_ACCOUNTS.dealer;
    const address = freshAddress();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 4; i += 1) {
        expect((await login(t.app, email, `nope-${round}-${i}`, address)).statusCode).toBe(401);
      }
      expect((await login(t.app, email, password, address)).statusCode).toBe(200);
    }
  });

  it('counts failed current-password checks of a password change toward the same limit', async () => {
    const { email, password } = DEMO_ACCOUNTS.newSeller;
    const address = freshAddress();
    const token = (await login(t.app, email, password)).json().jwtToken as string;
    for (let i = 0; i < 5; i += 1) {
      const res = await changePassword(token, `guess-number-${i}`, address);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.currentPassword).toBe('The current password is not correct.');
    }
    expect((await changePassword(token, password, address)).statusCode).toBe(429);
    expect((await login(t.app, email, password, address)).statusCode).toBe(429);
    expect((await login(t.app, email, password)).statusCode).toBe(200);
  });
});

describe('a password change', () => {
  it("clears the account's failures from every address", async () => {
    const { email, password } = DEMO_ACCOUNTS.dealer;
    const address = freshAddress();
    const token = (await login(t.app, email, password)).json().jwtToken as string;
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t.app, email, `typo-${i}`, address)).statusCode).toBe(401);
    }
    expect((await login(t.app, email, password, address)).statusCode).toBe(429);
    expect((await changePassword(token, password, freshAddress())).statusCode).toBe(200);
    expect((await login(t.app, email, NEW_PASSWORD, address)).statusCode).toBe(200);
  });
});

describe('sign-in throttling per account across addresses', () => {
  it('never locks the owner out: guesses spread over many addresses, in parallel with the right password', async () => {
    const { email, password } = DEMO_ACCOUNTS.admin;
    const attackers = Array.from({ length: 30 }, () => freshAddress());
    const first = await Promise.all(
      attackers.map((address, i) => login(t.app, email, `distributed-guess-${i}`, address)),
    );
    // No hard block for the account: every guess from an address of its own was checked.
    expect(first.map((res) => res.statusCode)).toEqual(attackers.map(() => 401));
    // An address that has failed waits a growing delay before its next attempt, right password or not.
    const delayed = await login(t.app, email, password, attackers[0]);
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().error.message).toBe(
      'There have been many failed sign-in attempts for this account. Wait a few minutes and try again, or reset your password.',
    );
    const retryAfter = Number(delayed.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The attack goes on while the owner signs in from an address that has not failed: it succeeds.
    const second = await Promise.all([
      login(t.app, email, password),
      ...attackers.map((address, i) => login(t.app, email, `second-guess-${i}`, address)),
    ]);
    expect(second[0]?.statusCode).toBe(200);
    for (const res of second.slice(1)) expect([401, 429]).toContain(res.statusCode);
  });

  it('lets the first 10 failures through without delay, then delays addresses that failed', async () => {
    const email = 'spread@example.com';
    const address = freshAddress();
    for (let i = 0; i < 10; i += 1) {
      expect((await login(t.app, email, `spread-${i}`)).statusCode).toBe(401);
    }
    // The eleventh guess comes from a fresh address: checked. The same address again: delayed 30 s.
    expect((await login(t.app, email, 'spread-10', address)).statusCode).toBe(401);
    const delayed = await login(t.app, email, 'spread-11', address);
    expect(delayed.statusCode).toBe(429);
    expect(Number(delayed.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(delayed.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('sign-in throttling under parallel requests', () => {
  it('lets at most 5 of 12 simultaneous wrong passwords for one account from one address be checked', async () => {
    const { email, password } = DEMO_ACCOUNTS.pending;
    const address = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(t.app, email, `parallel-guess-${i}`, address)),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    // The limit holds afterwards too for that address, even for the right password; not for others.
    expect((await login(t.app, email, password, address)).statusCode).toBe(429);
    expect((await login(t.app, email, password)).statusCode).toBe(200);
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

describe('growing delays', () => {
  it('past `max`, each event waits twice as long after the latest, up to the cap', async () => {
    let clock = Date.now();
    const throttle = new Throttle(t.database.db, () => new Date(clock));
    const rule = {
      bucket: 'backoff-test',
      max: 3,
      windowSeconds: 3600,
      backoff: { baseSeconds: 10, capSeconds: 60 },
      message: 'Wait.',
    };
    const retryAfter = async () => {
      const refused = await throttle.hit(rule, 'k').then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(TooManyRequestsError);
      return (refused as TooManyRequestsError).retryAfterSeconds;
    };
    for (let i = 0; i < 3; i += 1) await throttle.hit(rule, 'k');
    for (const delay of [10, 20, 40, 60, 60]) {
      expect(await retryAfter()).toBe(delay);
      clock += (delay - 1) * 1000;
      expect(await retryAfter()).toBe(1);
      clock += 1000;
      await throttle.hit(rule, 'k');
    }
  });

  it('the per-address sign-in delay never exceeds a minute, however many failures', async () => {
    let clock = Date.now();
    const throttle = new Throttle(t.database.db, () => new Date(clock));
    const address = freshAddress();
    let longest = 0;
    for (let i = 0; i < 40; i += 1) {
      try {
        await throttle.hit(THROTTLE_RULES.loginAddress, address);
      } catch (error) {
        longest = Math.max(longest, (error as TooManyRequestsError).retryAfterSeconds);
        clock += (error as TooManyRequestsError).retryAfterSeconds * 1000;
      }
    }
    expect(longest).toBe(60);
  });

  it('a limit with onlyAfter holds only for a key that already has events', async () => {
    const throttle = new Throttle(t.database.db);
    const account = { bucket: 'only-after-account', max: 1, windowSeconds: 60, message: 'Account.' };
    const pair = { bucket: 'only-after-pair', max: 5, windowSeconds: 60, message: 'Pair.' };
    const limits = (who: string) => [
      { rule: pair, key: who },
      { rule: account, key: 'acct', onlyAfter: { rule: pair, key: who } },
    ];
    await throttle.reserve(limits('a'));
    // The account is over its limit: 'a' has failed and is refused, 'b' has not and passes (once).
    await expect(throttle.reserve(limits('a'))).rejects.toBeInstanceOf(TooManyRequestsError);
    await throttle.reserve(limits('b'));
    await expect(throttle.reserve(limits('b'))).rejects.toThrow('Account.');
  });
});

describe('sign-in throttling per address', () => {
  it('answers 429 after 20 failures from one address across accounts, only briefly for a shared network', async () => {
    const address = freshAddress();
    const { email, password } = DEMO_ACCOUNTS.seller;
    for (let i = 0; i < 20; i += 1) {
      expect((await login(t.app, `spray${i}@example.com`, 'password-spray', address)).statusCode).toBe(401);
    }
    const blocked = await login(t.app, email, password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(
      'Too many failed sign-in attempts from your network. Wait a minute and try again.',
    );
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await login(t.app, email, password)).statusCode).toBe(200);
    // Another account behind the same address signs in once the short delay has passed.
    await wait(retryAfter * 1000 + 100);
    expect((await login(t.app, email, password, address)).statusCode).toBe(200);
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
