import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../src-server/db/schema.ts';
import { signToken } from '../../src-server/modules/auth/tokens.ts';
import {
  type AccountsTestApp,
  authed,
  claimsOf,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  login,
  tokenOf,
} from './support/accounts.ts';
import { TEST_JWT_SECRET } from './support/test-app.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const summary = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/userdashboard/summary/', headers: authed(token) });
const profileOf = (token?: string, userId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/get',
    headers: authed(token),
    payload: { filters: userId ? { userId } : {} },
  });

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('token tampering through the real app', () => {
  it('accepts the genuine token', async () => {
    const token = await tokenOf(t.app, 'buyer');
    expect((await summary(token)).statusCode).toBe(200);
  });

  it('refuses a token whose payload was changed (buyer made admin)', async () => {
    const token = await tokenOf(t.app, 'buyer');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = `${header}.${b64({ ...claims, role: 'Admin' })}.${signature}`;
    const res = await profileOf(forged, DEMO_ACCOUNTS.seller.id);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it("refuses an unsigned token (alg 'none')", async () => {
    const token = await tokenOf(t.app, 'buyer');
    const claims = claimsOf(token);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect((await summary(unsigned)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key, or with another algorithm', async () => {
    const token = await tokenOf(t.app, 'admin');
    const { iat: _iat, exp: _exp, iss: _iss, sub: _sub, ...payload } = claimsOf(token);
    const otherKey = await signToken(payload as never, 'a-different-secret-that-is-long-enough-too');
    expect((await summary(otherKey)).statusCode).toBe(401);
    const hs512 = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('ironsight')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await summary(hs512)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await tokenOf(t.app, 'buyer');
    const { iat: _iat, exp: _exp, iss: _iss, sub: _sub, ...payload } = claimsOf(token);
    const old = await signToken(
      payload as never,
      TEST_JWT_SECRET,
      new Date(Date.now() - 25 * 60 * 60 * 1000),
    );
    expect((await summary(old)).statusCode).toBe(401);
  });

  it('refuses a well-signed token for an account that does not exist', async () => {
    const token = await tokenOf(t.app, 'buyer');
    const { iat: _iat, exp: _exp, iss: _iss, sub: _sub, ...payload } = claimsOf(token);
    const ghost = await signToken(
      { ...payload, unique_name: '0f0f0f0f-0000-4000-8000-000000000000' } as never,
      TEST_JWT_SECRET,
    );
    expect((await summary(ghost)).statusCode).toBe(401);
  });
});

describe('earlier tokens stop working', () => {
  it('after a password change; the answer carries a fresh token that works', async () => {
    const seller = DEMO_ACCOUNTS.seller;
    const before = await tokenOf(t.app, 'seller');
    expect((await summary(before)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/changePassword',
      headers: authed(before),
      payload: { currentPassword: seller.password, newPassword: 'a brand new seller passphrase' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, jwtToken: expect.any(String) });
    expect((await summary(before)).statusCode).toBe(401);
    expect((await summary(before)).json().error.message).toBe('Your session has expired. Sign in again.');
    expect((await summary(res.json().jwtToken)).statusCode).toBe(200);
    // The old password no longer signs in; the new one does, and its token works at once.
    expect((await login(t.app, seller.email, seller.password)).statusCode).toBe(401);
    const again = await login(t.app, seller.email, 'a brand new seller passphrase');
    expect(again.statusCode).toBe(200);
    expect((await summary(again.json().jwtToken)).statusCode).toBe(200);
  });

  it('after an admin lock (status Locked and the token version bumped)', async () => {
    const token = await tokenOf(t.app, 'dealer');
    expect((await summary(token)).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ status: 'Locked', tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, DEMO_ACCOUNTS.dealer.id));
    expect((await summary(token)).statusCode).toBe(401);
    await t.database.db.update(users).set({ status: 'Active' }).where(eq(users.id, DEMO_ACCOUNTS.dealer.id));
    // Unlocked again, the token from before the lock stays refused; a new sign-in works.
    expect((await summary(token)).statusCode).toBe(401);
    expect((await summary(await tokenOf(t.app, 'dealer'))).statusCode).toBe(200);
  });

  it('when the account is made inactive', async () => {
    const token = await tokenOf(t.app, 'newSeller');
    await t.database.db
      .update(users)
      .set({ status: 'Inactive' })
      .where(eq(users.id, DEMO_ACCOUNTS.newSeller.id));
    expect((await summary(token)).statusCode).toBe(401);
    await t.database.db
      .update(users)
      .set({ status: 'Active' })
      .where(eq(users.id, DEMO_ACCOUNTS.newSeller.id));
    expect((await summary(token)).statusCode).toBe(200);
  });

  it('roles are read from the account, so a demoted admin loses admin rights at once', async () => {
    const token = await tokenOf(t.app, 'admin');
    expect((await profileOf(token, DEMO_ACCOUNTS.buyer.id)).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ roles: ['Buyer'] })
      .where(eq(users.id, DEMO_ACCOUNTS.admin.id));
    expect((await profileOf(token, DEMO_ACCOUNTS.buyer.id)).statusCode).toBe(403);
    await t.database.db
      .update(users)
      .set({ roles: ['Admin'] })
      .where(eq(users.id, DEMO_ACCOUNTS.admin.id));
  });

  it('after two password changes within the same instant, a token issued between them is refused', async () => {
    const { email, password } = DEMO_ACCOUNTS.buyer;
    const first = 'the first new buyer passphrase';
    const second = 'the second new buyer passphrase';
    const change = (token: string, currentPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/changePassword',
        headers: authed(token),
        payload: { currentPassword, newPassword },
      });
    // The clock stands still, so all of it happens within one second (and one millisecond).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    try {
      const changed = await change(await tokenOf(t.app, 'buyer'), password, first);
      expect(changed.statusCode).toBe(200);
      const between = (await login(t.app, email, first)).json().jwtToken as string;
      expect((await summary(between)).statusCode).toBe(200);
      const again = await change(changed.json().jwtToken, first, second);
      expect(again.statusCode).toBe(200);
      expect((await summary(between)).statusCode).toBe(401);
      expect((await summary(changed.json().jwtToken)).statusCode).toBe(401);
      // The token answered by the second change, issued in the same instant, works.
      expect((await summary(again.json().jwtToken)).statusCode).toBe(200);
      expect(claimsOf(again.json().jwtToken).ver).toBe((claimsOf(between).ver as number) + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('token lifetime', () => {
  const HOUR = 60 * 60;
  const signed = async (iat: number | undefined, exp: number) => {
    const {
      iat: _iat,
      exp: _exp,
      iss: _iss,
      sub: _sub,
      ...payload
    } = claimsOf(await tokenOf(t.app, 'admin'));
    const jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('ironsight')
      .setSubject(String(payload.unique_name))
      .setExpirationTime(exp);
    if (iat !== undefined) jwt.setIssuedAt(iat);
    return jwt.sign(new TextEncoder().encode(TEST_JWT_SECRET));
  };
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('accepts a well-formed token of ours that is a few hours old', async () => {
    expect((await summary(await signed(nowSeconds() - 5 * HOUR, nowSeconds() + HOUR))).statusCode).toBe(200);
  });

  it('refuses a token issued more than 24 hours ago even when its exp is far away', async () => {
    const token = await signed(nowSeconds() - 25 * HOUR, nowSeconds() + 30 * 24 * HOUR);
    expect((await summary(token)).statusCode).toBe(401);
  });

  it('refuses a token without an issue time, or issued in the future', async () => {
    expect((await summary(await signed(undefined, nowSeconds() + HOUR))).statusCode).toBe(401);
    expect((await summary(await signed(nowSeconds() + 2 * HOUR, nowSeconds() + 3 * HOUR))).statusCode).toBe(
      401,
    );
  });
});
