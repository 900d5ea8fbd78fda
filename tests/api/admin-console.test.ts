import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminUserDetail, OutboxList } from '../../shared/contract/admin.ts';
import type { ListingReport } from '../../shared/contract/moderation.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { buildApp } from '../../src-server/app.ts';
import { hashPassword } from '../../src-server/modules/auth/passwords.ts';
import { login } from './support/accounts.ts';
import { sentMessage } from './support/messages.ts';
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
import { testConfig } from './support/test-app.ts';
import { openTestDatabase } from './support/test-database.ts';

let t: OrdersTestApp;
let admin: Account;
let buyer: Account;
let seller: Account;
let otherSeller: Account;
let viewingAsBuyer: Account;

const PASSWORD = 'Console-Check-2024!';
let buyerEmail: string;

beforeAll(async () => {
  t = await createOrdersTestApp();
  admin = await account(t.db, 'admin');
  buyerEmail = `console-buyer-${Date.now()}@example.com`;
  buyer = await account(t.db, 'buyer', { email: buyerEmail, passwordHash: await hashPassword(PASSWORD) });
  seller = await account(t.db, 'seller');
  otherSeller = await account(t.db, 'seller');
  const res = await get(t.app, `/api/pprAdmin/impersonate/${buyer.id}`, admin);
  viewingAsBuyer = { id: buyer.id, authorization: `Bearer ${res.json().token}` };
});
afterAll(() => t.close());

const detailOf = async (id: string): Promise<AdminUserDetail> => {
  const res = await get(t.app, `/api/pprAdmin/users/${id}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const auditOf = async (query: string): Promise<AdminAuditEntry[]> =>
  (await get(t.app, `/api/pprAdmin/audit?${query}`, admin)).json().results;
const searchFinds = async (keyword: string): Promise<string[]> =>
  (await t.app.inject({ method: 'POST', url: '/api/listings/search', payload: { keyword } }))
    .json()
    .results.map((card: { id: string }) => card.id);

describe('sign-ins', () => {
  it('are recorded at each successful sign-in with the address; the detail shows the newest 10', async () => {
    const failed = await login(t.app, buyerEmail, 'Wrong-Password-1!', '203.0.113.99');
    expect(failed.statusCode).toBe(401);
    for (let i = 1; i <= 11; i += 1) {
      const res = await login(t.app, buyerEmail, PASSWORD, `203.0.113.${i}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const { signIns } = await detailOf(buyer.id);
    expect(signIns).toHaveLength(10);
    expect(signIns[0]?.address).toBe('203.0.113.11');
    expect(signIns.map((entry) => entry.address)).not.toContain('203.0.113.1');
    expect(signIns.map((entry) => entry.address)).not.toContain('203.0.113.99');
    const times = signIns.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('GET /pprAdmin/users/{id}: activity', () => {
  it("shows the user's listings, orders, offers and the messages reported by and about them", async () => {
    const listingId = await listing(t.db, seller.id, {
      title: 'Detail check riflescope',
      familyId: CategoryFamilyId.Optics,
      quantity: 3,
      acceptsOffers: true,
    });
    const checkout = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId }], [toAddress(seller.id)]),
    );
    expect(checkout.statusCode, checkout.body).toBe(200);
    const offered = await post(t.app, '/api/offers/make', buyer, { listingId, amount: 420, quantity: 1 });
    expect(offered.statusCode, offered.body).toBe(200);
    const question = await sentMessage(t.app, buyer, { listingId, body: 'Buy it off site for cash?' });
    expect(
      (await post(t.app, '/api/messages/report', seller, { messageId: question.id, reason: 'Off-site deal' }))
        .statusCode,
    ).toBe(200);

    const ofSeller = await detailOf(seller.id);
    expect(ofSeller.recentListings[0]).toMatchObject({
      id: listingId,
      title: 'Detail check riflescope',
      frozen: false,
    });
    expect(ofSeller.recentOrders[0]).toMatchObject({ side: 'seller' });
    expect(ofSeller.recentOffers[0]).toMatchObject({
      side: 'seller',
      amount: 420,
      listingTitle: 'Detail check riflescope',
    });
    expect(ofSeller.messageReports[0]).toMatchObject({
      direction: 'by',
      otherParty: { id: buyer.id },
      reason: 'Off-site deal',
    });

    const ofBuyer = await detailOf(buyer.id);
    expect(ofBuyer.recentOrders[0]).toMatchObject({ side: 'buyer' });
    expect(ofBuyer.recentOffers[0]).toMatchObject({ side: 'buyer', state: 'open' });
    expect(ofBuyer.messageReports[0]).toMatchObject({ direction: 'about', otherParty: { id: seller.id } });
  });
});

describe('POST /listings/report', () => {
  const report = (who: Account | null, body: object) => post(t.app, '/api/listings/report', who, body);

  it('takes a report from any signed-in user but the seller; a visitor 401', async () => {
    const id = await listing(t.db, seller.id, { title: 'Reported scope' });
    expect((await report(null, { listingId: id, reason: 'Stolen photos' })).statusCode).toBe(401);
    const own = await report(seller, { listingId: id, reason: 'Mine' });
    expect(own.statusCode).toBe(403);
    expect((await report(buyer, { listingId: id, reason: '   ' })).statusCode).toBe(400);
    expect(
      (await report(buyer, { listingId: '0b8c1c9e-3d4f-4a5b-9c6d-7e8f9a0b1c2d', reason: 'Gone' })).statusCode,
    ).toBe(404);
    expect((await report(buyer, { listingId: id, reason: 'Stolen photos' })).statusCode).toBe(200);
    expect((await report(otherSeller, { listingId: id, reason: 'Price too good' })).statusCode).toBe(200);
    expect((await report(admin, { listingId: id, reason: 'Checking' })).statusCode).toBe(200);
    // Reporting again updates the reason rather than adding a second report.
    expect(
      (await report(buyer, { listingId: id, reason: 'Stolen photos, and a fake serial' })).statusCode,
    ).toBe(200);

    const queue = await post(t.app, '/api/pprAdmin/listing-reports', admin, { pageSize: 100 });
    const mine: ListingReport[] = queue.json().results.filter((row: ListingReport) => row.listing.id === id);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      reporter: { id: buyer.id },
      reason: 'Stolen photos, and a fake serial',
      listing: { title: 'Reported scope', seller: { id: seller.id }, frozen: false },
    });
  });
});

describe('freezing a listing for fraud', () => {
  const freeze = (id: string, reason: string) =>
    post(t.app, `/api/pprAdmin/listings/${id}/freeze`, admin, { reason });
  const sellerAlerts = async () =>
    (await get(t.app, '/api/users/getUserAlerts', seller)).json().results as {
      message: string;
      title: string;
    }[];

  it('takes it out of search, tells the seller why, and is audited; unfreezing undoes all three', async () => {
    const id = await listing(t.db, seller.id, { title: 'Glock 19 fraudcheck-listing' });
    expect(await searchFinds('fraudcheck-listing')).toEqual([id]);
    expect((await freeze(id, '')).statusCode).toBe(400);

    const frozen = await freeze(id, 'The serial number belongs to a stolen pistol.');
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json()).toEqual({
      listingId: id,
      frozen: true,
      freezeReason: 'The serial number belongs to a stolen pistol.',
    });
    expect(await searchFinds('fraudcheck-listing')).toEqual([]);
    expect((await freeze(id, 'Again')).statusCode).toBe(409);
    const told = (await sellerAlerts()).find((alert) => alert.message.includes('fraudcheck-listing'));
    expect(told).toMatchObject({ title: 'Listing frozen' });
    expect(told?.message).toContain('The serial number belongs to a stolen pistol.');
    const [entry] = await auditOf(`action=freezeListing&targetUserId=${seller.id}`);
    expect(entry).toMatchObject({
      adminId: admin.id,
      targetUserId: seller.id,
      before: { listingId: id, listingOptions: 0 },
      after: { listingId: id, reason: 'The serial number belongs to a stolen pistol.' },
    });

    const lifted = await post(t.app, `/api/pprAdmin/listings/${id}/unfreeze`, admin);
    expect(lifted.json()).toEqual({ listingId: id, frozen: false, freezeReason: null });
    expect(await searchFinds('fraudcheck-listing')).toEqual([id]);
    expect((await sellerAlerts()).some((alert) => alert.message.includes('fraudcheck-listing'))).toBe(false);
    expect((await post(t.app, `/api/pprAdmin/listings/${id}/unfreeze`, admin)).statusCode).toBe(409);
    const [after] = await auditOf(`action=unfreezeListing&targetUserId=${seller.id}`);
    expect(after?.before).toMatchObject({ reason: 'The serial number belongs to a stolen pistol.' });
  });
});

describe('public and category alerts', () => {
  const publicAlerts = async (location: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/users/getPublicAlerts?location=${location}` })).json()
      .results as { id: string; message: string }[];

  it('are created and removed by staff, shown where placed, and audited', async () => {
    const bad = [
      { location: 'HomePage', message: '' },
      { location: 'UserDashboard', message: 'Not a public place' },
      { location: 'HomePage', message: 'Bad link', linkUrl: 'javascript:alert(1)' },
      {
        location: 'HomePage',
        message: 'Ends first',
        startsAt: '2030-01-02T00:00:00Z',
        endsAt: '2030-01-01T00:00:00Z',
      },
    ];
    for (const body of bad) {
      expect((await post(t.app, '/api/pprAdmin/alerts', admin, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    const created = await post(t.app, '/api/pprAdmin/alerts', admin, {
      location: 'SearchByCategory',
      title: 'Holiday shipping',
      message: 'Orders placed after Dec 20 ship in January.',
      severity: 'warning',
      linkUrl: '/about-us',
      linkText: 'Details',
    });
    expect(created.statusCode, created.body).toBe(200);
    const alert = created.json();
    expect(alert).toMatchObject({ location: 'SearchByCategory', severity: 'warning', linkUrl: '/about-us' });
    expect((await publicAlerts('SearchByCategory')).map((row) => row.id)).toContain(alert.id);
    expect((await publicAlerts('HomePage')).map((row) => row.id)).not.toContain(alert.id);
    const listed = (await get(t.app, '/api/pprAdmin/alerts', admin)).json().results;
    expect(listed[0]).toMatchObject({ id: alert.id });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/pprAdmin/alerts/${alert.id}`,
      headers: { authorization: admin.authorization },
    });
    expect(removed.statusCode).toBe(200);
    expect((await publicAlerts('SearchByCategory')).map((row) => row.id)).not.toContain(alert.id);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/pprAdmin/alerts/${alert.id}`,
      headers: { authorization: admin.authorization },
    });
    expect(again.statusCode).toBe(404);
    const [createdEntry] = await auditOf('action=createAlert');
    expect(createdEntry?.after).toMatchObject({
      id: alert.id,
      message: 'Orders placed after Dec 20 ship in January.',
    });
    const [deletedEntry] = await auditOf('action=deleteAlert');
    expect(deletedEntry).toMatchObject({ before: { id: alert.id }, after: null });
  });

  it("cannot remove a user's own alert", async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/pprAdmin/alerts/${(await get(t.app, '/api/users/getUserAlerts', seller)).json().results[0]?.id ?? '0b8c1c9e-3d4f-4a5b-9c6d-7e8f9a0b1c2d'}`,
      headers: { authorization: admin.authorization },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('short links', () => {
  const create = (body: object) => post(t.app, '/api/pprAdmin/shortlinks', admin, body);

  it('are created with a chosen or picked code, lead to their target, and are audited', async () => {
    const chosen = await create({ fullLink: '/search?keyword=glock', shortCode: 'glock-deals' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ shortCode: 'glock-deals', fullLink: '/search?keyword=glock' });
    const redirect = await t.app.inject({ method: 'GET', url: '/l/glock-deals' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toContain('/search?keyword=glock');

    expect((await create({ fullLink: '/other', shortCode: 'glock-deals' })).statusCode).toBe(409);
    for (const fullLink of ['javascript:alert(1)', 'http://insecure.example.com', '//evil.example.com', '']) {
      expect((await create({ fullLink })).statusCode, fullLink).toBe(400);
    }
    const picked = await create({ fullLink: 'https://news.example.com/review' });
    expect(picked.json().shortCode).toMatch(/^[A-Za-z0-9]{7}$/);

    const list = (await get(t.app, '/api/pprAdmin/shortlinks?pageSize=1', admin)).json();
    expect(list).toMatchObject({ total: 2, pageSize: 1, results: [{ id: picked.json().id }] });
    const [entry] = await auditOf('action=createShortLink');
    expect(entry?.after).toMatchObject({ shortCode: picked.json().shortCode });
  });
});

describe('the mail outbox', () => {
  it('lists the local mailer’s messages newest first and reads one as text', async () => {
    const target = await account(t.db, 'buyer', { email: 'outbox-reader@example.com' });
    const reset = await post(t.app, `/api/pprAdmin/users/${target.id}/action`, admin, {
      action: 'forcePasswordReset',
    });
    expect(reset.statusCode).toBe(200);
    // A message with an encoded subject and a quoted-printable body, as nodemailer writes them.
    await writeFile(
      path.join(t.outboxDir, '9999-zz-encoded.eml'),
      [
        'From: Ironsight <no-reply@example.com>',
        'To: someone@example.com',
        'Subject: =?UTF-8?Q?Confirm=C3=A9_your_email_=E2=80=94_now?=',
        'Date: Tue, 24 Nov 2026 20:47:19 +0000',
        'MIME-Version: 1.0',
        'Content-Type: multipart/alternative;',
        ' boundary="--_b"',
        '',
        '----_b',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Hello R=C3=A9',
        'a long line =',
        'continued <b>not html</b>',
        '----_b',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Hello</p>',
        '----_b--',
        '',
      ].join('\n'),
    );
    const list: OutboxList = (await get(t.app, '/api/pprAdmin/mail-outbox', admin)).json();
    expect(list.inUse).toBe(true);
    expect(list.results[0]).toMatchObject({
      name: '9999-zz-encoded.eml',
      subject: 'Confirmé your email — now',
    });
    const resetMail = list.results.find((entry) => entry.to.includes('outbox-reader@example.com'));
    expect(resetMail?.subject).toMatch(/reset/i);

    const read = await get(t.app, '/api/pprAdmin/mail-outbox/9999-zz-encoded.eml', admin);
    expect(read.json()).toMatchObject({
      from: 'Ironsight <no-reply@example.com>',
      text: 'Hello Ré\na long line continued <b>not html</b>',
    });
    expect((await get(t.app, '/api/pprAdmin/mail-outbox/missing.eml', admin)).statusCode).toBe(404);
    expect((await get(t.app, '/api/pprAdmin/mail-outbox/..%2F..%2Fetc%2Fpasswd', admin)).statusCode).toBe(
      400,
    );
  });

  it('is not in use when mail goes out through SMTP', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-smtp-'));
    const database = await openTestDatabase();
    const app = await buildApp(testConfig({ dataDir, smtpUrl: 'smtp://127.0.0.1:2525' }), {
      database,
      ownsDatabase: false,
    });
    try {
      await app.ready();
      const staff = await account(database.db, 'admin');
      const list = await get(app, '/api/pprAdmin/mail-outbox', staff);
      expect(list.json()).toEqual({ inUse: false, total: 0, results: [] });
      expect((await get(app, '/api/pprAdmin/mail-outbox/any.eml', staff)).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an impersonation token', () => {
  it('still reports a listing as the user would (not an admin call)', async () => {
    const id = await listing(t.db, seller.id, { title: 'Reported while viewing as' });
    expect(
      (await post(t.app, '/api/listings/report', viewingAsBuyer, { listingId: id, reason: 'Fake' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('GET /pprAdmin/audit?keyword=', () => {
  it("finds entries by part of the admin's or the user's email", async () => {
    const byTarget = await auditOf(`keyword=${encodeURIComponent(buyerEmail.slice(0, 14))}`);
    expect(byTarget.length).toBeGreaterThan(0);
    expect(byTarget.every((entry) => entry.targetEmail === buyerEmail)).toBe(true);
    expect(await auditOf('keyword=nobody-has-this-address')).toEqual([]);
    // Wildcards are taken literally.
    expect(await auditOf('keyword=%25')).toEqual([]);
  });
});
