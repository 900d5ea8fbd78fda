import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenClaimsSchema } from '../../shared/contract/auth.ts';
import { NEWSLETTER_SUCCESS_MESSAGE } from '../../shared/contract/newsletter.ts';
import { userProfileSchema } from '../../shared/contract/user-profile.ts';
import {
  alertListResponseSchema,
  dashboardSummarySchema,
  LISTING_INELIGIBILITY_MESSAGES,
  listingEligibilitySchema,
  updateAccountInfoResponseSchema,
} from '../../shared/contract/users.ts';
import { AlertLocation } from '../../shared/domain/user.ts';
import { alerts } from '../../src-server/db/schema.ts';
import {
  type AccountsTestApp,
  authed,
  claimsOf,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  freshAddress,
  tokenOf,
} from './support/accounts.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: authed(token), remoteAddress: freshAddress() });
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: authed(token), remoteAddress: freshAddress() });

describe('POST /api/users/updateAccountInfo', () => {
  it("updates the caller's profile and answers it with a fresh token carrying the new names", async () => {
    const token = await tokenOf(t.app, 'seller');
    const res = await post(
      '/api/users/updateAccountInfo',
      {
        firstName: 'Samantha',
        lastName: 'Seller',
        phone: '214-555-0100',
        sellerDisplayName: 'Sam’s Safe Queens',
        address: { address1: '12 Elm St', city: 'Fort Worth', state: 'TX', zip: '76102' },
        marketingOptIn: true,
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    const body = updateAccountInfoResponseSchema.parse(res.json());
    expect(body.profile).toMatchObject({
      firstName: 'Samantha',
      initials: 'SS',
      phone: '214-555-0100',
      sellerDisplayName: 'Sam’s Safe Queens',
      isSeller: true,
      membershipPlan: 'BasicSeller',
      address: { address1: '12 Elm St', address2: null, city: 'Fort Worth', state: 'TX', zip: '76102' },
      hasAcceptedPaymentSetup: true,
    });
    const claims = tokenClaimsSchema.parse(claimsOf(body.jwtToken));
    expect(claims).toMatchObject({
      given_name: 'Samantha',
      phoneNumber: '214-555-0100',
      sellerDisplayName: 'Sam’s Safe Queens',
      userOptions: 'AttestedToTermsOfService, AttestedToMarketingOptIn, WhatIsMyGunWorthAllowed',
    });
    const profile = await post('/api/users/get', {}, body.jwtToken);
    expect(userProfileSchema.parse(profile.json()).firstName).toBe('Samantha');
  });

  it('refuses a disallowed seller display name', async () => {
    const token = await tokenOf(t.app, 'dealer');
    const res = await post(
      '/api/users/updateAccountInfo',
      { firstName: 'Dana', lastName: 'Dealer', sellerDisplayName: 'Ironsight Support' },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.sellerDisplayName).toBe('The chosen display name is not allowed.');
  });
});

const FULL_PROFILE = {
  firstName: 'Samantha',
  lastName: 'Seller',
  phone: '214-555-0100',
  sellerDisplayName: 'Sam’s Safe Queens',
  address: { address1: '12 Elm St', city: 'Fort Worth', state: 'TX', zip: '76102' },
};

describe('POST /api/users/updateAccountInfo changes only the fields sent', () => {
  it('keeps the phone, display name, last name and address when only a first name is sent', async () => {
    const token = await tokenOf(t.app, 'seller');
    expect((await post('/api/users/updateAccountInfo', FULL_PROFILE, token)).statusCode).toBe(200);

    const res = await post('/api/users/updateAccountInfo', { firstName: 'Sammy' }, token);
    expect(res.statusCode).toBe(200);
    const expected = {
      firstName: 'Sammy',
      lastName: 'Seller',
      phone: '214-555-0100',
      sellerDisplayName: 'Sam’s Safe Queens',
      address: { address1: '12 Elm St', address2: null, city: 'Fort Worth', state: 'TX', zip: '76102' },
    };
    expect(updateAccountInfoResponseSchema.parse(res.json()).profile).toMatchObject(expected);
    const stored = await post('/api/users/get', {}, token);
    expect(userProfileSchema.parse(stored.json())).toMatchObject(expected);
  });

  it('clears a field sent as null and leaves the others', async () => {
    const token = await tokenOf(t.app, 'seller');
    expect((await post('/api/users/updateAccountInfo', FULL_PROFILE, token)).statusCode).toBe(200);

    const res = await post('/api/users/updateAccountInfo', { phone: null }, token);
    expect(res.statusCode).toBe(200);
    expect(updateAccountInfoResponseSchema.parse(res.json()).profile).toMatchObject({
      firstName: 'Samantha',
      phone: null,
      address: { address1: '12 Elm St', city: 'Fort Worth' },
    });
  });

  it('still takes the whole profile, as the account settings form sends it', async () => {
    const token = await tokenOf(t.app, 'seller');
    const res = await post(
      '/api/users/updateAccountInfo',
      { ...FULL_PROFILE, firstName: 'Sam', phone: null, address: null },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(updateAccountInfoResponseSchema.parse(res.json()).profile).toMatchObject({
      firstName: 'Sam',
      lastName: 'Seller',
      phone: null,
      address: null,
    });
  });
});

describe('alerts', () => {
  it('lists the public alerts of one location to anyone', async () => {
    for (const location of Object.values(AlertLocation)) {
      const res = await get(`/api/users/getPublicAlerts?location=${location}`);
      expect(res.statusCode).toBe(200);
      const body = alertListResponseSchema.parse(res.json());
      expect(body.results).toHaveLength(2);
      expect(body.results.every((alert) => alert.location === location)).toBe(true);
    }
    expect((await get('/api/users/getPublicAlerts?location=Nowhere')).statusCode).toBe(400);
    expect((await get('/api/users/getPublicAlerts')).statusCode).toBe(400);
  });

  it("lists only the caller's own alerts", async () => {
    const buyer = alertListResponseSchema.parse(
      (await get('/api/users/getUserAlerts', await tokenOf(t.app, 'buyer'))).json(),
    );
    // The demo buyer has no saved search, so no saved-search news.
    expect(buyer.results.map((alert) => alert.title).sort()).toEqual(['Confirm your shipping dealer']);
    const seller = alertListResponseSchema.parse(
      (await get('/api/users/getUserAlerts', await tokenOf(t.app, 'dealer'))).json(),
    );
    expect(seller.results).toEqual([]);
  });

  it('answers only links to a path of the site or an https address; other stored links are left out', async () => {
    const links = {
      'Script link': 'javascript:alert(document.cookie)',
      'Protocol-relative link': '//evil.example/phish',
      'Backslash link': '/\\evil.example',
      'Plain http link': 'http://evil.example/',
      'Help link': 'https://help.ironsight.example/billing',
      'Page link': '/ffl',
    };
    await t.database.db.insert(alerts).values(
      Object.entries(links).map(([title, linkUrl]) => ({
        userId: DEMO_ACCOUNTS.admin.id,
        location: 'UserDashboard' as const,
        title,
        message: `${title} message`,
        linkUrl,
      })),
    );
    const res = await get('/api/users/getUserAlerts', await tokenOf(t.app, 'admin'));
    expect(res.statusCode).toBe(200);
    const body = alertListResponseSchema.parse(res.json());
    expect(Object.fromEntries(body.results.map((alert) => [alert.title, alert.linkUrl]))).toEqual({
      'Script link': null,
      'Protocol-relative link': null,
      'Backslash link': null,
      'Plain http link': null,
      'Help link': 'https://help.ironsight.example/billing',
      'Page link': '/ffl',
    });
  });
});

describe('GET /api/userdashboard/summary/', () => {
  it('has no selling block for a buyer and real zeros for a seller without listings', async () => {
    const buyer = dashboardSummarySchema.parse(
      (await get('/api/userdashboard/summary/', await tokenOf(t.app, 'buyer'))).json(),
    );
    expect(buyer.selling).toBeNull();
    expect(buyer.billing).toEqual({ pastDueAmount: 0, escrowBalance: 0 });
    const dealer = dashboardSummarySchema.parse(
      (await get('/api/userdashboard/summary/', await tokenOf(t.app, 'dealer'))).json(),
    );
    expect(dealer.selling).toEqual({
      activeListings: 0,
      soldListings: 0,
      closedListings: 0,
      openOrders: 0,
      offers: 0,
    });
    expect(dealer.messages).toEqual({ unread: 0 });
  });
});

describe('GET /api/users/listing-eligibility', () => {
  it('tells buyers, sellers with and without payment setup, and frozen sellers apart', async () => {
    const check = async (key: 'buyer' | 'seller' | 'newSeller' | 'dealer') =>
      listingEligibilitySchema.parse(
        (await get('/api/users/listing-eligibility', await tokenOf(t.app, key))).json(),
      );
    expect(await check('buyer')).toEqual({
      canList: false,
      isSeller: false,
      hasAcceptedPaymentSetup: false,
      isFrozen: false,
      reason: 'NotSeller',
      message: LISTING_INELIGIBILITY_MESSAGES.NotSeller,
      link: '/membership',
    });
    expect(await check('newSeller')).toEqual({
      canList: false,
      isSeller: true,
      hasAcceptedPaymentSetup: false,
      isFrozen: false,
      reason: 'NoPaymentSetup',
      message: LISTING_INELIGIBILITY_MESSAGES.NoPaymentSetup,
      link: '/dashboard/selling/livecheckout',
    });
    expect((await check('dealer')).canList).toBe(true);
    expect((await check('seller')).reason).toBeNull();
  });
});

describe('POST /api/users/signupForNewsLetter', () => {
  it('subscribes, and subscribing twice is not an error', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await post('/api/users/signupForNewsLetter', { email: 'News@Example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: NEWSLETTER_SUCCESS_MESSAGE });
    }
  });
});
