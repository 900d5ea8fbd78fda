import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsTestApp, authed, createAccountsTestApp, tokenOf } from './support/accounts.ts';

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
