import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry } from '../../shared/contract/admin.ts';
import type { AdminDisputesResponse } from '../../shared/contract/billing-ledger.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { ListingOption } from '../../shared/domain/listing.ts';
import { listingOptionCharges, periodOf, prorationCents, toCents } from '../../shared/domain/membership.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { listings, users } from '../../src-server/db/schema.ts';
import { hashPassword } from '../../src-server/modules/auth/passwords.ts';
import { claimsOf, login } from './support/accounts.ts';
import {
  type Account,
  account,
  CARD,
  checkoutBody,
  createOrdersTestApp,
  get,
  listing,
  type OrdersTestApp,
  post,
  toAddress,
} from './support/orders.ts';
import { multipartForm } from './support/uploads.ts';

const DAY = 86_400_000;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

let t: OrdersTestApp;
let admin: Account;
beforeAll(async () => {
  t = await createOrdersTestApp(undefined, { clock });
  admin = await account(t.db, 'admin');
});
afterAll(() => t.close());

const period = () => periodOf(clock());
const runInvoices = (month = period()) => post(t.app, '/api/billing/invoices/run', admin, { period: month });

async function ledgerSums() {
  const [row] = await queryRows<{ total: string; unbalanced: number }>(
    t.db,
    sql`select coalesce(sum(amount_cents), 0)::text as total,
      (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0) u) as unbalanced
      from ledger_entries`,
  );
  return { total: Number(row?.total), unbalanced: row?.unbalanced };
}

async function summaryOf(who: Account) {
  const res = await get(t.app, '/api/billing/summary', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function addListing(who: Account, input: Record<string, unknown>) {
  const form = multipartForm(
    {
      request: JSON.stringify({
        title: 'Magpul sling, coyote',
        description: '<p>Clean rifle.</p>',
        familyId: CategoryFamilyId.Accessories,
        condition: 'Used',
        quantity: 1,
        price: 300,
        zipCode: '75201',
        ...input,
      }),
    },
    [],
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/listings/add',
    headers: { ...form.headers, authorization: who.authorization },
    payload: form.payload,
  });
}

describe('paid listing options', () => {
  it('charges each paid option by the fee schedule when a listing takes it, once', async () => {
    const seller = await account(t.db, 'seller');
    const options = ListingOption.Bold | ListingOption.Featured | ListingOption.LocalListingFee;
    const res = await addListing(seller, { paidOptions: options | ListingOption.CustomVerified, price: 300 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().listingOptions & options).toBe(options);
    expect(res.json().listingOptions & ListingOption.CustomVerified).toBe(0);
    // Bold $1.00 + Featured $4.95 + local 1% of $300 = $3.00
    expect(listingOptionCharges(options, 30_000, 'BasicSeller').reduce((s, c) => s + c.cents, 0)).toBe(895);
    expect((await summaryOf(seller)).unbilled).toBe(8.95);
    // Saving again with the same options charges nothing more; a newly bought one is charged.
    const again = await addListing(seller, {
      id: res.json().id,
      paidOptions: options | ListingOption.Border,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await summaryOf(seller)).unbilled).toBe(9.7);
    expect(await ledgerSums()).toEqual({ total: 0, unbalanced: 0 });
  });
});

describe('membership plans', () => {
  it('upgrades with a prorated charge and a token carrying the new role; downgrades with a credit', async () => {
    const seller = await account(t.db, 'seller');
    const up = await post(t.app, '/api/users/updateMembershipPlan', seller, { plan: 'TrustedSeller' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().plan).toBe('TrustedSeller');
    expect(claimsOf(up.json().jwtToken).role).toContain('TrustedSeller');
    expect(claimsOf(up.json().jwtToken).role).not.toContain('BasicSeller');
    const [charge] = await queryRows<{ cents: string; created_at: Date }>(
      t.db,
      sql`select e.amount_cents::text as cents, t.created_at from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id and e.account = 'feesDue'
        where t.user_id = ${seller.id} and t.kind = 'MembershipCharge'`,
    );
    expect(Number(charge?.cents)).toBe(
      prorationCents('BasicSeller', 'TrustedSeller', new Date(charge!.created_at)),
    );
    expect(Number(charge?.cents)).toBeGreaterThan(0);

    const bearer = { id: seller.id, authorization: `Bearer ${up.json().jwtToken}` };
    const down = await post(t.app, '/api/users/updateMembershipPlan', bearer, { plan: 'BasicSeller' });
    expect(down.statusCode, down.body).toBe(200);
    expect((await summaryOf(seller)).availableBalance).toBeGreaterThan(0);
  });

  it('charges a paid plan’s next month once, however often the monthly run runs', async () => {
    const seller = await account(t.db, 'seller');
    const up = await post(t.app, '/api/users/updateMembershipPlan', seller, { plan: 'TrustedSeller' });
    expect(up.statusCode, up.body).toBe(200);
    const now = clock();
    const next = periodOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    const charges = () =>
      queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ledger_transactions
          where user_id = ${seller.id} and idempotency_key = ${`membership-${seller.id}-${next}`}`,
      );
    expect(await charges()).toEqual([{ n: 0 }]);
    for (let run = 0; run < 3; run++) expect((await runInvoices(period())).statusCode).toBe(200);
    expect(await charges()).toEqual([{ n: 1 }]);
    expect(await ledgerSums()).toMatchObject({ unbalanced: 0 });
  });

  it('refuses a downgrade below the active listings and names the listings to close', async () => {
    const seller = await account(t.db, 'seller', { roles: ['Buyer', 'TrustedSeller'] });
    for (let index = 0; index < 101; index += 1) {
      await listing(t.db, seller.id, {
        title: `Listing ${String(index).padStart(3, '0')}`,
        createdAt: new Date(Date.now() + index * 1000),
      });
    }
    const res = await post(t.app, '/api/users/updateMembershipPlan', seller, { plan: 'BasicSeller' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'The Basic Seller plan allows 100 active listings. Close 1 listing first: “Listing 100”.',
    );
    expect(res.json().listingsToClose).toHaveLength(1);
    // A Basic seller at the limit cannot list a 26th.
    await t.db
      .update(users)
      .set({ roles: ['Buyer', 'BasicSeller'] })
      .where(eq(users.id, seller.id));
    const over = await addListing(seller, {});
    expect(over.statusCode).toBe(403);
    expect(over.json().error.message).toContain('allows 100 active listings');
  });
});

describe('invoices', () => {
  it('bills the month’s charges with the credit applied first, once however often the job runs', async () => {
    const seller = await account(t.db, 'seller');
    expect((await addListing(seller, { paidOptions: ListingOption.Homepage })).statusCode).toBe(200);
    const credit = await post(t.app, '/api/pprAdmin/add-credit-to-user', admin, {
      userId: seller.id,
      amount: 4,
      description: 'Welcome credit',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect((await runInvoices()).statusCode).toBe(200);
    expect((await runInvoices()).statusCode).toBe(200);
    const list = await get(t.app, '/api/billing/invoices', seller);
    expect(list.json().results).toHaveLength(1);
    const [invoice] = list.json().results;
    expect(invoice).toMatchObject({
      status: 'open',
      total: 9.95,
      creditApplied: 4,
      amountDue: 5.95,
      pastDue: false,
    });
    const detail = await get(t.app, `/api/billing/invoices/${invoice.id}`, seller);
    expect(detail.json().lines).toEqual([expect.objectContaining({ kind: 'Fee', amount: 9.95 })]);
    const pdf = await get(t.app, `/api/billing/invoices/${invoice.id}/pdf`, seller);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.4');
    expect((await summaryOf(seller)).availableBalance).toBe(0);

    const paid = await post(t.app, `/api/billing/invoices/${invoice.id}/pay`, seller, {
      card: CARD,
      saveCard: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().invoice).toMatchObject({ status: 'paid', paid: 5.95, amountDue: 0 });
    const cards = await get(t.app, '/api/billing/payment-methods', seller);
    expect(cards.json().results).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);
    expect(JSON.stringify(await queryRows(t.db, sql`select * from payment_methods`))).not.toContain(
      '4242424242424242',
    );
    const payments = await get(t.app, '/api/billing/payments', seller);
    expect(payments.json().results[0]).toMatchObject({
      purpose: 'Invoice',
      amount: 5.95,
      status: 'Approved',
    });
    expect((await summaryOf(seller)).unbilled).toBe(0);
    expect(await ledgerSums()).toEqual({ total: 0, unbalanced: 0 });
  });

  it('refuses a month that has not begun, and invoices nothing for it', async () => {
    const seller = await account(t.db, 'seller');
    expect((await addListing(seller, { paidOptions: ListingOption.Bold })).statusCode).toBe(200);
    const now = clock();
    const nextMonth = periodOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    for (const month of [nextMonth, `${now.getUTCFullYear() + 3}-01`]) {
      const res = await runInvoices(month);
      expect(res.statusCode, month).toBe(400);
      expect(res.json().error).toEqual({
        code: 'validation_failed',
        message: 'The request is not valid.',
        fields: { period: `${month} has not begun yet. Choose ${period()} or an earlier month.` },
      });
    }
    expect((await get(t.app, '/api/billing/invoices', seller)).json().results).toEqual([]);
    expect((await runInvoices(period())).statusCode).toBe(200);
    expect((await get(t.app, '/api/billing/invoices', seller)).json().results).toHaveLength(1);
  });

  it('runs safely twice at once: one invoice per seller and month', async () => {
    const seller = await account(t.db, 'seller');
    expect((await addListing(seller, { paidOptions: ListingOption.Bold })).statusCode).toBe(200);
    await Promise.all([runInvoices(), runInvoices()]);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from invoices where user_id = ${seller.id}`,
    );
    expect(row?.n).toBe(1);
  });

  it('a declined card answers 402 with the reason and leaves the invoice open', async () => {
    const seller = await account(t.db, 'seller');
    expect((await addListing(seller, { paidOptions: ListingOption.Bold })).statusCode).toBe(200);
    await runInvoices();
    const [invoice] = (await get(t.app, '/api/billing/invoices', seller)).json().results;
    const res = await post(t.app, `/api/billing/invoices/${invoice.id}/pay`, seller, {
      card: { ...CARD, cardNumber: '4000 0000 0000 0002' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe('Your card was declined.');
    expect((await get(t.app, `/api/billing/invoices/${invoice.id}`, seller)).json().status).toBe('open');
  });
});

describe('past due: freeze → 402 → pay → unfreeze', () => {
  it('freezes the account and its listings, answers 402 at sign-in, and a payment unfreezes both', async () => {
    const password = 'frozen-seller-2026';
    const seller = await account(t.db, 'seller', {
      passwordHash: await hashPassword(password),
      emailConfirmedAt: new Date(),
    });
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, seller.id));
    const email = row!.email;
    const made = await addListing(seller, { paidOptions: ListingOption.Featured });
    expect(made.statusCode, made.body).toBe(200);
    await runInvoices();
    offset = 15 * DAY;
    try {
      const run = await runInvoices();
      expect(run.json().frozen).toBeGreaterThanOrEqual(1);
      const [listingRow] = await t.db.select().from(listings).where(eq(listings.id, made.json().id));
      expect(listingRow!.listingOptions & ListingOption.FrozenDueToNonPayment).not.toBe(0);

      const signIn = await login(t.app, email, password);
      expect(signIn.statusCode).toBe(402);
      expect(signIn.json().pastDueAmount).toBe(4.95);
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/users/unfreeze',
        payload: {
          customerFirstName: 'Pat',
          customerLastName: 'Seller',
          email,
          cardNumber: '4242424242424242',
          cvc: '123',
          cardExpiration: '12/2039',
          billingCity: 'Dallas',
          billingState: 'TX',
          billingZip: '75201',
          billingAddress: '1 Main St',
          freezeReason: 'NonPayment',
          unfreezeToken: signIn.json().unfreezeToken,
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(claimsOf(paid.json().jwt).accountOptions).toBe('None');
      const [after] = await t.db.select().from(listings).where(eq(listings.id, made.json().id));
      expect(after!.listingOptions & ListingOption.FrozenDueToNonPayment).toBe(0);
      const invoicesAfter = (await get(t.app, '/api/billing/invoices', seller)).json().results;
      expect(invoicesAfter[0]).toMatchObject({ status: 'paid', amountDue: 0 });
      expect((await login(t.app, email, password)).statusCode).toBe(200);
      expect(await ledgerSums()).toEqual({ total: 0, unbalanced: 0 });
    } finally {
      offset = 0;
    }
  });
});

describe('escrow', () => {
  async function escrowOrder(buyer: Account, seller: Account) {
    const id = await listing(t.db, seller.id, {
      price: 200,
      shippingCost: 0,
      familyId: CategoryFamilyId.Accessories,
      title: 'Rifle scope rings',
    });
    const made = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id, price: 200 }], [toAddress(seller.id)], { escrow: true }),
    );
    expect(made.statusCode, made.body).toBe(200);
    const orderId = made.json().orders[0].id as string;
    expect(made.json().orders[0].escrowStatus).toBe('held');
    expect(
      (
        await post(t.app, `/api/orders/ship/${orderId}`, seller, {
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
        })
      ).statusCode,
    ).toBe(200);
    expect((await post(t.app, `/api/orders/deliver/${orderId}`, seller)).statusCode).toBe(200);
    return orderId;
  }
  const escrowOf = async (who: Account) =>
    (await post(t.app, '/api/users/getEscrowAccount', who, { userId: who.id })).json();

  it('holds the payment, then releases it to the seller after the 3-day inspection (less the fee invoiced)', async () => {
    const buyer = await account(t.db, 'buyer');
    const seller = await account(t.db, 'seller');
    const orderId = await escrowOrder(buyer, seller);
    expect((await escrowOf(buyer)).pendingBalance).toBe(200);
    expect((await escrowOf(seller)).balance).toBe(0);
    offset = 2 * DAY;
    await runInvoices();
    expect((await escrowOf(seller)).balance).toBe(0);
    offset = 3 * DAY + 60_000;
    try {
      await runInvoices();
    } finally {
      offset = 0;
    }
    const order = await get(t.app, `/api/orders/${orderId}`, buyer);
    expect(order.json()).toMatchObject({ state: 'completed', escrowStatus: 'released' });
    expect((await escrowOf(seller)).balance).toBe(200);
    expect((await escrowOf(buyer)).pendingBalance).toBe(0);
    // Basic seller: 5% of $200.
    expect((await summaryOf(seller)).unbilled).toBe(10);
    expect(await ledgerSums()).toEqual({ total: 0, unbalanced: 0 });
  });

  it('a buyer confirming receipt releases at once', async () => {
    const buyer = await account(t.db, 'buyer');
    const seller = await account(t.db, 'seller');
    const orderId = await escrowOrder(buyer, seller);
    expect((await post(t.app, `/api/orders/complete/${orderId}`, buyer)).statusCode).toBe(200);
    expect((await escrowOf(seller)).balance).toBe(200);
  });

  it('a dispute keeps the funds held; staff refund the buyer; only an admin resolves', async () => {
    const buyer = await account(t.db, 'buyer');
    const seller = await account(t.db, 'seller');
    const other = await account(t.db, 'buyer');
    const orderId = await escrowOrder(buyer, seller);
    expect(
      (await post(t.app, `/api/orders/dispute/${orderId}`, other, { reason: 'Not mine' })).statusCode,
    ).toBe(404);
    expect(
      (await post(t.app, `/api/orders/dispute/${orderId}`, seller, { reason: 'Seller' })).statusCode,
    ).toBe(403);
    const disputed = await post(t.app, `/api/orders/dispute/${orderId}`, buyer, {
      reason: 'The barrel is pitted.',
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json().escrowStatus).toBe('disputed');
    offset = 10 * DAY;
    try {
      await runInvoices();
    } finally {
      offset = 0;
    }
    expect((await escrowOf(buyer)).pendingBalance).toBe(200);

    const resolve = (who: Account | null) =>
      post(t.app, `/api/pprAdmin/escrow/resolve/${orderId}`, who, {
        outcome: 'refund',
        note: 'Photos confirm pitting.',
      });
    expect((await resolve(null)).statusCode).toBe(401);
    expect((await resolve(buyer)).statusCode).toBe(403);
    expect((await resolve(seller)).statusCode).toBe(403);
    const done = await resolve(admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ state: 'refunded', escrowStatus: 'refunded' });
    expect((await escrowOf(buyer)).pendingBalance).toBe(0);
    expect((await escrowOf(seller)).balance).toBe(0);
    expect((await resolve(admin)).statusCode).toBe(409);
    expect(await ledgerSums()).toEqual({ total: 0, unbalanced: 0 });
  });
});

describe('escrow disputes in the admin console', () => {
  async function disputedOrder(buyer: Account, seller: Account, reason: string) {
    const id = await listing(t.db, seller.id, {
      price: 120,
      shippingCost: 0,
      familyId: CategoryFamilyId.Accessories,
      title: 'Bipod, 6–9 inch',
    });
    const made = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id, price: 120 }], [toAddress(seller.id)], { escrow: true }),
    );
    expect(made.statusCode, made.body).toBe(200);
    const orderId = made.json().orders[0].id as string;
    const shipped = await post(t.app, `/api/orders/ship/${orderId}`, seller, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const disputed = await post(t.app, `/api/orders/dispute/${orderId}`, buyer, { reason });
    expect(disputed.statusCode, disputed.body).toBe(200);
    return orderId;
  }
  const disputes = async (query = '') => {
    const res = await get(t.app, `/api/pprAdmin/escrow/disputes${query}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminDisputesResponse;
  };
  const ids = (page: AdminDisputesResponse) => page.results.map((row) => row.orderId);

  it('lists an open dispute with its order number, parties, amount and reason; resolving moves it to the resolved list with the outcome, who and when, audited', async () => {
    const buyer = await account(t.db, 'buyer', { firstName: 'Morgan', lastName: 'Hale' });
    const seller = await account(t.db, 'seller', { sellerDisplayName: 'Ridge Optics' });
    const [buyerRow] = await t.db.select().from(users).where(eq(users.id, buyer.id));
    const [sellerRow] = await t.db.select().from(users).where(eq(users.id, seller.id));
    const [adminRow] = await t.db.select().from(users).where(eq(users.id, admin.id));
    const first = await disputedOrder(buyer, seller, 'The legs do not lock.');
    const second = await disputedOrder(buyer, seller, 'Arrived with a cracked swivel.');

    const open = await disputes();
    expect(open.page).toBe(1);
    // Oldest first: the queue staff work through.
    expect(ids(open).indexOf(first)).toBeLessThan(ids(open).indexOf(second));
    const row = open.results.find((entry) => entry.orderId === first);
    const seen = (await get(t.app, `/api/orders/${first}`, buyer)).json();
    expect(row).toEqual({
      orderId: first,
      orderNumber: seen.number,
      state: 'shipped',
      buyer: { id: buyer.id, name: 'Morgan Hale', email: buyerRow?.email },
      seller: { id: seller.id, name: 'Ridge Optics', email: sellerRow?.email },
      amount: 120,
      reason: 'The legs do not lock.',
      disputedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      resolution: null,
    });
    expect(seen.number).toMatch(/^IS-\d{6}$/);
    expect(ids(await disputes('?status=resolved'))).not.toContain(first);
    const paged = await disputes('?pageSize=1&page=2');
    expect(paged).toMatchObject({ page: 2, pageSize: 1, total: open.total });
    expect(paged.results).toHaveLength(1);

    const resolve = (orderId: string, outcome: 'refund' | 'release', note: string) =>
      post(t.app, `/api/pprAdmin/escrow/resolve/${orderId}`, admin, { outcome, note });
    expect((await resolve(first, 'refund', 'Photos show the lock is broken.')).statusCode).toBe(200);
    expect(
      (await resolve(second, 'release', 'The swivel was cracked in the buyer’s photos only.')).statusCode,
    ).toBe(200);

    const stillOpen = ids(await disputes());
    expect(stillOpen).not.toContain(first);
    expect(stillOpen).not.toContain(second);
    const resolved = (await disputes('?status=resolved')).results;
    // Newest decision first.
    expect(resolved.map((entry) => entry.orderId).slice(0, 2)).toEqual([second, first]);
    expect(resolved.find((entry) => entry.orderId === first)).toMatchObject({
      state: 'refunded',
      reason: 'The legs do not lock.',
      resolution: {
        outcome: 'refund',
        resolvedBy: { id: admin.id, email: adminRow?.email },
        resolvedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        note: 'Photos show the lock is broken.',
      },
    });
    expect(resolved.find((entry) => entry.orderId === second)).toMatchObject({
      state: 'completed',
      resolution: { outcome: 'release', resolvedBy: { id: admin.id } },
    });

    // Each decision is in the audit log, against the buyer, with the order and the outcome.
    const audit = await get(
      t.app,
      `/api/pprAdmin/audit?action=resolveEscrowDispute&targetUserId=${buyer.id}`,
      admin,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json().results as AdminAuditEntry[];
    expect(entries.map((entry) => entry.after)).toEqual([
      expect.objectContaining({ orderId: second, outcome: 'release', escrowStatus: 'released' }),
      expect.objectContaining({ orderId: first, outcome: 'refund', escrowStatus: 'refunded', amount: 120 }),
    ]);
    expect(entries[0]).toMatchObject({ adminId: admin.id, targetEmail: buyerRow?.email });
  });

  it('a dispute the buyer closes by confirming receipt shows as released, not decided by staff', async () => {
    const buyer = await account(t.db, 'buyer');
    const seller = await account(t.db, 'seller');
    const orderId = await disputedOrder(buyer, seller, 'Wrong color.');
    expect((await post(t.app, `/api/orders/deliver/${orderId}`, seller)).statusCode).toBe(200);
    const done = await post(t.app, `/api/orders/complete/${orderId}`, buyer);
    expect(done.statusCode, done.body).toBe(200);
    expect(ids(await disputes())).not.toContain(orderId);
    const row = (await disputes('?status=resolved&pageSize=100')).results.find(
      (entry) => entry.orderId === orderId,
    );
    expect(row?.resolution).toMatchObject({ outcome: 'release', resolvedBy: null, note: null });
  });

  it('only staff list disputes: a visitor 401; the buyer, the seller, another seller and an impersonation token 403', async () => {
    const buyer = await account(t.db, 'buyer');
    const seller = await account(t.db, 'seller');
    const otherSeller = await account(t.db, 'seller');
    await disputedOrder(buyer, seller, 'Not as described.');
    const viewAs = await get(t.app, `/api/pprAdmin/impersonate/${buyer.id}`, admin);
    expect(viewAs.statusCode, viewAs.body).toBe(200);
    const impersonation: Account = { id: buyer.id, authorization: `Bearer ${viewAs.json().token}` };
    const url = '/api/pprAdmin/escrow/disputes';
    expect((await get(t.app, url, null)).statusCode).toBe(401);
    for (const who of [buyer, seller, otherSeller, impersonation]) {
      const res = await get(t.app, url, who);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('Not as described.');
    }
    expect((await get(t.app, `${url}?status=closed`, admin)).statusCode).toBe(400);
    expect((await get(t.app, url, admin)).statusCode).toBe(200);
  });
});

describe('another user’s billing', () => {
  it('cannot read invoices, cards or escrow of another account', async () => {
    const seller = await account(t.db, 'seller');
    const other = await account(t.db, 'seller');
    expect((await addListing(seller, { paidOptions: ListingOption.Bold })).statusCode).toBe(200);
    await runInvoices();
    const [invoice] = (await get(t.app, '/api/billing/invoices', seller)).json().results;
    expect((await post(t.app, '/api/billing/payment-methods', seller, { card: CARD })).statusCode).toBe(200);
    const [card] = (await get(t.app, '/api/billing/payment-methods', seller)).json().results;

    for (const url of [`/api/billing/invoices/${invoice.id}`, `/api/billing/invoices/${invoice.id}/pdf`]) {
      expect((await get(t.app, url, other)).statusCode).toBe(404);
      expect((await get(t.app, url, null)).statusCode).toBe(401);
      expect((await get(t.app, url, admin)).statusCode).toBe(200);
    }
    expect(
      (await post(t.app, `/api/billing/invoices/${invoice.id}/pay`, other, { paymentMethodId: card.id }))
        .statusCode,
    ).toBe(404);
    expect((await get(t.app, '/api/billing/invoices', other)).json().results).toEqual([]);
    expect((await get(t.app, '/api/billing/payment-methods', other)).json().results).toEqual([]);
    expect((await post(t.app, `/api/billing/payment-methods/${card.id}/default`, other)).statusCode).toBe(
      404,
    );
    const removeOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/billing/payment-methods/${card.id}`,
      headers: { authorization: other.authorization },
    });
    expect(removeOther.statusCode).toBe(404);
    // A stored card of another account cannot pay the caller's invoice either.
    expect((await post(t.app, '/api/users/getEscrowAccount', other, { userId: seller.id })).statusCode).toBe(
      403,
    );
    expect((await post(t.app, '/api/users/getEscrowAccount', null, { userId: seller.id })).statusCode).toBe(
      401,
    );
    expect((await post(t.app, '/api/users/getEscrowAccount', seller, { userId: seller.id })).statusCode).toBe(
      200,
    );
    expect((await post(t.app, '/api/users/getEscrowAccount', admin, { userId: seller.id })).statusCode).toBe(
      200,
    );
    expect((await post(t.app, '/api/billing/invoices/run', seller, {})).statusCode).toBe(403);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});
