import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_API_TOKEN_LIFETIME_SECONDS } from '../../shared/contract/seller-api.ts';
import type { SellerApiResponse } from '../../shared/contract/seller-api-credentials.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { signToken } from '../../src-server/modules/auth/tokens.ts';
import { signAccessToken } from '../../src-server/modules/seller-api/access-tokens.ts';
import { MAX_CREDENTIALS_PER_SELLER } from '../../src-server/modules/seller-api/credentials.ts';
import {
  type AccountsTestApp,
  authed,
  claimsOf,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  tokenOf,
} from './support/accounts.ts';
import {
  accessTokenOf,
  basicAuth,
  type Credential,
  createCredential,
  listingInput,
  requestToken,
  saveListingOnSite,
} from './support/seller-api.ts';
import { TEST_JWT_SECRET } from './support/test-app.ts';

let t: AccountsTestApp;
const sessions = { buyer: '', seller: '', dealer: '', admin: '', newSeller: '' };

beforeAll(async () => {
  t = await createAccountsTestApp();
  for (const key of Object.keys(sessions) as (keyof typeof sessions)[]) {
    sessions[key] = await tokenOf(t.app, key);
  }
}, 60_000);
afterAll(() => t.close());

const credentialsCall = (session: string | undefined, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users/sellerapi', headers: authed(session), payload });
const revokeCall = (session: string | undefined, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/clientCredentials/${id}`, headers: authed(session) });
const apiGet = (token: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/seller/v1${url}`, headers: authed(token) });
const apiPost = (token: string | undefined, url: string) =>
  t.app.inject({ method: 'POST', url: `/api/seller/v1${url}`, headers: authed(token) });

describe('seller-API credentials (POST /users/sellerapi, DELETE /users/clientCredentials/{id})', () => {
  it('creates a credential whose secret is shown once, lists it, and revokes it', async () => {
    const before = (await credentialsCall(sessions.newSeller)).json() as SellerApiResponse;
    expect(before).toEqual({ credentials: [], created: null });

    const res = await credentialsCall(sessions.newSeller, { generate: true, name: 'Shop till' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { created, credentials } = res.json() as SellerApiResponse;
    expect(created).toMatchObject({ name: 'Shop till', lastUsedAt: null });
    expect(created?.clientId).toMatch(/^isc_[0-9a-f]{32}$/);
    expect(created?.clientSecret).toMatch(/^iss_[A-Za-z0-9_-]{43}$/);
    expect(credentials).toEqual([
      {
        id: created?.id,
        name: 'Shop till',
        clientId: created?.clientId,
        createdAt: created?.createdAt,
        lastUsedAt: null,
      },
    ]);
    const secret = created?.clientSecret ?? '';

    // Never again: not in the list, and not stored as it is.
    const again = await credentialsCall(sessions.newSeller);
    expect(again.json().created).toBeNull();
    expect(again.body).not.toContain(secret);
    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select * from seller_api_credentials where id = ${created?.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(4));
    expect(rows[0]?.secret_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A token records the last use.
    await accessTokenOf(t.app, {
      id: created?.id ?? '',
      clientId: created?.clientId ?? '',
      clientSecret: secret,
    });
    const used = (await credentialsCall(sessions.newSeller)).json() as SellerApiResponse;
    expect(used.credentials[0]?.lastUsedAt).toEqual(expect.any(String));

    const revoked = await revokeCall(sessions.newSeller, created?.id ?? '');
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ success: true });
    expect((await credentialsCall(sessions.newSeller)).json().credentials).toEqual([]);
    expect((await revokeCall(sessions.newSeller, created?.id ?? '')).statusCode).toBe(404);
  });

  it('asks for a name when generating', async () => {
    const res = await credentialsCall(sessions.seller, { generate: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ name: 'Name the credential.' });
  });

  it("lets no other seller revoke a seller's credential; an admin may", async () => {
    const credential = await createCredential(t.app, sessions.seller, 'Revoked by staff');
    const byOther = await revokeCall(sessions.dealer, credential.id);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().error.code).toBe('not_found');
    expect((await revokeCall(sessions.buyer, credential.id)).statusCode).toBe(403);
    expect((await revokeCall(undefined, credential.id)).statusCode).toBe(401);
    const listed = (await credentialsCall(sessions.seller)).json() as SellerApiResponse;
    expect(listed.credentials.map((c) => c.id)).toContain(credential.id);
    // Another seller's list never holds it.
    const others = (await credentialsCall(sessions.dealer)).json() as SellerApiResponse;
    expect(others.credentials.map((c) => c.id)).not.toContain(credential.id);

    expect((await revokeCall(sessions.admin, credential.id)).statusCode).toBe(200);
    const after = (await credentialsCall(sessions.seller)).json() as SellerApiResponse;
    expect(after.credentials.map((c) => c.id)).not.toContain(credential.id);
  });

  it('creates credentials for seller accounts only', async () => {
    expect((await credentialsCall(sessions.buyer, { generate: true, name: 'x' })).statusCode).toBe(403);
    const admin = await credentialsCall(sessions.admin, { generate: true, name: 'x' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().error.message).toBe('Only seller accounts can create seller-API credentials.');
    expect((await credentialsCall(sessions.admin)).json()).toEqual({ credentials: [], created: null });
  });

  it(`holds at most ${MAX_CREDENTIALS_PER_SELLER} active credentials per seller`, async () => {
    const session = sessions.newSeller;
    for (let i = 0; i < MAX_CREDENTIALS_PER_SELLER; i += 1) await createCredential(t.app, session, `c${i}`);
    const over = await credentialsCall(session, { generate: true, name: 'one more' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toMatch(/Revoke one/);
  });
});

describe('POST /api/oauth/token (client-credentials grant)', () => {
  let credential: Credential;
  beforeAll(async () => {
    credential = await createCredential(t.app, sessions.seller, 'Token tests');
  });

  it('issues a short-lived bearer token to a client authenticated with HTTP Basic', async () => {
    const res = await requestToken(
      t.app,
      { grant_type: 'client_credentials' },
      { authorization: basicAuth(credential.clientId, credential.clientSecret) },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: SELLER_API_TOKEN_LIFETIME_SECONDS,
      scope: 'inventory listings',
    });
    const claims = claimsOf(body.access_token);
    expect(claims).toMatchObject({
      sub: credential.id,
      aud: 'ironsight-seller-api',
      seller: DEMO_ACCOUNTS.seller.id,
      client_id: credential.clientId,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(15 * 60);
  });

  it('issues a token to a client authenticated in the form body', async () => {
    const res = await requestToken(t.app, {
      grant_type: 'client_credentials',
      client_id: credential.clientId,
      client_secret: credential.clientSecret,
      scope: 'listings',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', scope: 'listings' });
  });

  it('refuses a wrong secret or an unknown client with invalid_client, 401 and a Basic challenge', async () => {
    for (const [id, secret] of [
      [credential.clientId, `${credential.clientSecret.slice(0, -1)}x`],
      ['isc_00000000000000000000000000000000', credential.clientSecret],
      [credential.clientId, ''],
    ] as const) {
      const res = await requestToken(
        t.app,
        { grant_type: 'client_credentials' },
        { authorization: basicAuth(id, secret) },
      );
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    }
    const inBody = await requestToken(t.app, {
      grant_type: 'client_credentials',
      client_id: credential.clientId,
      client_secret: 'iss_wrong',
    });
    expect(inBody.statusCode).toBe(401);
    expect(inBody.json().error).toBe('invalid_client');
    const none = await requestToken(t.app, { grant_type: 'client_credentials' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('invalid_client');
  });

  it('answers the errors of RFC 6749 §5.2 for malformed requests', async () => {
    const basic = { authorization: basicAuth(credential.clientId, credential.clientSecret) };
    const cases: [Record<string, string>, Record<string, string>, number, string][] = [
      [{}, basic, 400, 'invalid_request'],
      [{ grant_type: 'password' }, basic, 400, 'unsupported_grant_type'],
      [{ grant_type: 'client_credentials', scope: 'orders' }, basic, 400, 'invalid_scope'],
      [
        {
          grant_type: 'client_credentials',
          client_id: credential.clientId,
          client_secret: credential.clientSecret,
        },
        basic,
        400,
        'invalid_request',
      ],
      [
        { grant_type: 'client_credentials' },
        { authorization: `Bearer ${sessions.seller}` },
        400,
        'invalid_request',
      ],
    ];
    for (const [form, headers, status, error] of cases) {
      const res = await requestToken(t.app, form, headers);
      expect(res.statusCode, JSON.stringify(form)).toBe(status);
      expect(res.json()).toEqual({ error, error_description: expect.any(String) });
    }
    // A parameter sent twice.
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic },
      payload: 'grant_type=client_credentials&grant_type=client_credentials',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe('invalid_request');
    // JSON is not the token request's encoding.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: basic,
      payload: { grant_type: 'client_credentials' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('only form-encodes the token route: other routes still refuse form bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('is rate limited per client address', async () => {
    let limited = 0;
    for (let i = 0; i < 130; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials',
        remoteAddress: '10.250.0.1',
      });
      if (res.statusCode === 429) {
        limited += 1;
        expect(res.json()).toEqual({
          error: 'temporarily_unavailable',
          error_description: expect.any(String),
        });
      }
    }
    expect(limited).toBeGreaterThan(0);
  });
});

describe('seller-API access tokens', () => {
  let credential: Credential;
  let token: string;
  beforeAll(async () => {
    credential = await createCredential(t.app, sessions.seller, 'Access tests');
    token = await accessTokenOf(t.app, credential);
  });

  it('reach the seller API; a session token there is refused with a bearer challenge', async () => {
    expect((await apiGet(token, '/listings')).statusCode).toBe(200);
    for (const session of [sessions.seller, sessions.admin, sessions.dealer]) {
      const res = await apiGet(session, '/listings');
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
      expect(res.json().error.message).toMatch(/seller-API access token/);
    }
    const visitor = await apiGet(undefined, '/listings');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['www-authenticate']).toMatch(/^Bearer realm=/);
  });

  it('are refused by the rest of the API, which reads them as no session', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/listing-eligibility'],
      ['GET', '/api/userdashboard/summary/'],
      ['POST', '/api/users/sellerapi'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: authed(token), payload: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.message).toMatch(/seller API only/);
    }
    // A public call answers as to a visitor.
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: authed(token) });
    expect(health.statusCode).toBe(200);
  });

  it('expire: a token past its lifetime is refused', async () => {
    const old = await signAccessToken(
      {
        credentialId: credential.id,
        clientId: credential.clientId,
        sellerId: DEMO_ACCOUNTS.seller.id,
        scopes: ['inventory', 'listings'],
      },
      TEST_JWT_SECRET,
      new Date(Date.now() - (SELLER_API_TOKEN_LIFETIME_SECONDS + 120) * 1000),
    );
    const res = await apiGet(old, '/listings');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    expect(res.json().error.message).toMatch(/expired, revoked or not valid/);
  });

  it('cannot be forged from a session token or with another key', async () => {
    const subject = {
      credentialId: credential.id,
      clientId: credential.clientId,
      sellerId: DEMO_ACCOUNTS.seller.id,
      scopes: ['inventory', 'listings'],
    };
    const otherKey = await signAccessToken(subject, 'another-secret-that-is-long-enough-for-hs256');
    expect((await apiGet(otherKey, '/listings')).statusCode).toBe(401);
    // Signed as a session token with the server's own key, claims and all: still no seller-API token.
    const sessionShaped = await signToken(
      {
        role: 'BasicSeller',
        status: 'Active',
        unique_name: DEMO_ACCOUNTS.seller.id,
        email: DEMO_ACCOUNTS.seller.email,
        given_name: 'a',
        family_name: 'b',
        userOptions: '',
        accountOptions: '',
        sellerDisplayName: '',
        phoneNumber: '',
      },
      TEST_JWT_SECRET,
    );
    expect((await apiGet(sessionShaped, '/listings')).statusCode).toBe(401);
  });

  it('carry their scope: a token without `listings` cannot read listings', async () => {
    const narrow = await accessTokenOf(t.app, credential, 'inventory');
    const res = await apiGet(narrow, '/listings');
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toMatch(/error="insufficient_scope", scope="listings"/);
  });

  it('are refused at once when the credential is revoked, and the client gets no new one', async () => {
    const revocable = await createCredential(t.app, sessions.seller, 'Revocable');
    const live = await accessTokenOf(t.app, revocable);
    expect((await apiGet(live, '/listings')).statusCode).toBe(200);
    expect((await revokeCall(sessions.seller, revocable.id)).statusCode).toBe(200);
    const after = await apiGet(live, '/listings');
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    const again = await requestToken(
      t.app,
      { grant_type: 'client_credentials' },
      { authorization: basicAuth(revocable.clientId, revocable.clientSecret) },
    );
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('invalid_client');
  });

  it('are refused once the account is locked', async () => {
    const session = await tokenOf(t.app, 'dealer');
    const dealerCredential = await createCredential(t.app, session, 'Lock test');
    const live = await accessTokenOf(t.app, dealerCredential);
    expect((await apiGet(live, '/listings')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update users set status = 'Locked' where id = ${DEMO_ACCOUNTS.dealer.id}`,
    );
    try {
      expect((await apiGet(live, '/listings')).statusCode).toBe(401);
      const res = await requestToken(
        t.app,
        { grant_type: 'client_credentials' },
        { authorization: basicAuth(dealerCredential.clientId, dealerCredential.clientSecret) },
      );
      expect(res.statusCode).toBe(401);
    } finally {
      await t.database.db.execute(
        sql`update users set status = 'Active' where id = ${DEMO_ACCOUNTS.dealer.id}`,
      );
    }
  });
});

describe("a seller's own listings through the API", () => {
  let sellerToken: string;
  let dealerToken: string;
  let sellersListingId: string;
  const stockNumber = `SKU-${process.pid}-A`;

  beforeAll(async () => {
    sellerToken = await accessTokenOf(t.app, await createCredential(t.app, sessions.seller, 'Listings'));
    dealerToken = await accessTokenOf(t.app, await createCredential(t.app, sessions.dealer, 'Listings'));
    const listing = await saveListingOnSite(
      t.app,
      sessions.seller,
      listingInput({ sellerStockNumber: stockNumber }),
    );
    sellersListingId = listing.id;
  });

  it('lists them, newest first, paged, filtered by stock number', async () => {
    const res = await apiGet(sellerToken, `/listings?stockNumber=${encodeURIComponent(stockNumber)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(res.json().results).toEqual([
      expect.objectContaining({
        id: sellersListingId,
        stockNumber,
        isActive: true,
        isSold: false,
        isFrozen: false,
        isManualEntry: false,
        price: 599.99,
      }),
    ]);
    const paged = (await apiGet(sellerToken, '/listings?page=1&pageSize=1')).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.pageSize).toBe(1);
    expect(paged.total).toBeGreaterThanOrEqual(1);
    expect((await apiGet(sellerToken, '/listings?pageSize=201')).statusCode).toBe(400);
  });

  it("never shows or touches another seller's listing", async () => {
    const read = await apiGet(dealerToken, `/listings/${sellersListingId}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().error.code).toBe('not_found');
    expect((await apiPost(dealerToken, `/listings/${sellersListingId}/close`)).statusCode).toBe(404);
    const filtered = (
      await apiGet(dealerToken, `/listings?stockNumber=${encodeURIComponent(stockNumber)}`)
    ).json();
    expect(filtered).toMatchObject({ total: 0, results: [] });
    const all = (await apiGet(dealerToken, '/listings?pageSize=200')).json();
    expect(all.results.map((l: { id: string }) => l.id)).not.toContain(sellersListingId);
    // Untouched.
    expect((await apiGet(sellerToken, `/listings/${sellersListingId}`)).json().isActive).toBe(true);
  });

  it('reads and closes an own listing', async () => {
    const listing = await saveListingOnSite(t.app, sessions.seller, listingInput());
    const read = await apiGet(sellerToken, `/listings/${listing.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: listing.id, title: listing.title, stockNumber: null });
    const closed = await apiPost(sellerToken, `/listings/${listing.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ success: true });
    expect((await apiGet(sellerToken, `/listings/${listing.id}`)).json().isActive).toBe(false);
    const closedOnes = (await apiGet(sellerToken, '/listings?status=closed&pageSize=200')).json();
    expect(closedOnes.results.map((l: { id: string }) => l.id)).toContain(listing.id);
    const activeOnes = (await apiGet(sellerToken, '/listings?status=active&pageSize=200')).json();
    expect(activeOnes.results.map((l: { id: string }) => l.id)).not.toContain(listing.id);
  });
});

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherSeller', 'admin'];
const sessionOf = (caller: Caller) =>
  caller === 'visitor' ? undefined : caller === 'anotherSeller' ? sessions.dealer : sessions[caller];

describe('permission matrix of the seller-API endpoints', () => {
  it.each(CALLERS)(
    "DELETE /users/clientCredentials/{id} of the seller's credential as %s",
    async (caller) => {
      const credential = await createCredential(t.app, sessions.seller, `matrix ${caller}`);
      const expected = { visitor: 401, buyer: 403, seller: 200, anotherSeller: 404, admin: 200 }[caller];
      expect((await revokeCall(sessionOf(caller), credential.id)).statusCode).toBe(expected);
    },
  );

  it.each(CALLERS)('POST /users/sellerapi generating a credential as %s', async (caller) => {
    const expected = { visitor: 401, buyer: 403, seller: 200, anotherSeller: 200, admin: 403 }[caller];
    const res = await credentialsCall(sessionOf(caller), { generate: true, name: `matrix ${caller}` });
    expect(res.statusCode).toBe(expected);
    if (res.statusCode === 200) await revokeCall(sessionOf(caller), res.json().created.id);
  });

  it.each(CALLERS)('the /seller/v1 calls with the session token of %s are 401', async (caller) => {
    const listing = await saveListingOnSite(t.app, sessions.seller, listingInput());
    for (const [method, url] of [
      ['GET', '/api/seller/v1/listings'],
      ['GET', `/api/seller/v1/listings/${listing.id}`],
      ['POST', `/api/seller/v1/listings/${listing.id}/close`],
      ['PUT', '/api/seller/v1/inventory/SKU-1'],
      ['POST', '/api/seller/v1/inventory'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: authed(sessionOf(caller)) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each([
    ['seller', 200],
    ['anotherSeller', 404],
  ] as const)(
    "the /seller/v1 listing calls on the seller's listing with the API token of %s",
    async (caller, status) => {
      const token = await accessTokenOf(
        t.app,
        await createCredential(t.app, sessionOf(caller) ?? '', 'matrix'),
      );
      const listing = await saveListingOnSite(t.app, sessions.seller, listingInput());
      expect((await apiGet(token, `/listings/${listing.id}`)).statusCode).toBe(status);
      expect((await apiPost(token, `/listings/${listing.id}/close`)).statusCode).toBe(status);
      expect((await apiGet(token, '/listings')).statusCode).toBe(200);
    },
  );
});

describe('inventory upserts by stock number', () => {
  let token: string;
  let dealerToken: string;
  const item = (overrides: Record<string, unknown> = {}) => ({
    title: 'Smith & Wesson M&P Shield Plus',
    description: '<p>New in box, two magazines.</p>',
    familyId: 18,
    condition: 'NewInBox',
    price: 499.99,
    quantity: 4,
    manufacturer: 'Smith & Wesson',
    model: 'M&P Shield Plus',
    caliber: '9mm',
    ...overrides,
  });
  const put = (bearer: string, stockNumber: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/seller/v1/inventory/${encodeURIComponent(stockNumber)}`,
      headers: authed(bearer),
      payload: body,
    });
  const batch = (bearer: string, items: object[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/seller/v1/inventory',
      headers: authed(bearer),
      payload: { items },
    });

  beforeAll(async () => {
    token = await accessTokenOf(t.app, await createCredential(t.app, sessions.seller, 'Inventory'));
    dealerToken = await accessTokenOf(t.app, await createCredential(t.app, sessions.dealer, 'Inventory'));
  });

  it('creates, leaves unchanged and updates the listing of one stock number', async () => {
    const stock = `API-${process.pid}-1`;
    const created = await put(token, stock, item());
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ index: 0, stockNumber: stock, result: 'created' });
    const listingId = created.json().listingId as string;
    const read = (await apiGet(token, `/listings/${listingId}`)).json();
    expect(read).toMatchObject({
      stockNumber: stock,
      price: 499.99,
      quantity: 4,
      isActive: true,
      isManualEntry: false,
    });

    expect((await put(token, stock, item())).json()).toMatchObject({ result: 'unchanged', listingId });
    // Stock numbers match without regard to case.
    const updated = await put(token, stock.toLowerCase(), item({ price: 479.99, quantity: 0 }));
    expect(updated.json()).toMatchObject({ result: 'updated', listingId });
    expect((await apiGet(token, `/listings/${listingId}`)).json()).toMatchObject({
      price: 479.99,
      quantity: 0,
    });
    const found = (
      await apiGet(token, `/listings?stockNumber=${encodeURIComponent(stock.toLowerCase())}`)
    ).json();
    expect(found.results.map((l: { id: string }) => l.id)).toEqual([listingId]);
  });

  it('checks the item with the listing rules', async () => {
    const res = await put(
      token,
      `API-${process.pid}-bad`,
      item({ price: 0, familyId: 99, imageUrls: ['ftp://x/y.jpg'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['familyId', 'imageUrls.0', 'price']);
  });

  it('answers each item of a batch on its own; bad items do not stop good ones', async () => {
    const a = `API-${process.pid}-B1`;
    const b = `API-${process.pid}-B2`;
    const res = await batch(token, [
      { stockNumber: a, ...item() },
      { stockNumber: b, ...item({ quantity: -1 }) },
      { ...item() },
      { stockNumber: a.toLowerCase(), ...item({ price: 1 }) },
      {
        stockNumber: b,
        ...item({ title: 'Glock 43X MOS', imageUrls: ['https://images.example.com/43x.jpg'] }),
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { results, counts } = res.json();
    expect(counts).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: 1, failed: 2 });
    expect(results.map((r: { result: string }) => r.result)).toEqual([
      'created',
      'failed',
      'failed',
      'skipped',
      'created',
    ]);
    expect(results[1]).toMatchObject({ index: 1, stockNumber: b, fields: { quantity: expect.any(String) } });
    expect(results[2]).toMatchObject({
      index: 2,
      stockNumber: null,
      fields: { stockNumber: expect.any(String) },
    });
    expect(results[3].reason).toMatch(/already in this batch/);
    const again = (await batch(token, [{ stockNumber: a, ...item() }])).json();
    expect(again.counts).toMatchObject({ created: 0, unchanged: 1 });
  });

  it('takes a batch of 500 items beyond the default body limit', async () => {
    // Software sending 500 items at once belongs to a dealer on a plan without a listing limit (the
    // Basic plan's limit on imports is tested in inventory-upsert.test.ts); the tests below keep it.
    await t.database.db.execute(
      sql`update users set roles = array['Buyer', 'PlatinumSeller'] where lower(email) = lower(${DEMO_ACCOUNTS.seller.email})`,
    );
    const description = `<p>${'Factory new, with its box, manual and two magazines. '.repeat(50)}</p>`;
    const items = Array.from({ length: 500 }, (_, i) => ({
      stockNumber: `API-${process.pid}-big-${i}`,
      ...item({ description }),
    }));
    const payload = JSON.stringify({ items });
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/seller/v1/inventory',
      headers: { ...authed(token), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().counts).toMatchObject({ created: 500, failed: 0 });
  });

  it('takes at most 500 items at once', async () => {
    const items = Array.from({ length: 501 }, (_, i) => ({ stockNumber: `X${i}`, ...item() }));
    const res = await batch(token, items);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ items: 'Send at most 500 items at once.' });
  });

  it("writes the caller's own listings only: the same stock number of another seller is another listing", async () => {
    const stock = `API-${process.pid}-shared`;
    const mine = (await put(token, stock, item())).json();
    const theirs = (await put(dealerToken, stock, item({ price: 10 }))).json();
    expect(theirs.result).toBe('created');
    expect(theirs.listingId).not.toBe(mine.listingId);
    expect((await apiGet(token, `/listings/${mine.listingId}`)).json().price).toBe(499.99);
    expect((await apiGet(dealerToken, `/listings/${mine.listingId}`)).statusCode).toBe(404);
  });

  it('needs a seller allowed to list now, and the inventory scope', async () => {
    const newSellerToken = await accessTokenOf(
      t.app,
      await createCredential(t.app, sessions.seller, 'scope'),
      'listings',
    );
    const scoped = await put(newSellerToken, 'S-1', item());
    expect(scoped.statusCode).toBe(403);
    expect(scoped.headers['www-authenticate']).toMatch(/insufficient_scope/);

    await t.database.db.execute(
      sql`delete from seller_api_credentials where user_id = ${DEMO_ACCOUNTS.newSeller.id}`,
    );
    const unpaid = await accessTokenOf(t.app, await createCredential(t.app, sessions.newSeller, 'unpaid'));
    const res = await put(unpaid, 'S-1', item());
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('NoPaymentSetup');
  });

  it('leaves a listing edited on the site alone (ManualEntry)', async () => {
    const stock = `API-${process.pid}-manual`;
    const created = (await put(token, stock, item())).json();
    expect(created.result).toBe('created');
    // The seller edits it on the site.
    await saveListingOnSite(
      t.app,
      sessions.seller,
      listingInput({
        id: created.listingId,
        sellerStockNumber: stock,
        title: 'Edited on the site',
        price: 450,
      }),
    );
    const read = (await apiGet(token, `/listings/${created.listingId}`)).json();
    expect(read).toMatchObject({ isManualEntry: true, title: 'Edited on the site', price: 450 });

    const after = await put(token, stock, item({ price: 999 }));
    expect(after.json()).toMatchObject({ result: 'skipped', listingId: created.listingId });
    expect(after.json().reason).toMatch(/edited on the site/);
    const inBatch = (await batch(token, [{ stockNumber: stock, ...item({ price: 998 }) }])).json();
    expect(inBatch.counts).toMatchObject({ skipped: 1 });
    expect((await apiGet(token, `/listings/${created.listingId}`)).json().price).toBe(450);
  });

  it('leaves a listing entered on the site alone, whatever its stock number', async () => {
    const stock = `SITE-${process.pid}`;
    const listing = await saveListingOnSite(
      t.app,
      sessions.seller,
      listingInput({ sellerStockNumber: stock }),
    );
    const res = (await put(token, stock, item())).json();
    expect(res).toMatchObject({ result: 'skipped', listingId: listing.id });
  });
});
