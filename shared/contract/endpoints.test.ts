import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  ACCESS_LEVELS,
  API_BASE,
  API_MODULES,
  ENDPOINT_NAMES,
  ENDPOINT_TABLES,
  ENDPOINTS,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointParsedBody,
  type EndpointQuery,
  type EndpointResponse,
  type EndpointStatusResponse,
  endpointUrl,
  fillPath,
  moduleOf,
  OWNED_RESOURCES,
  PLANNED_ENDPOINT_NAMES,
  pathParamNames,
  satisfiesAccess,
  toFastifyPath,
} from './endpoints.ts';

/** Every call of the API, with its path as published (casing included). */
const SPEC_CALLS = [
  // Auth
  ['POST', '/auth/login'],
  // Listings
  ['GET', '/listings/featured'],
  ['GET', '/listings/newthisweek'],
  ['GET', '/listings/local'],
  ['POST', '/listings/search'],
  ['POST', '/listings/get'],
  ['POST', '/listings/get-basic'],
  ['POST', '/listings/getall'],
  ['POST', '/listings/add'],
  ['DELETE', '/listings/delete-image/{id}'],
  ['DELETE', '/listings/delete/{id}'],
  ['POST', '/listings/close/{id}'],
  ['POST', '/listings/relist/{id}'],
  ['GET', '/listings/suggestions'],
  // Location
  ['GET', '/location/geo'],
  // Messages
  ['POST', '/messages/getRecipient'],
  ['POST', '/messages/getSender'],
  ['POST', '/messages/addOrUpdate'],
  ['GET', '/messages/getUnreadMessagesCount'],
  // Saved searches
  ['POST', '/users/getSavedSearches'],
  ['POST', '/users/addOrUpdateSaveSearch'],
  ['DELETE', '/users/deleteSaveSearch/{id}'],
  // Users
  ['GET', '/users/getUserAlerts'],
  ['GET', '/users/getPublicAlerts'],
  ['POST', '/users/sync-cart'],
  ['POST', '/users/register'],
  ['POST', '/users/email-confirm'],
  ['POST', '/users/get'],
  ['GET', '/users/getUserIdFromLegacyListerID'],
  ['POST', '/users/getall'],
  ['GET', '/userdashboard/summary/'],
  ['POST', '/users/sendMessageEmail'],
  ['GET', '/users/checkEmail/{email}'],
  ['POST', '/users/sellerapi'],
  ['DELETE', '/users/clientCredentials/{id}'],
  ['GET', '/users/bulkuploads'],
  ['POST', '/users/process-bulkuploads'],
  ['POST', '/users/changePassword'],
  ['POST', '/users/updateAccountInfo'],
  ['POST', '/users/ManageDistributorFeed'],
  ['GET', '/users/GetDistributorFeed'],
  ['DELETE', '/users/DeleteDistributorFeed/{id}'],
  ['POST', '/users/updateMembershipPlan'],
  ['POST', '/users/signupForNewsLetter'],
  ['GET', '/users/listing-eligibility'],
  ['POST', '/users/unfreeze'],
  ['POST', '/users/getEscrowAccount'],
  ['GET', '/users/favorite-listings'],
  ['POST', '/users/favorite-listings'],
  ['POST', '/users/delete-favorite-listings'],
  ['POST', '/users/addOrUpdatePaymentOptions'],
  // Admin
  ['POST', '/pprAdmin/search-users'],
  ['GET', '/pprAdmin/impersonate/{id}'],
  ['POST', '/pprAdmin/add-credit-to-user'],
  // Short links
  ['POST', '/shortlinks/get'],
  ['GET', '/shortlinks/getById/{id}'],
  ['GET', '/shortlinks/getByShortCode/{code}'],
  // Content and brands
  ['GET', '/wp/get'],
  ['GET', '/brands'],
  ['GET', '/brands/nc'],
  ['GET', '/brands/{slug}'],
  ['GET', '/brands/nc/{slug}'],
  ['POST', '/brands/kw'],
  ['POST', '/brands/addOrUpdate'],
  ['POST', '/api/firearms/identify'],
] as const;

/** Calls the spec implies without a path, and operations. */
const IMPLIED_CALLS = [
  ['GET', '/users/favorite-listings/check/{listingId}'],
  ['GET', '/users/favorite-listings/at-max'],
  ['POST', '/users/forgot-password'],
  ['POST', '/users/reset-password'],
  ['POST', '/users/change-expired-password'],
  ['GET', '/ads/zone'],
  ['GET', '/stock-images/{upc}'],
  ['GET', '/health'],
  // The server copy of the cart, read at sign-in to merge with the browser's.
  ['GET', '/users/cart'],
  ['GET', '/users/payment-options'],
  // The error report of a bulk upload.
  ['GET', '/users/bulkuploads/{id}/errors'],
  // The seller API (see docs/capabilities/seller-api.md; POST /users/sellerapi): its token endpoint and the calls a dealer's
  // software makes with the token.
  ['POST', '/oauth/token'],
  ['PUT', '/seller/v1/inventory/{stockNumber}'],
  ['POST', '/seller/v1/inventory'],
  ['GET', '/seller/v1/listings'],
  ['GET', '/seller/v1/listings/{id}'],
  ['POST', '/seller/v1/listings/{id}/close'],
  // Checkout and orders.
  ['POST', '/orders/quote'],
  ['POST', '/orders/checkout'],
  ['GET', '/orders/{id}'],
  ['POST', '/orders/getall'],
  ['POST', '/orders/ship/{id}'],
  ['POST', '/orders/cancel/{id}'],
  ['POST', '/orders/deliver/{id}'],
  ['POST', '/orders/complete/{id}'],
  // Offers.
  ['POST', '/offers/make'],
  ['POST', '/offers/respond/{id}'],
  ['POST', '/offers/getall'],
  // Auctions: an auction's standing and history, and proxy bids.
  ['GET', '/auctions/{id}'],
  ['POST', '/auctions/{id}/bids'],
  ['GET', '/auctions/{id}/bids'],
  ['POST', '/auctions/getall'],
  ['POST', '/auctions/{id}/cancel'],
  ['GET', '/auctions/{id}/live'],
  ['POST', '/auctions/{id}/buy-now'],
  ['POST', '/auctions/{id}/second-chance'],
  ['GET', '/listings/{id}/recent-sales'],
  ['POST', '/firearms/price-hint'],
  // The console's firearms reference: search it, and add, change or remove its records.
  ['GET', '/pprAdmin/firearm-reference'],
  ['GET', '/pprAdmin/firearm-reference/calibers'],
  ['POST', '/pprAdmin/firearm-reference/manufacturers'],
  ['PATCH', '/pprAdmin/firearm-reference/manufacturers/{id}'],
  ['DELETE', '/pprAdmin/firearm-reference/manufacturers/{id}'],
  ['POST', '/pprAdmin/firearm-reference/models'],
  ['PATCH', '/pprAdmin/firearm-reference/models/{id}'],
  ['DELETE', '/pprAdmin/firearm-reference/models/{id}'],
  ['POST', '/pprAdmin/firearm-reference/variants'],
  ['PATCH', '/pprAdmin/firearm-reference/variants/{id}'],
  ['DELETE', '/pprAdmin/firearm-reference/variants/{id}'],
  ['POST', '/pprAdmin/firearm-reference/calibers'],
  ['PATCH', '/pprAdmin/firearm-reference/calibers/{id}'],
  ['DELETE', '/pprAdmin/firearm-reference/calibers/{id}'],
  // The dealer finder and dealers' own profiles (FFL transfers).
  ['GET', '/ffl/search'],
  ['GET', '/ffl/dealers/{id}'],
  ['GET', '/ffl/profile'],
  ['POST', '/ffl/profile'],
  ['POST', '/ffl/profile/license-copy'],
  ['GET', '/ffl/dealers/{id}/license-copy'],
  // Buyer alerts: their settings, the digest's unsubscribe link, a run on demand.
  ['GET', '/users/alert-settings'],
  ['POST', '/users/alert-settings'],
  ['POST', '/alerts/unsubscribe'],
  ['POST', '/alerts/run'],
  // Messaging: the conversation view, attachments, the live channel, blocking, reports.
  ['GET', '/messages/conversations/{id}'],
  ['GET', '/messages/attachments/{id}'],
  ['GET', '/messages/live'],
  ['GET', '/messages/blocks'],
  ['POST', '/messages/blocks'],
  ['DELETE', '/messages/blocks/{id}'],
  ['POST', '/messages/report'],
  ['POST', '/messages/reports'],
  // The admin console: one user, account actions, the audit log.
  ['GET', '/pprAdmin/users/{id}'],
  ['POST', '/pprAdmin/users/{id}/action'],
  ['GET', '/pprAdmin/audit'],
  ['GET', '/pprAdmin/alerts'],
  ['POST', '/pprAdmin/alerts'],
  ['DELETE', '/pprAdmin/alerts/{id}'],
  ['GET', '/pprAdmin/shortlinks'],
  ['POST', '/pprAdmin/shortlinks'],
  ['GET', '/pprAdmin/mail-outbox'],
  ['GET', '/pprAdmin/mail-outbox/{name}'],
  ['POST', '/listings/report'],
  ['POST', '/pprAdmin/listing-reports'],
  ['POST', '/pprAdmin/listings/{id}/freeze'],
  ['POST', '/pprAdmin/listings/{id}/unfreeze'],
  ['POST', '/pprAdmin/message-reports/{id}/action'],
  // Billing, membership and escrow.
  ['GET', '/billing/summary'],
  ['GET', '/billing/invoices'],
  ['GET', '/billing/invoices/{id}'],
  ['GET', '/billing/invoices/{id}/pdf'],
  ['POST', '/billing/invoices/{id}/pay'],
  ['GET', '/billing/payments'],
  ['GET', '/billing/payment-methods'],
  ['POST', '/billing/payment-methods'],
  ['POST', '/billing/payment-methods/{id}/default'],
  ['DELETE', '/billing/payment-methods/{id}'],
  ['POST', '/billing/invoices/run'],
  ['POST', '/orders/dispute/{id}'],
  ['POST', '/pprAdmin/escrow/resolve/{id}'],
  // The console's queue of escrow disputes.
  ['GET', '/pprAdmin/escrow/disputes'],
  // Digest, ads, short links and the newsletter: an article page, the console's writes,
  // ad counting, the social-proof figures and the newsletter's double opt-in links.
  ['GET', '/wp/article/{slug}'],
  ['POST', '/wp/addOrUpdate'],
  ['DELETE', '/wp/delete/{id}'],
  // The console's articles, scheduled ones included, and one of them to edit.
  ['GET', '/pprAdmin/articles'],
  ['GET', '/pprAdmin/articles/{slug}'],
  ['GET', '/content/site-stats'],
  ['POST', '/ads/event'],
  ['GET', '/ads/list'],
  ['POST', '/ads/addOrUpdate'],
  ['DELETE', '/ads/delete/{id}'],
  ['POST', '/shortlinks/addOrUpdate'],
  ['DELETE', '/shortlinks/delete/{id}'],
  ['POST', '/newsletter/confirm'],
  ['POST', '/newsletter/unsubscribe'],
] as const;

/** Non-GET calls whose request is the path alone. */
const NO_BODY_BY_DESIGN = new Set([
  'listingsDeleteImage',
  'listingsDelete',
  'listingsClose',
  'listingsRelist',
  'auctionsBuyNow',
  'auctionsSecondChance',
  'usersDeleteSaveSearch',
  'usersDeleteClientCredentials',
  'usersDeleteDistributorFeed',
  'sellerApiCloseListing',
  'ordersDeliver',
  'ordersComplete',
  'alertsRun',
  'adminDeleteAlert',
  'adminUnfreezeListing',
  'billingDefaultPaymentMethod',
  'billingDeletePaymentMethod',
  'messagesUnblockUser',
  'wpDelete',
  'adsDelete',
  'shortlinksDelete',
  'adminRemoveFirearmManufacturer',
  'adminRemoveFirearmModel',
  'adminRemoveFirearmVariant',
  'adminRemoveFirearmCaliber',
]);

/**
 * Calls in the contract that the server does not build yet; it answers them 501. A call leaves this
 * list when its handler lands; nothing joins it without a reason in review.
 */
const PLANNED: string[] = [];

const entries = ENDPOINT_NAMES.map((name) => [name, ENDPOINTS[name] as EndpointDefinition] as const);
const specPathOf = (endpoint: EndpointDefinition) => endpoint.specPath ?? endpoint.path;
const keyOf = (method: string, path: string) => `${method} ${path}`;

describe('the endpoint table', () => {
  it.each(SPEC_CALLS)('holds the spec call %s %s exactly once', (method, path) => {
    const matches = entries.filter(([, e]) => e.method === method && specPathOf(e) === path);
    expect(matches).toHaveLength(1);
  });

  it.each(IMPLIED_CALLS)('holds the implied call %s %s exactly once', (method, path) => {
    const matches = entries.filter(([, e]) => e.method === method && e.path === path);
    expect(matches).toHaveLength(1);
  });

  it('holds nothing beyond the spec and implied calls', () => {
    const known = new Set([...SPEC_CALLS, ...IMPLIED_CALLS].map(([method, path]) => keyOf(method, path)));
    const extra = entries.filter(([, e]) => !known.has(keyOf(e.method, specPathOf(e)))).map(([name]) => name);
    expect(extra).toEqual([]);
    expect(entries).toHaveLength(SPEC_CALLS.length + IMPLIED_CALLS.length);
  });

  it('has no two endpoints on one method and route, parameter names aside', () => {
    const routes = entries.map(([, e]) => keyOf(e.method, toFastifyPath(e.path).replace(/:\w+/g, ':')));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keeps the spec path under the API base, except where the spec already wrote the base', () => {
    expect(API_BASE).toBe('/api');
    for (const [, e] of entries) {
      expect(e.path.startsWith('/')).toBe(true);
      expect(e.path.startsWith(`${API_BASE}/`)).toBe(false);
      if (e.specPath !== undefined) expect(e.specPath).toBe(`${API_BASE}${e.path}`);
    }
    expect(ENDPOINTS.firearmsIdentify.path).toBe('/firearms/identify');
  });

  it.each(entries)('%s answers with a response schema', (_name, e) => {
    expect(e.response).toBeInstanceOf(z.ZodType);
    for (const schema of Object.values(e.responses ?? {})) expect(schema).toBeInstanceOf(z.ZodType);
  });

  it.each(entries)('%s declares a body unless it is a GET, multipart or bodiless by design', (name, e) => {
    if (e.method === 'GET') {
      expect(e.body).toBeUndefined();
      return;
    }
    if (NO_BODY_BY_DESIGN.has(name)) {
      expect(e.body).toBeUndefined();
      return;
    }
    expect(e.body !== undefined || e.multipart === true).toBe(true);
  });

  it.each(entries)('%s has a known access level, module and ownership', (name, e) => {
    expect(API_MODULES).toContain(moduleOf(name));
    expect(ACCESS_LEVELS).toContain(e.access);
    expect(e.summary.length).toBeGreaterThan(0);
    if (e.owner === undefined) {
      expect(e.ownerId).toBeUndefined();
      return;
    }
    expect(OWNED_RESOURCES).toContain(e.owner);
    expect(e.access).not.toBe('public');
    expect(e.ownerId).toMatch(/^(params|body)\.[\w.]+$/);
    if (e.ownerId?.startsWith('params.')) {
      expect(pathParamNames(e.path)).toContain(e.ownerId.slice('params.'.length));
    }
  });

  it.each(entries)('%s declares exactly the parameters of its path', (_name, e) => {
    const inPath = pathParamNames(e.path).sort();
    const declared = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
    expect(declared).toEqual(inPath);
    if (inPath.length > 0) expect(e.params).toBeInstanceOf(z.ZodObject);
  });

  it.each(entries)('%s describes its multipart form when it has one', (_name, e) => {
    expect(e.upload !== undefined).toBe(e.multipart === true);
    if (!e.upload) return;
    expect(e.method).toBe('POST');
    expect(e.upload.jsonField === null).toBe(e.body === undefined);
    expect(e.upload.minFiles).toBeLessThanOrEqual(e.upload.maxFiles);
    expect(e.upload.accept.length).toBeGreaterThan(0);
  });

  it('marks the multipart calls of the spec, with their form field names', () => {
    const multipart = entries.filter(([, e]) => e.multipart).map(([name, e]) => [name, e.upload?.jsonField]);
    expect(Object.fromEntries(multipart)).toEqual({
      listingsAdd: 'request',
      messagesAddOrUpdate: 'request',
      usersProcessBulkUploads: 'request',
      usersManageDistributorFeed: 'request',
      brandsAddOrUpdate: 'request',
      firearmsIdentify: 'FirearmInfoJson',
      fflUploadLicenseCopy: null,
    });
    expect(ENDPOINTS.usersProcessBulkUploads.upload.fileField).toBe('formFiles');
    expect(ENDPOINTS.usersManageDistributorFeed.upload.fileField).toBe('feedFile');
  });

  it('guards ownership of listings, messages, saved searches, feeds and credentials', () => {
    expect(ENDPOINTS.listingsClose.owner).toBe('listing');
    expect(ENDPOINTS.listingsRelist.owner).toBe('listing');
    expect(ENDPOINTS.listingsDelete.owner).toBe('listing');
    expect(ENDPOINTS.listingsDeleteImage.owner).toBe('listingImage');
    expect(ENDPOINTS.messagesAddOrUpdate.owner).toBe('message');
    expect(ENDPOINTS.usersDeleteSaveSearch.owner).toBe('savedSearch');
    expect(ENDPOINTS.usersDeleteDistributorFeed.owner).toBe('distributorFeed');
    expect(ENDPOINTS.usersDeleteClientCredentials.owner).toBe('clientCredential');
  });

  it('keeps admin calls for admins and seller tools for sellers', () => {
    for (const [name, e] of entries) {
      if (e.path.startsWith('/pprAdmin/')) expect(e.access, name).toBe('admin');
    }
    // Each user reads their own escrow account; another user's id is refused (owner check), staff read any.
    expect(ENDPOINTS.usersGetEscrowAccount).toMatchObject({ access: 'user', owner: 'account' });
    expect(ENDPOINTS.brandsAddOrUpdate.access).toBe('admin');
    expect(ENDPOINTS.listingsAdd.access).toBe('seller');
    expect(ENDPOINTS.usersProcessBulkUploads.access).toBe('seller');
    expect(ENDPOINTS.authLogin.access).toBe('public');
    expect(ENDPOINTS.listingsSearch.access).toBe('public');
  });
});

describe('the resource tables', () => {
  it('give every endpoint name to exactly one module', () => {
    const names = Object.values(ENDPOINT_TABLES).flatMap((table) => Object.keys(table));
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual([...ENDPOINT_NAMES].sort());
  });

  it('keep each call with the module that serves it', () => {
    expect(moduleOf('usersGetUserIdFromLegacyListerId')).toBe('listings');
    expect(moduleOf('stockImagesGet')).toBe('stock-images');
    expect(moduleOf('usersUnfreeze')).toBe('users');
    expect(moduleOf('usersForgotPassword')).toBe('auth');
  });

  it('plan exactly the calls not built yet, a list that only shrinks', () => {
    expect([...PLANNED_ENDPOINT_NAMES].sort()).toEqual(PLANNED);
  });
});

describe('paths', () => {
  it('fills parameters, URL-encoding them', () => {
    expect(fillPath('/brands/{slug}', { slug: 'sig-sauer' })).toBe('/brands/sig-sauer');
    expect(fillPath('/users/checkEmail/{email}', { email: 'a+b@example.com' })).toBe(
      '/users/checkEmail/a%2Bb%40example.com',
    );
    expect(fillPath('/shortlinks/getByShortCode/{code}', { code: 'a/b c' })).toBe(
      '/shortlinks/getByShortCode/a%2Fb%20c',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => fillPath('/listings/delete/{id}', {} as { id: string })).toThrow(/id/);
  });

  it('turns {name} into Fastify :name and keeps everything else verbatim', () => {
    expect(toFastifyPath('/users/favorite-listings/check/{listingId}')).toBe(
      '/users/favorite-listings/check/:listingId',
    );
    expect(toFastifyPath('/userdashboard/summary/')).toBe('/userdashboard/summary/');
    expect(toFastifyPath('/users/getUserIdFromLegacyListerID')).toBe('/users/getUserIdFromLegacyListerID');
  });

  it('builds full URLs under the API base', () => {
    expect(endpointUrl('health')).toBe('/api/health');
    expect(endpointUrl('listingsClose', { id: '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70' })).toBe(
      '/api/listings/close/6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70',
    );
    expect(endpointUrl('firearmsIdentify')).toBe('/api/firearms/identify');
  });
});

describe('access levels', () => {
  const cases = [
    ['public', null, true],
    ['user', null, false],
    ['user', ['Buyer'], true],
    ['seller', ['Buyer'], false],
    ['seller', ['BasicSeller'], true],
    ['seller', ['Buyer', 'PlatinumSeller'], true],
    ['admin', ['TrustedSeller'], false],
    ['admin', ['Admin'], true],
    ['seller', ['Admin'], true],
  ] as const;

  it.each(cases)('%s with roles %j → %s', (access, roles, allowed) => {
    expect(satisfiesAccess(access, roles)).toBe(allowed);
  });
});

describe('endpoint types', () => {
  it('infer request and answer shapes from the table', () => {
    expectTypeOf<EndpointBody<'authLogin'>>().toEqualTypeOf<{ email: string; password: string }>();
    expectTypeOf<EndpointParams<'listingsClose'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<EndpointParams<'health'>>().toEqualTypeOf<undefined>();
    expectTypeOf<EndpointQuery<'listingsSuggestions'>>().toHaveProperty('query');
    expectTypeOf<EndpointBody<'listingsSearch'>>()
      .toHaveProperty('pageSize')
      .toEqualTypeOf<number | undefined>();
    expectTypeOf<EndpointParsedBody<'listingsSearch'>>().toHaveProperty('pageSize').toEqualTypeOf<number>();
    expectTypeOf<EndpointResponse<'usersCheckEmail'>>().toEqualTypeOf<{ isTaken: boolean }>();
    expectTypeOf<EndpointStatusResponse<'authLogin', 402>>()
      .toHaveProperty('pastDueAmount')
      .toEqualTypeOf<number>();
  });
});
