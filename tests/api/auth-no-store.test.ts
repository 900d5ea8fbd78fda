import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  freshAddress,
  login,
  tokenOf,
} from './support/accounts.ts';

let t: AccountsTestApp;
let token: string;
beforeAll(async () => {
  t = await createAccountsTestApp();
  token = await tokenOf(t.app, 'buyer');
});
afterAll(() => t.close());

type Call = [method: 'GET' | 'POST', url: string, payload?: object];

const ACCOUNT_CALLS: Record<string, Call> = {
  profile: ['POST', '/api/users/get', { filters: {} }],
  dashboard: ['GET', '/api/userdashboard/summary/'],
  favorites: ['GET', '/api/users/favorite-listings'],
  'saved searches': ['POST', '/api/users/getSavedSearches', {}],
};

const send = ([method, url, payload]: Call, bearer?: string) =>
  t.app.inject({ method, url, payload, headers: authed(bearer) });

describe('answers for one account are never cached', () => {
  for (const [name, call] of Object.entries(ACCOUNT_CALLS)) {
    it(`${name}: Cache-Control no-store on the answer, and on the 401 without a token`, async () => {
      const res = await send(call, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const refused = await send(call);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
    });
  }

  it('a public endpoint called with a valid token is not cached either; called anonymously it may be', async () => {
    const call: Call = ['GET', '/api/listings/suggestions?query=rifle'];
    const signedIn = await send(call, token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const anonymous = await send(call);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).not.toBe('no-store');
  });
});

describe('answers that carry a token are never cached', () => {
  it('sign-in: the token, and the refusal', async () => {
    const { email, password } = DEMO_ACCOUNTS.buyer;
    const signedIn = await login(t.app, email, password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().jwtToken).toEqual(expect.any(String));
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const refused = await login(t.app, email, 'not the password at all');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('sign-in of an account frozen for non-payment: the 402 answer with its unfreeze token', async () => {
    const res = await login(t.app, DEMO_ACCOUNTS.pastDue.email, DEMO_ACCOUNTS.pastDue.password);
    expect(res.statusCode).toBe(402);
    expect(res.json().unfreezeToken).toEqual(expect.any(String));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('registration: the token of the new account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      remoteAddress: freshAddress(),
      payload: {
        firstName: 'Casey',
        lastName: 'Cache',
        email: 'casey.cache@example.com',
        password: 'never kept by a proxy',
        phone: '(214) 555-0177',
        zipCode: '75207',
        acceptTerms: true,
        marketingOptIn: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().jwtToken).toEqual(expect.any(String));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('paying the past-due balance: the refusal of a request without proof of the account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/unfreeze',
      remoteAddress: freshAddress(),
      payload: { email: DEMO_ACCOUNTS.pastDue.email },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
