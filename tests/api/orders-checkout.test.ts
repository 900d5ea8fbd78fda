import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../shared/contract/common.ts';
import { checkoutBlockedSchema, paymentFailureText } from '../../shared/contract/orders.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { checkouts, fflDealers, listings, orders, sandboxPayments } from '../../src-server/db/schema.ts';
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
  toDealer,
} from './support/orders.ts';

let t: OrdersTestApp;
let buyer: Account;
let seller: Account;
let dealer: Account;
let caDealer: Account;

beforeAll(async () => {
  t = await createOrdersTestApp();
  buyer = await account(t.db, 'buyer');
  seller = await account(t.db, 'seller');
  dealer = await account(t.db, 'dealer');
  caDealer = await account(t.db, 'dealer', { city: 'Los Angeles', state: 'CA', zip: '90012' });
});
afterAll(() => t.close());

const stockOf = async (id: string) =>
  (await t.db.select({ quantity: listings.quantity }).from(listings).where(eq(listings.id, id)))[0]?.quantity;

describe('POST /api/orders/checkout', () => {
  it('buys a handgun to a dealer: one paid order awaiting the dealer, stock taken, mail to all three', async () => {
    const id = await listing(t.db, seller.id, { quantity: 3 });
    const res = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id, quantity: 2 }], [toDealer(seller.id, dealer.id)]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.replayed).toBe(false);
    expect(body.orders).toHaveLength(1);
    const order = body.orders[0];
    expect(order).toMatchObject({
      state: 'awaitingDealer',
      subtotal: 1000,
      shipping: 25,
      total: 1025,
      buyer: { id: buyer.id },
      seller: { id: seller.id },
      payment: { brand: 'visa', last4: '4242', status: 'captured', refundedAmount: 0 },
      shipTo: { kind: 'dealer', dealer: { id: dealer.id, state: 'TX' } },
    });
    expect(order.number).toMatch(/^IS-\d{6}$/);
    expect(order.history.map((event: { state: string }) => event.state)).toEqual([
      'placed',
      'paid',
      'awaitingDealer',
    ]);
    expect(await stockOf(id)).toBe(1);
    expect(order.shipTo.dealer.licenseCopyUrl).toBeNull();
    const grants = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ffl_license_copy_grants where dealer_id = ${dealer.id} and seller_id = ${seller.id}`,
    );
    expect(grants[0]?.n).toBe(1);
    await t.db.update(fflDealers).set({ licenseCopyId: randomUUID() }).where(eq(fflDealers.id, dealer.id));
    const later = await get(t.app, `/api/orders/${order.id}`, seller);
    expect(later.json().shipTo.dealer.licenseCopyUrl).toBe(`/api/ffl/dealers/${dealer.id}/license-copy`);
    const mail = await allMail(t.outboxDir);
    expect(mail.some((m) => m.includes(`Order ${order.number} is paid`))).toBe(true);
    expect(mail.some((m) => m.includes(`New order ${order.number}`))).toBe(true);
    expect(mail.some((m) => m.includes(`Incoming transfer: order ${order.number}`))).toBe(true);
  });

  it('a declined checkout to a dealer leaves the seller no access to its licence copy', async () => {
    const other = await account(t.db, 'dealer');
    const id = await listing(t.db, seller.id, { quantity: 1 });
    const body = checkoutBody([{ listingId: id }], [toDealer(seller.id, other.id)]);
    const res = await post(t.app, '/api/orders/checkout', buyer, {
      ...body,
      payment: { ...body.payment, cardNumber: '4000000000000002' },
    });
    expect(res.statusCode, res.body).toBe(402);
    const grants = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ffl_license_copy_grants where dealer_id = ${other.id} and seller_id = ${seller.id}`,
    );
    expect(grants[0]?.n).toBe(0);
    await t.db.update(fflDealers).set({ licenseCopyId: randomUUID() }).where(eq(fflDealers.id, other.id));
    const read = await get(t.app, `/api/ffl/dealers/${other.id}/license-copy`, seller);
    expect(read.statusCode).toBe(403);
  });

  it("a cancelled order to a dealer ends the seller's access to its licence copy", async () => {
    const other = await account(t.db, 'dealer');
    await t.db.update(fflDealers).set({ licenseCopyId: randomUUID() }).where(eq(fflDealers.id, other.id));
    const id = await listing(t.db, seller.id, { quantity: 1 });
    const made = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id }], [toDealer(seller.id, other.id)]),
    );
    expect(made.statusCode, made.body).toBe(200);
    const orderId = made.json().orders[0].id as string;
    const cancel = await post(t.app, `/api/orders/cancel/${orderId}`, buyer, { reason: 'Changed my mind' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const read = await get(t.app, `/api/ffl/dealers/${other.id}/license-copy`, seller);
    expect(read.statusCode).toBe(403);
  });

  it('is idempotent: the same key answers the same orders and takes stock and payment once', async () => {
    const id = await listing(t.db, seller.id, {
      quantity: 5,
      familyId: CategoryFamilyId.Optics,
      title: 'Scope',
    });
    const body = checkoutBody([{ listingId: id }], [toAddress(seller.id)]);
    const first = await post(t.app, '/api/orders/checkout', buyer, body);
    expect(first.statusCode, first.body).toBe(200);
    const [second, third] = await Promise.all([
      post(t.app, '/api/orders/checkout', buyer, body),
      post(t.app, '/api/orders/checkout', buyer, body),
    ]);
    for (const again of [second, third]) {
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().replayed).toBe(true);
      expect(again.json().orders.map((o: { id: string }) => o.id)).toEqual(
        first.json().orders.map((o: { id: string }) => o.id),
      );
    }
    expect(await stockOf(id)).toBe(4);
    const [{ payments }] = (await queryRows<{ payments: number }>(
      t.db,
      sql`select count(*)::int as payments from sandbox_payments where operation = 'authorize' and idempotency_key like ${`%${first.json().orders[0].id}%`}`,
    )) as [{ payments: number }];
    expect(payments).toBe(1);

    const otherCart = await post(t.app, '/api/orders/checkout', buyer, {
      ...body,
      items: [{ listingId: id, quantity: 2, price: 500 }],
    });
    expect(otherCart.statusCode).toBe(409);
    expect(checkoutBlockedSchema.safeParse(otherCart.json()).success).toBe(true);
    expect(otherCart.json().error.message).toBe(
      'This checkout key was already used for a different cart. Start the checkout again.',
    );
  });

  it('a decline leaves no order, no stock change and the key free for another card', async () => {
    const id = await listing(t.db, seller.id, { quantity: 1, familyId: CategoryFamilyId.Optics });
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;
    const body = checkoutBody([{ listingId: id }], [toAddress(seller.id)]);
    for (const [card, status, text] of [
      ['4000000000000002', 402, 'Your card was declined.'],
      ['4000000000009995', 402, 'Your card has insufficient funds.'],
      ['4000000000000119', 402, ErrorMessage.PaymentContactSupport],
      ['4000000000000010', 502, ErrorMessage.PaymentFailed],
    ] as const) {
      const res = await post(t.app, '/api/orders/checkout', buyer, {
        ...body,
        payment: { ...body.payment, cardNumber: card },
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toBe(text);
      expect(paymentFailureText(res.statusCode, res.json())).toBe(text);
      expect(await stockOf(id)).toBe(1);
      expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n).toBe(before);
      expect(
        await t.db.select().from(checkouts).where(eq(checkouts.idempotencyKey, body.idempotencyKey)),
      ).toEqual([]);
    }
    const paid = await post(t.app, '/api/orders/checkout', buyer, body);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await stockOf(id)).toBe(0);
    // Out of stock now: the listing stays, with quantity 0.
    const again = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id }], [toAddress(seller.id)]),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().items[0]).toMatchObject({ listingId: id, rule: 'outOfStock' });
  });

  it('refuses a card brand the seller does not accept, with the card-brand message', async () => {
    const id = await listing(t.db, seller.id, { familyId: CategoryFamilyId.Optics });
    const body = checkoutBody([{ listingId: id }], [toAddress(seller.id)]);
    const res = await post(t.app, '/api/orders/checkout', buyer, {
      ...body,
      payment: { ...body.payment, cardNumber: '6011111111111117' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['payment.cardNumber']).toBe(
      'This card type is not accepted by the seller.',
    );
    expect(await stockOf(id)).toBe(2);
  });

  it('flags a changed price and an inactive listing, and groups two sellers into two orders', async () => {
    const other = await account(t.db, 'seller');
    const a = await listing(t.db, seller.id, { familyId: CategoryFamilyId.Optics, price: 100 });
    const b = await listing(t.db, other.id, { familyId: CategoryFamilyId.Accessories, price: 40 });
    const closed = await listing(t.db, other.id, {
      familyId: CategoryFamilyId.Accessories,
      price: 40,
      isActive: false,
    });
    const stale = await post(t.app, '/api/orders/quote', buyer, {
      items: [
        { listingId: a, quantity: 1, price: 90 },
        { listingId: closed, quantity: 1, price: 40 },
      ],
    });
    expect(stale.statusCode, stale.body).toBe(200);
    const items = stale.json().groups.flatMap((g: { items: unknown[] }) => g.items);
    expect(items[0].blocked).toMatchObject({
      rule: 'priceChanged',
      message: 'The price changed from $90.00 to $100.00.',
    });
    expect(items[1].blocked).toMatchObject({ rule: 'unavailable' });
    expect(stale.json().canCheckout).toBe(false);

    const res = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody(
        [
          { listingId: a, price: 100 },
          { listingId: b, price: 40, quantity: 2 },
        ],
        [toAddress(seller.id), toAddress(other.id)],
        { statedMinimumAge: 18 },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().orders;
    expect(made).toHaveLength(2);
    expect(made.map((o: { state: string }) => o.state)).toEqual(['paid', 'paid']);
    expect(res.json().total).toBe(100 + 25 + 80 + 25);
  });

  it('never stores or logs the card number or CVC', async () => {
    const id = await listing(t.db, seller.id, { familyId: CategoryFamilyId.Optics });
    const body = checkoutBody([{ listingId: id }], [toAddress(seller.id)], {
      payment: {
        billingFirstName: 'Jane',
        billingLastName: 'Buyer',
        cardNumber: '5555555555554444',
        expiration: '11/38',
        cvv: '987',
        address1: '1 Main St',
        city: 'Dallas',
        state: 'TX',
        zip: '75201',
      },
    });
    const res = await post(t.app, '/api/orders/checkout', buyer, body);
    expect(res.statusCode, res.body).toBe(200);
    await post(t.app, '/api/orders/checkout', buyer, {
      ...body,
      idempotencyKey: `${body.idempotencyKey}x`,
      payment: { ...body.payment, cardNumber: '4000000000000002' },
    });
    const logs = t.logLines.join('\n');
    expect(t.logLines.length).toBeGreaterThan(0);
    expect(logs).not.toContain('5555555555554444');
    expect(logs).not.toContain('4000000000000002');
    const dump = await queryRows<{ row: string }>(
      t.db,
      sql`select row_to_json(o)::text as row from orders o
          union all select row_to_json(s)::text from sandbox_payments s
          union all select row_to_json(c)::text from checkouts c
          union all select row_to_json(e)::text from order_events e
          union all select row_to_json(i)::text from order_items i`,
    );
    const text = dump.map((r) => r.row).join('\n');
    expect(text).toContain('4444');
    expect(text).not.toContain('5555555555554444');
    expect(text).not.toContain('4000000000000002');
    expect(text).not.toMatch(/"cvc"|"cvv"|"card_?number"/i);
    const gatewayRows = await t.db.select().from(sandboxPayments);
    expect(gatewayRows.every((row) => row.cardLast4 === null || row.cardLast4.length === 4)).toBe(true);
  });
});

describe('state rules at checkout', () => {
  const magazine = () =>
    listing(t.db, seller.id, {
      familyId: CategoryFamilyId.Magazines,
      title: 'AR-15 magazine 30 round',
      magazineCapacity: 30,
      price: 20,
      quantity: 10,
    });

  it('refuses a 30-round magazine to California and sells it to Texas', async () => {
    const id = await magazine();
    const ca = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody(
        [{ listingId: id, price: 20 }],
        [
          toAddress(seller.id, {
            firstName: 'Jane',
            lastName: 'Buyer',
            address1: '1 Main St',
            city: 'Los Angeles',
            state: 'CA',
            zip: '90012',
          }),
        ],
        { statedMinimumAge: 18 },
      ),
    );
    expect(ca.statusCode).toBe(409);
    expect(checkoutBlockedSchema.parse(ca.json()).items[0]).toMatchObject({
      listingId: id,
      rule: 'magazineCapacity.CA',
      state: 'CA',
    });
    expect(ca.json().error.message).toContain('Magazines over 10 rounds cannot be shipped to California');
    expect(await stockOf(id)).toBe(10);
    const tx = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id, price: 20 }], [toAddress(seller.id)], { statedMinimumAge: 18 }),
    );
    expect(tx.statusCode, tx.body).toBe(200);
    expect(await stockOf(id)).toBe(9);
  });

  it('refuses a handgun without a dealer, and says so in the quote', async () => {
    const id = await listing(t.db, seller.id);
    const quote = await post(t.app, '/api/orders/quote', buyer, {
      items: [{ listingId: id, quantity: 1, price: 500 }],
      shipping: [toAddress(seller.id)],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().groups[0]).toMatchObject({ requiresDealer: true });
    expect(quote.json().groups[0].items[0].blocked).toMatchObject({ rule: 'dealerRequired', state: 'TX' });
    expect(quote.json().minimumAge).toBe(0);
    const res = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id }], [toAddress(seller.id)]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().items[0].rule).toBe('dealerRequired');
    const noChoice = await post(t.app, '/api/orders/quote', buyer, {
      items: [{ listingId: id, quantity: 1, price: 500 }],
    });
    expect(noChoice.json()).toMatchObject({ canCheckout: true, minimumAge: 21 });
  });

  it('sends ammunition to California only through a dealer', async () => {
    const id = await listing(t.db, seller.id, {
      familyId: CategoryFamilyId.Ammunition,
      caliber: '.308 Winchester',
      price: 30,
      quantity: 10,
      title: 'Rifle ammo',
    });
    const home = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody(
        [{ listingId: id, price: 30 }],
        [
          toAddress(seller.id, {
            firstName: 'Jane',
            lastName: 'Buyer',
            address1: '1 Main St',
            city: 'San Diego',
            state: 'CA',
            zip: '92101',
          }),
        ],
        { statedMinimumAge: 18 },
      ),
    );
    expect(home.statusCode).toBe(409);
    expect(home.json().items[0]).toMatchObject({ rule: 'ammunitionThroughVendor.CA', state: 'CA' });
    const viaDealer = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id, price: 30 }], [toDealer(seller.id, caDealer.id)], {
        statedMinimumAge: 18,
      }),
    );
    expect(viaDealer.statusCode, viaDealer.body).toBe(200);
    expect(viaDealer.json().orders[0].state).toBe('awaitingDealer');
  });

  it("honours the listing's excluded states, refuses NFA items and checks the stated age", async () => {
    const optic = await listing(t.db, seller.id, {
      familyId: CategoryFamilyId.Optics,
      excludedShipToStates: ['TX'],
    });
    const excluded = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: optic }], [toAddress(seller.id)]),
    );
    expect(excluded.statusCode).toBe(409);
    expect(excluded.json().items[0]).toMatchObject({
      rule: 'excludedShipToState',
      state: 'TX',
      message: 'The seller does not ship this item to Texas.',
    });

    const can = await listing(t.db, seller.id, {
      familyId: CategoryFamilyId.Suppressor,
      title: 'Suppressor',
    });
    const nfa = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: can }], [toDealer(seller.id, dealer.id)]),
    );
    expect(nfa.statusCode).toBe(409);
    expect(nfa.json().items[0].rule).toBe('nfa');
    expect(nfa.json().items[0].message).toContain('Form 4');

    const handgun = await listing(t.db, seller.id);
    const young = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: handgun }], [toDealer(seller.id, dealer.id)], { statedMinimumAge: 18 }),
    );
    expect(young.statusCode).toBe(409);
    expect(young.json().items[0]).toMatchObject({ rule: 'minimumAge' });
    expect(await stockOf(handgun)).toBe(2);
  });

  it('refuses an unknown dealer and the buyer’s own listing', async () => {
    const id = await listing(t.db, seller.id);
    const res = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id }], [toDealer(seller.id, buyer.id)]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().items[0].rule).toBe('dealerNotFound');
    const own = await post(
      t.app,
      '/api/orders/checkout',
      seller,
      checkoutBody([{ listingId: id }], [toDealer(seller.id, dealer.id)]),
    );
    expect(own.statusCode).toBe(409);
    expect(own.json().items[0].rule).toBe('ownListing');
  });
});

describe('the last item', () => {
  it('goes to exactly one of many concurrent buyers; the others get a clear 409', async () => {
    const buyers = process.env.DATABASE_URL ? 20 : 5;
    const id = await listing(t.db, seller.id, {
      quantity: 1,
      familyId: CategoryFamilyId.Optics,
      title: 'Last scope',
    });
    const people = await Promise.all(Array.from({ length: buyers }, () => account(t.db, 'buyer')));
    const answers = await Promise.all(
      people.map((person) =>
        post(
          t.app,
          '/api/orders/checkout',
          person,
          checkoutBody([{ listingId: id }], [toAddress(seller.id)]),
        ),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(buyers - 1);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect([
        'Another buyer just bought the last one: this item is out of stock.',
        'This item is out of stock.',
      ]).toContain(res.json().error.message);
    }
    expect(await stockOf(id)).toBe(0);
    const sold = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from order_items where listing_id = ${id}`,
    );
    expect(sold[0]?.n).toBe(1);
  });
});

describe('the order lifecycle through the endpoints', () => {
  it('ships, delivers and completes; completed sales count for the seller', async () => {
    const id = await listing(t.db, seller.id);
    const made = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id }], [toDealer(seller.id, dealer.id)]),
    );
    const orderId = made.json().orders[0].id as string;
    const salesBefore = await queryRows<{ n: number }>(
      t.db,
      sql`select total_completed_sales as n from users where id = ${seller.id}`,
    );

    expect(
      (
        await post(t.app, `/api/orders/ship/${orderId}`, buyer, {
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
        })
      ).statusCode,
    ).toBe(403);
    expect((await post(t.app, `/api/orders/complete/${orderId}`, buyer)).statusCode).toBe(409);
    const shipped = await post(t.app, `/api/orders/ship/${orderId}`, seller, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      state: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    const seen = await get(t.app, `/api/orders/${orderId}`, buyer);
    expect(seen.json().trackingNumber).toBe('1Z999AA10123456784');
    const lateCancel = await post(t.app, `/api/orders/cancel/${orderId}`, buyer, {
      reason: 'Changed my mind',
    });
    expect(lateCancel.statusCode).toBe(409);
    expect(lateCancel.json().error.message).toBe('An order that is shipped cannot be cancelled.');

    expect((await post(t.app, `/api/orders/deliver/${orderId}`, buyer)).statusCode).toBe(403);
    expect((await post(t.app, `/api/orders/deliver/${orderId}`, seller)).json().state).toBe('delivered');
    expect((await post(t.app, `/api/orders/complete/${orderId}`, seller)).statusCode).toBe(403);
    const done = await post(t.app, `/api/orders/complete/${orderId}`, buyer);
    expect(done.json().state).toBe('completed');
    expect(done.json().history.map((e: { state: string }) => e.state)).toEqual([
      'placed',
      'paid',
      'awaitingDealer',
      'shipped',
      'delivered',
      'completed',
    ]);
    const salesAfter = await queryRows<{ n: number }>(
      t.db,
      sql`select total_completed_sales as n from users where id = ${seller.id}`,
    );
    expect(salesAfter[0]?.n).toBe((salesBefore[0]?.n ?? 0) + 1);
    const mail = await allMail(t.outboxDir);
    expect(mail.some((m) => m.includes('has shipped') && m.includes('1Z999AA10123456784'))).toBe(true);
  });

  it('a cancel before shipping refunds the payment and puts the stock back', async () => {
    const id = await listing(t.db, seller.id, { quantity: 1 });
    const made = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id }], [toDealer(seller.id, dealer.id)]),
    );
    const order = made.json().orders[0];
    expect(await stockOf(id)).toBe(0);
    const cancelled = await post(t.app, `/api/orders/cancel/${order.id}`, buyer, {
      reason: 'Ordered the wrong one',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      state: 'refunded',
      cancelReason: 'Ordered the wrong one',
      payment: { status: 'refunded', refundedAmount: order.total },
    });
    expect(await stockOf(id)).toBe(1);
    const again = await post(t.app, `/api/orders/cancel/${order.id}`, seller, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    const refunds = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.operation, 'refund'));
    expect(refunds.filter((row) => row.idempotencyKey === `order-${order.id}-refund`)).toHaveLength(1);
  });

  it('lists orders as buyer and as seller, filtered by state', async () => {
    const asBuyer = await post(t.app, '/api/orders/getall', buyer, { role: 'buyer' });
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.json().total).toBeGreaterThan(3);
    expect(asBuyer.json().results.every((o: { buyer: { id: string } }) => o.buyer.id === buyer.id)).toBe(
      true,
    );
    const refunded = await post(t.app, '/api/orders/getall', seller, {
      role: 'seller',
      states: ['refunded'],
    });
    expect(refunded.json().total).toBeGreaterThanOrEqual(1);
    expect(
      refunded
        .json()
        .results.every(
          (o: { state: string; seller: { id: string } }) =>
            o.state === 'refunded' && o.seller.id === seller.id,
        ),
    ).toBe(true);
    const none = await post(t.app, '/api/orders/getall', buyer, { role: 'seller' });
    expect(none.json()).toMatchObject({ total: 0, results: [] });
  });
});
