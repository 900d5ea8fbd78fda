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

/** The demo account behind each signed-in caller. */
const ACCOUNT_OF = {
  buyer: DEMO_ACCOUNTS.buyer,
  seller: DEMO_ACCOUNTS.seller,
  anotherSeller: DEMO_ACCOUNTS.newSeller,
  admin: DEMO_ACCOUNTS.admin,
} as const;

let unique = 0;
const uniqueEmail = (what: string) => {
  unique += 1;
  return `matrix-${what}-${unique}@example.com`;
};

interface MatrixRow {
  method: 'GET' | 'POST';
  url: string;
  /** A valid body for the caller (the status for an allowed caller is the endpoint's real answer). */
  payload?: (caller: Caller) => object;
  /** Written out by hand, not derived from the contract: a wrong access level there fails here. */
  expected: Record<Caller, number>;
}

/**
 * Every endpoint of the accounts issue with a valid request, and the status each caller must get.
 * 400s are real answers of the handler past the access check (an invalid link, a too-common new
 * password), asserted with their message below.
 */
const MATRIX: Partial<Record<EndpointName, MatrixRow>> = {
  authLogin: {
    method: 'POST',
    url: '/api/auth/login',
    payload: () => ({ email: DEMO_ACCOUNTS.buyer.email, password: DEMO_ACCOUNTS.buyer.password }),
    expected: { visitor: 200, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersForgotPassword: {
    method: 'POST',
    url: '/api/users/forgot-password',
    payload: () => ({ email: uniqueEmail('forgot') }),
    expected: { visitor: 200, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersResetPassword: {
    method: 'POST',
    url: '/api/users/reset-password',
    payload: () => ({ token: 'an-unknown-reset-token-0123456789', password: 'a long enough passphrase' }),
    expected: { visitor: 400, buyer: 400, seller: 400, anotherSeller: 400, admin: 400 },
  },
  usersChangeExpiredPassword: {
    method: 'POST',
    url: '/api/users/change-expired-password',
    // The right current password, then a new one the server refuses: a 400 with no change made.
    payload: () => ({
      email: DEMO_ACCOUNTS.expired.email,
      currentPassword: DEMO_ACCOUNTS.expired.password,
      newPassword: 'password',
    }),
    expected: { visitor: 400, buyer: 400, seller: 400, anotherSeller: 400, admin: 400 },
  },
  usersRegister: {
    method: 'POST',
    url: '/api/users/register',
    payload: () => ({
      firstName: 'Matrix',
      lastName: 'Tester',
      email: uniqueEmail('register'),
      password: 'a long enough passphrase',
      acceptTerms: true,
    }),
    expected: { visitor: 200, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersEmailConfirm: {
    method: 'POST',
    url: '/api/users/email-confirm',
    payload: () => ({ userId: DEMO_ACCOUNTS.buyer.id, token: 'an-unknown-confirm-token-0123456789' }),
    expected: { visitor: 400, buyer: 400, seller: 400, anotherSeller: 400, admin: 400 },
  },
  usersCheckEmail: {
    method: 'GET',
    url: '/api/users/checkEmail/someone%40example.com',
    expected: { visitor: 200, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersGetPublicAlerts: {
    method: 'GET',
    url: '/api/users/getPublicAlerts?location=HomePage',
    expected: { visitor: 200, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersSignupForNewsletter: {
    method: 'POST',
    url: '/api/users/signupForNewsLetter',
    payload: () => ({ email: uniqueEmail('newsletter') }),
    expected: { visitor: 200, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersUnfreeze: {
    method: 'POST',
    url: '/api/users/unfreeze',
    // Public, but a payment needs proof of the account: a visitor without an unfreeze token gets 401;
    // a signed-in caller paying for itself (nothing past due) gets 200.
    payload: (caller) => ({
      customerFirstName: 'Pat',
      customerLastName: 'Payer',
      email: caller === 'visitor' ? DEMO_ACCOUNTS.pastDue.email : ACCOUNT_OF[caller].email,
      cardNumber: '4242424242424242',
      cvc: '123',
      cardExpiration: '12/2031',
      billingCity: 'Dallas',
      billingState: 'TX',
      billingZip: '75207',
      billingAddress: '100 Main St, Apt 4',
      freezeReason: 'NonPayment',
    }),
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersGetUserAlerts: {
    method: 'GET',
    url: '/api/users/getUserAlerts',
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  userDashboardSummary: {
    method: 'GET',
    url: '/api/userdashboard/summary/',
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersListingEligibility: {
    method: 'GET',
    url: '/api/users/listing-eligibility',
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  // Listing one's own credentials; creating and revoking them are in seller-api.test.ts.
  usersSellerApi: {
    method: 'POST',
    url: '/api/users/sellerapi',
    payload: () => ({}),
    expected: { visitor: 401, buyer: 403, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersChangePassword: {
    method: 'POST',
    url: '/api/users/changePassword',
    // The caller's right current password, then a new one the server refuses: a 400 with no change made.
    payload: (caller) => ({
      currentPassword: caller === 'visitor' ? 'not-signed-in' : ACCOUNT_OF[caller].password,
      newPassword: 'password',
    }),
    expected: { visitor: 401, buyer: 400, seller: 400, anotherSeller: 400, admin: 400 },
  },
  usersUpdateAccountInfo: {
    method: 'POST',
    url: '/api/users/updateAccountInfo',
    payload: () => ({ firstName: 'Morgan', lastName: 'Tester' }),
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersGet: {
    method: 'POST',
    url: '/api/users/get',
    payload: () => ({ filters: {} }),
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  usersGetAll: {
    method: 'POST',
    url: '/api/users/getall',
    payload: () => ({ filters: { userIds: [DEMO_ACCOUNTS.seller.id] } }),
    expected: { visitor: 200, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
};

/** What a 400 of the table must say, so it is the handler's answer and not a malformed request. */
const BAD_REQUEST_MESSAGES: Partial<Record<EndpointName, RegExp>> = {
  usersResetPassword: /reset link is invalid/i,
  usersEmailConfirm: /link/i,
  usersChangeExpiredPassword: /too common/i,
  usersChangePassword: /too common/i,
};

const cases = Object.keys(MATRIX).flatMap((name) =>
  CALLERS.map((caller) => [name as EndpointName, caller] as const),
);

describe('permission matrix of the accounts endpoints', () => {
  it('covers every accounts endpoint, at the path and method of the contract', () => {
    for (const [name, row] of Object.entries(MATRIX) as [EndpointName, MatrixRow][]) {
      const endpoint = ENDPOINTS[name];
      expect(row.method, name).toBe(endpoint.method);
      const pattern = new RegExp(`^/api${endpoint.path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`);
      expect(row.url, name).toMatch(pattern);
    }
  });

  it.each(cases)('%s as %s', async (name, caller) => {
    const row = MATRIX[name];
    if (!row) throw new Error(name);
    const res = await t.app.inject({
      method: row.method,
      url: row.url,
      headers: authed(tokens[caller]),
      remoteAddress: freshAddress(),
      ...(row.payload ? { payload: row.payload(caller) } : {}),
    });
    expect(res.statusCode, res.body).toBe(row.expected[caller]);
    const message = BAD_REQUEST_MESSAGES[name];
    if (res.statusCode === 400 && message) expect(res.json().error.message).toMatch(message);
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
