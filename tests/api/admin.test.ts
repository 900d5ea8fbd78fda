import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINTS, type AdminAuditEntry, type AdminUserRow } from '../../shared/contract/admin.ts';
import { type EndpointDefinition, fillPath } from '../../shared/contract/endpoint.ts';
import { ENDPOINT_NAMES, ENDPOINTS } from '../../shared/contract/endpoints.ts';
import { AccountOption, UserStatus } from '../../shared/domain/user.ts';
import { users } from '../../src-server/db/schema.ts';
import { allMail } from './support/accounts.ts';
import {
  type Account,
  account,
  checkoutBody,
  createOrdersTestApp,
  get,
  listing,
  type OrdersTestApp,
  post,
  toAddress,
} from './support/orders.ts';

let t: OrdersTestApp;
let admin: Account;
let otherAdmin: Account;
let buyer: Account;
let seller: Account;
/** A token of `buyer` taken by `admin` (GET /pprAdmin/impersonate/{id}). */
let viewingAsBuyer: Account;

beforeAll(async () => {
  t = await createOrdersTestApp();
  admin = await account(t.db, 'admin');
  otherAdmin = await account(t.db, 'admin');
  buyer = await account(t.db, 'buyer', { firstName: 'Priya', lastName: 'Raman', phone: '(214) 555-0142' });
  seller = await account(t.db, 'seller', { sellerDisplayName: 'Trinity Arms' });
  const res = await get(t.app, `/api/pprAdmin/impersonate/${buyer.id}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  viewingAsBuyer = { id: buyer.id, authorization: `Bearer ${res.json().token}` };
});
afterAll(() => t.close());

const someId = '0b8c1c9e-3d4f-4a5b-9c6d-7e8f9a0b1c2d';

/** A request each admin call accepts from an admin (or answers 404 for an id it does not know). */
const SAMPLE: Record<AdminCallName, () => [string, object | undefined]> = {
  adminSearchUsers: () => ['/api/pprAdmin/search-users', { keyword: 'raman' }],
  auctionsCancel: () => [`/api/auctions/${someId}/cancel`, { reason: 'Listed in error.' }],
  adminImpersonate: () => [
    `/api${fillPath(ADMIN_ENDPOINTS.adminImpersonate.path, { id: seller.id })}`,
    undefined,
  ],
  adminAddCreditToUser: () => [
    '/api/pprAdmin/add-credit-to-user',
    { userId: seller.id, amount: 1, description: 'Permission check' },
  ],
  adminUserDetail: () => [
    `/api${fillPath(ADMIN_ENDPOINTS.adminUserDetail.path, { id: seller.id })}`,
    undefined,
  ],
  adminAccountAction: () => [
    `/api${fillPath(ADMIN_ENDPOINTS.adminAccountAction.path, { id: someId })}`,
    { action: 'unlock' },
  ],
  adminAudit: () => ['/api/pprAdmin/audit?action=impersonate', undefined],
  adminAlerts: () => ['/api/pprAdmin/alerts', undefined],
  adminCreateAlert: () => ['/api/pprAdmin/alerts', { location: 'HomePage', message: 'Permission check' }],
  adminDeleteAlert: () => [`/api/pprAdmin/alerts/${someId}`, undefined],
  adminShortLinks: () => ['/api/pprAdmin/shortlinks', undefined],
  adminCreateShortLink: () => ['/api/pprAdmin/shortlinks', { fullLink: '/search?keyword=permission' }],
  adminMailOutbox: () => ['/api/pprAdmin/mail-outbox', undefined],
  adminMailOutboxMessage: () => ['/api/pprAdmin/mail-outbox/no-such-message.eml', undefined],
  adminListingReports: () => ['/api/pprAdmin/listing-reports', {}],
  adminFreezeListing: () => [`/api/pprAdmin/listings/${someId}/freeze`, { reason: 'Permission check' }],
  adminUnfreezeListing: () => [`/api/pprAdmin/listings/${someId}/unfreeze`, undefined],
  adminMessageReportAction: () => [`/api/pprAdmin/message-reports/${someId}/action`, { action: 'dismiss' }],
  billingRunInvoices: () => ['/api/billing/invoices/run', { period: '2020-01' }],
  adminEscrowDisputes: () => ['/api/pprAdmin/escrow/disputes?status=resolved', undefined],
  adminResolveEscrow: () => [
    `/api/pprAdmin/escrow/resolve/${someId}`,
    { outcome: 'release', note: 'Permission check' },
  ],
  messagesReports: () => ['/api/messages/reports', {}],
  alertsRun: () => ['/api/alerts/run', undefined],
  // Content writes: an empty request passes the access check and is refused as bad input (their own
  // tests send real ones); a delete of an unknown id answers 404.
  brandsAddOrUpdate: () => ['/api/brands/addOrUpdate', undefined],
  adsList: () => ['/api/ads/list', undefined],
  adsAddOrUpdate: () => ['/api/ads/addOrUpdate', {}],
  adsDelete: () => [`/api/ads/delete/${someId}`, undefined],
  shortlinksAddOrUpdate: () => ['/api/shortlinks/addOrUpdate', {}],
  shortlinksDelete: () => [`/api/shortlinks/delete/${someId}`, undefined],
  wpAddOrUpdate: () => ['/api/wp/addOrUpdate', {}],
  wpDelete: () => [`/api/wp/delete/${someId}`, undefined],
  adminArticles: () => ['/api/pprAdmin/articles?keyword=glock', undefined],
  adminArticle: () => ['/api/pprAdmin/articles/no-such-article', undefined],
  // The firearms reference (tests/api/firearm-reference.test.ts sends real edits): a write without a
  // body is refused as bad input, a removal of an unknown id answers 404.
  adminFirearmReference: () => ['/api/pprAdmin/firearm-reference?keyword=glock', undefined],
  adminFirearmCalibers: () => ['/api/pprAdmin/firearm-reference/calibers', undefined],
  adminAddFirearmManufacturer: () => ['/api/pprAdmin/firearm-reference/manufacturers', {}],
  adminEditFirearmManufacturer: () => [`/api/pprAdmin/firearm-reference/manufacturers/${someId}`, undefined],
  adminRemoveFirearmManufacturer: () => [
    `/api/pprAdmin/firearm-reference/manufacturers/${someId}`,
    undefined,
  ],
  adminAddFirearmModel: () => ['/api/pprAdmin/firearm-reference/models', {}],
  adminEditFirearmModel: () => [`/api/pprAdmin/firearm-reference/models/${someId}`, undefined],
  adminRemoveFirearmModel: () => [`/api/pprAdmin/firearm-reference/models/${someId}`, undefined],
  adminAddFirearmVariant: () => ['/api/pprAdmin/firearm-reference/variants', {}],
  adminEditFirearmVariant: () => [`/api/pprAdmin/firearm-reference/variants/${someId}`, undefined],
  adminRemoveFirearmVariant: () => [`/api/pprAdmin/firearm-reference/variants/${someId}`, undefined],
  adminAddFirearmCaliber: () => ['/api/pprAdmin/firearm-reference/calibers', {}],
  adminEditFirearmCaliber: () => [`/api/pprAdmin/firearm-reference/calibers/${someId}`, undefined],
  adminRemoveFirearmCaliber: () => [`/api/pprAdmin/firearm-reference/calibers/${someId}`, undefined],
};

/** Every call of the contract that only an admin may make, whichever module serves it. */
const ADMIN_CALLS = ENDPOINT_NAMES.filter((name) => ENDPOINTS[name].access === 'admin').map(
  (name) => [name, ENDPOINTS[name]] as const,
);
type AdminCallName = {
  [N in keyof typeof ENDPOINTS]: (typeof ENDPOINTS)[N]['access'] extends 'admin' ? N : never;
}[keyof typeof ENDPOINTS];

function call(name: AdminCallName, who: Account | null) {
  const [url, body] = SAMPLE[name]();
  const method = ENDPOINTS[name].method;
  if (method === 'GET') return get(t.app, url, who);
  if (method === 'POST') return post(t.app, url, who, body);
  return t.app.inject({
    method,
    url,
    headers: who ? { authorization: who.authorization } : {},
  });
}

describe('every admin call of the contract, by caller', () => {
  it('covers every admin call', () => {
    expect(Object.keys(SAMPLE).sort()).toEqual(ADMIN_CALLS.map(([name]) => name).sort());
  });

  for (const [name] of ADMIN_CALLS) {
    it(`${name}: a visitor 401, a buyer, a seller and an impersonation token 403, an admin through`, async () => {
      const key = name as AdminCallName;
      expect((await call(key, null)).statusCode).toBe(401);
      expect((await call(key, buyer)).statusCode).toBe(403);
      expect((await call(key, seller)).statusCode).toBe(403);
      const impersonated = await call(key, viewingAsBuyer);
      expect(impersonated.statusCode).toBe(403);
      expect(impersonated.json().error.message).toMatch(
        /^Viewing as this user does not reach administration/,
      );
      const asAdmin = await call(key, admin);
      if ((ENDPOINTS[key] as EndpointDefinition).planned) expect(asAdmin.statusCode).toBe(501);
      else expect([200, 400, 404, 415], asAdmin.body).toContain(asAdmin.statusCode);
    });
  }
});

describe('POST /pprAdmin/search-users', () => {
  const search = async (body: object) => {
    const res = await post(t.app, '/api/pprAdmin/search-users', admin, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; results: AdminUserRow[] };
  };

  it('finds a user by name, email, phone digits, seller name or id', async () => {
    for (const keyword of ['Priya Raman', 'raman', '2145550142', '555-0142']) {
      expect((await search({ keyword })).results.map((row) => row.id)).toContain(buyer.id);
    }
    // The digits of other text are not a phone number.
    expect((await search({ keyword: 'no-one-2145550142@example.com' })).results).toEqual([]);
    expect((await search({ keyword: 'trinity arms' })).results.map((row) => row.id)).toEqual([seller.id]);
    expect((await search({ keyword: seller.id })).results.map((row) => row.id)).toEqual([seller.id]);
  });

  it('filters by role and status, pages and sorts', async () => {
    const admins = await search({ role: 'Admin', sort: 'oldest' });
    expect(admins.results.map((row) => row.id)).toEqual([admin.id, otherAdmin.id]);
    const page = await search({ role: 'Admin', sort: 'oldest', page: 2, pageSize: 1 });
    expect(page).toMatchObject({ total: 2, results: [{ id: otherAdmin.id }] });
    expect((await search({ status: 'Locked', keyword: 'raman' })).total).toBe(0);
  });
});

describe('impersonation', () => {
  it('is a short-lived token of the user that names the admin, recorded in the audit log', async () => {
    const claims = decodeJwt(viewingAsBuyer.authorization.slice('Bearer '.length));
    expect(claims.unique_name).toBe(buyer.id);
    expect(claims.act).toEqual({ sub: admin.id });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(3600);
    const audit = await get(t.app, `/api/pprAdmin/audit?action=impersonate&targetUserId=${buyer.id}`, admin);
    expect(audit.json().results[0]).toMatchObject({ adminId: admin.id, targetUserId: buyer.id });
  });

  it('reaches what the user sees, but not their password, their payments or admin calls', async () => {
    expect((await get(t.app, '/api/userdashboard/summary/', viewingAsBuyer)).statusCode).toBe(200);
    const password = await post(t.app, '/api/users/changePassword', viewingAsBuyer, {
      currentPassword: 'whatever-it-is',
      newPassword: 'Another-Pass-123',
      confirmPassword: 'Another-Pass-123',
    });
    expect(password.statusCode).toBe(403);
    const id = await listing(t.db, seller.id);
    const pay = await post(
      t.app,
      '/api/orders/checkout',
      viewingAsBuyer,
      checkoutBody([{ listingId: id }], [toAddress(seller.id)]),
    );
    expect(pay.statusCode).toBe(403);
  });

  it('refuses to view an admin account', async () => {
    const res = await get(t.app, `/api/pprAdmin/impersonate/${otherAdmin.id}`, admin);
    expect(res.statusCode).toBe(403);
  });

  it('ends when the admin who took it is no longer an admin', async () => {
    const temporary = await account(t.db, 'admin');
    const res = await get(t.app, `/api/pprAdmin/impersonate/${seller.id}`, temporary);
    const asSeller = { id: seller.id, authorization: `Bearer ${res.json().token}` };
    expect((await get(t.app, '/api/userdashboard/summary/', asSeller)).statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ roles: ['Buyer'] })
      .where(sql`${users.id} = ${temporary.id}`);
    expect((await get(t.app, '/api/userdashboard/summary/', asSeller)).statusCode).toBe(401);
  });
});

describe('credit', () => {
  const credit = (body: object) => post(t.app, '/api/pprAdmin/add-credit-to-user', admin, body);

  it('is bounded and needs a description', async () => {
    for (const body of [
      { userId: buyer.id, amount: 0, description: 'Nothing' },
      { userId: buyer.id, amount: 10_000.01, description: 'Too much' },
      { userId: buyer.id, amount: 25, description: '   ' },
      { userId: buyer.id, amount: 25 },
      { userId: buyer.id, amount: 25.005, description: 'Fractions of a cent' },
    ]) {
      expect((await credit(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await credit({ userId: someId, amount: 5, description: 'Nobody' })).statusCode).toBe(404);
  });

  it('writes a ledger entry, shows it in the escrow account and records who added it', async () => {
    const first = await credit({ userId: buyer.id, amount: 40, description: 'Refund of a duplicate fee' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ userId: buyer.id, amount: 40, createdBy: admin.id, balance: 40 });
    const second = await credit({ userId: buyer.id, amount: 2.5, description: 'Goodwill' });
    expect(second.json().balance).toBe(42.5);

    const escrow = await post(t.app, '/api/users/getEscrowAccount', admin, { userId: buyer.id });
    expect(escrow.json()).toMatchObject({
      userId: buyer.id,
      balance: 42.5,
      pendingBalance: 0,
      entries: [
        { kind: 'Credit', amount: 2.5, description: 'Goodwill' },
        { kind: 'Credit', amount: 40, description: 'Refund of a duplicate fee' },
      ],
    });
    const audit = await get(t.app, `/api/pprAdmin/audit?action=addCredit&targetUserId=${buyer.id}`, admin);
    expect(audit.json().results[0].after).toMatchObject({
      amount: 2.5,
      description: 'Goodwill',
      balance: 42.5,
    });
  });
});

describe('account actions', () => {
  const act = (id: string, body: object, by: Account = admin) =>
    post(t.app, `/api/pprAdmin/users/${id}/action`, by, body);
  const lastAudit = async (targetUserId: string): Promise<AdminAuditEntry> =>
    (await get(t.app, `/api/pprAdmin/audit?targetUserId=${targetUserId}`, admin)).json().results[0];

  it("lock refuses the user's next request at once; unlock lets them sign in again", async () => {
    const user = await account(t.db, 'buyer');
    expect((await get(t.app, '/api/userdashboard/summary/', user)).statusCode).toBe(200);
    const locked = await act(user.id, { action: 'lock' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().status).toBe(UserStatus.Locked);
    expect((await get(t.app, '/api/userdashboard/summary/', user)).statusCode).toBe(401);
    expect(await lastAudit(user.id)).toMatchObject({
      action: 'lock',
      adminId: admin.id,
      before: { status: 'Active' },
      after: { status: 'Locked' },
    });
    expect((await act(user.id, { action: 'lock' })).statusCode).toBe(409);
    expect((await act(user.id, { action: 'unlock' })).json().status).toBe(UserStatus.Active);
  });

  it('freezing for fraud takes the listings out of search; unfreezing brings them back', async () => {
    const fraudster = await account(t.db, 'seller');
    const id = await listing(t.db, fraudster.id, { title: 'Zeiss Conquest V4 quarantined-scope' });
    const found = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/listings/search',
          payload: { keyword: 'quarantined-scope' },
        })
      )
        .json()
        .results.map((card: { id: string }) => card.id);
    expect(await found()).toEqual([id]);

    const frozen = await act(fraudster.id, { action: 'freeze', reason: 'Fraud' });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json().accountOptions & AccountOption.FrozenForFraud).toBeTruthy();
    expect(await found()).toEqual([]);
    expect((await get(t.app, '/api/userdashboard/summary/', fraudster)).statusCode).toBe(401);
    expect(await lastAudit(fraudster.id)).toMatchObject({ action: 'freeze', after: { reason: 'Fraud' } });

    expect((await act(fraudster.id, { action: 'unfreeze', reason: 'Fraud' })).statusCode).toBe(200);
    expect(await found()).toEqual([id]);
    expect((await act(fraudster.id, { action: 'unfreeze', reason: 'Fraud' })).statusCode).toBe(409);
  });

  it('a forced password reset ends the sessions and e-mails a reset link', async () => {
    const user = await account(t.db, 'buyer', { email: 'forced-reset@example.com' });
    expect((await act(user.id, { action: 'forcePasswordReset' })).statusCode).toBe(200);
    expect((await get(t.app, '/api/userdashboard/summary/', user)).statusCode).toBe(401);
    const mail = await allMail(t.outboxDir);
    expect(mail.some((text) => text.includes('forced-reset@example.com') && /reset/i.test(text))).toBe(true);
  });

  it('sets roles (Buyer is always kept); the last admin cannot give up their own role', async () => {
    const user = await account(t.db, 'buyer');
    const promoted = await act(user.id, { action: 'setRoles', roles: ['TrustedSeller'] });
    expect(promoted.json().roles).toEqual(['Buyer', 'TrustedSeller']);

    const solo = await createOrdersTestApp();
    try {
      const only = await account(solo.db, 'admin');
      const res = await post(solo.app, `/api/pprAdmin/users/${only.id}/action`, only, {
        action: 'setRoles',
        roles: ['Buyer'],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/last administrator/);
    } finally {
      await solo.close();
    }
    const stepDown = await act(otherAdmin.id, { action: 'setRoles', roles: ['Buyer'] }, otherAdmin);
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    await act(otherAdmin.id, { action: 'setRoles', roles: ['Admin'] });
  });

  it('answers 404 for an unknown user and 400 for an unknown action', async () => {
    expect((await act(someId, { action: 'lock' })).statusCode).toBe(404);
    expect((await act(buyer.id, { action: 'delete' })).statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  it('is append-only in the database', async () => {
    for (const statement of [
      sql`update admin_audit_log set action = 'lock'`,
      sql`delete from admin_audit_log`,
    ]) {
      const failure = await t.db.execute(statement).then(
        () => null,
        (error: unknown) => error as Error & { cause?: Error },
      );
      expect(String(failure?.cause?.message ?? failure?.message)).toMatch(/append-only/);
    }
  });

  it('filters by admin, action and time, newest first', async () => {
    const res = await get(t.app, `/api/pprAdmin/audit?adminId=${admin.id}&pageSize=100`, admin);
    const entries: AdminAuditEntry[] = res.json().results;
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.every((entry) => entry.adminId === admin.id)).toBe(true);
    const times = entries.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await get(t.app, `/api/pprAdmin/audit?from=${encodeURIComponent(future)}`, admin)).json().total,
    ).toBe(0);
  });
});

describe('GET /pprAdmin/users/{id}', () => {
  it('shows the account with its listings, orders and escrow', async () => {
    const res = await get(t.app, `/api/pprAdmin/users/${buyer.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: buyer.id,
      phone: '(214) 555-0142',
      freezeReasons: [],
      listings: { total: 0 },
      escrow: { balance: 42.5 },
    });
    expect((await get(t.app, `/api/pprAdmin/users/${someId}`, admin)).statusCode).toBe(404);
  });
});
