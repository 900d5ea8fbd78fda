import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../../shared/contract/endpoints.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  freshAddress,
  tokenOf,
} from './support/accounts.ts';

let t: AccountsTestApp;
const tokens: Record<Caller, string | undefined> = {
  visitor: undefined,
  buyer: undefined,
  seller: undefined,
  anotherSeller: undefined,
  admin: undefined,
};
beforeAll(async () => {
  t = await createAccountsTestApp();
  tokens.buyer = await tokenOf(t.app, 'buyer');
  tokens.seller = await tokenOf(t.app, 'seller');
  tokens.anotherSeller = await tokenOf(t.app, 'newSeller');
  tokens.admin = await tokenOf(t.app, 'admin');
});
afterAll(() => t.close());

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherSeller', 'admin'];

/**
 * One harmless request per endpoint of the accounts area. Writes send a body that fails validation,
 * which the server only checks after access: a 400 means the caller got past the access check.
 */
const REQUESTS: Partial<Record<EndpointName, { url: string; payload?: object }>> = {
  authLogin: { url: '/api/auth/login', payload: {} },
  usersForgotPassword: { url: '/api/users/forgot-password', payload: {} },
  usersResetPassword: { url: '/api/users/reset-password', payload: {} },
  usersChangeExpiredPassword: { url: '/api/users/change-expired-password', payload: {} },
  usersRegister: { url: '/api/users/register', payload: {} },
  usersEmailConfirm: { url: '/api/users/email-confirm', payload: {} },
  usersCheckEmail: { url: '/api/users/checkEmail/someone%40example.com' },
  usersGetPublicAlerts: { url: '/api/users/getPublicAlerts?location=HomePage' },
  usersSignupForNewsletter: { url: '/api/users/signupForNewsLetter', payload: {} },
  usersUnfreeze: { url: '/api/users/unfreeze', payload: {} },
  usersGetUserAlerts: { url: '/api/users/getUserAlerts' },
  userDashboardSummary: { url: '/api/userdashboard/summary/' },
  usersListingEligibility: { url: '/api/users/listing-eligibility' },
  usersChangePassword: { url: '/api/users/changePassword', payload: {} },
  usersUpdateAccountInfo: { url: '/api/users/updateAccountInfo', payload: {} },
  usersGet: { url: '/api/users/get', payload: { filters: {} } },
};

function expected(name: EndpointName, caller: Caller): 'allowed' | 401 | 403 {
  const access = ENDPOINTS[name].access;
  if (access === 'public') return 'allowed';
  if (caller === 'visitor') return 401;
  if (access === 'user') return 'allowed';
  if (access === 'seller') return caller === 'buyer' ? 403 : 'allowed';
  return caller === 'admin' ? 'allowed' : 403;
}

const cases = Object.keys(REQUESTS).flatMap((name) =>
  CALLERS.map((caller) => [name as EndpointName, caller] as const),
);

describe('permission matrix of the accounts endpoints', () => {
  it.each(cases)('%s as %s', async (name, caller) => {
    const request = REQUESTS[name];
    if (!request) throw new Error(name);
    const res = await t.app.inject({
      method: ENDPOINTS[name].method,
      url: request.url,
      headers: authed(tokens[caller]),
      remoteAddress: freshAddress(),
      ...(request.payload ? { payload: request.payload } : {}),
    });
    const outcome = expected(name, caller);
    if (outcome === 'allowed') {
      expect([401, 403]).not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    } else {
      expect(res.statusCode).toBe(outcome);
    }
  });
});

describe('POST /api/users/get: own account only, except for admins', () => {
  const expectations: [Caller, number][] = [
    ['visitor', 401],
    ['buyer', 403],
    ['seller', 200],
    ['anotherSeller', 403],
    ['admin', 200],
  ];
  it.each(expectations)("the seller's profile as %s answers %i", async (caller, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/get',
      headers: authed(tokens[caller]),
      payload: { filters: { userId: DEMO_ACCOUNTS.seller.id } },
    });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json().email).toBe(DEMO_ACCOUNTS.seller.email);
  });
});

describe('per-user answers never leak another account', () => {
  it("each caller's dashboard, alerts and eligibility are their own", async () => {
    const eligibility = async (caller: Caller) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/users/listing-eligibility',
          headers: authed(tokens[caller]),
        })
      ).json();
    expect((await eligibility('seller')).canList).toBe(true);
    expect((await eligibility('anotherSeller')).reason).toBe('NoPaymentSetup');
    const alerts = await t.app.inject({
      method: 'GET',
      url: '/api/users/getUserAlerts',
      headers: authed(tokens.seller),
    });
    expect(alerts.json().results).toEqual([]);
  });
});
