import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import type { PaymentGateway } from '../../src-server/core/payments/gateway.ts';
import { SandboxGateway } from '../../src-server/core/payments/sandbox-gateway.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { checkouts, listings, sandboxPayments } from '../../src-server/db/schema.ts';
import { fflDealerDirectory } from '../../src-server/modules/orders/dealers.ts';
import type { OrdersDeps } from '../../src-server/modules/orders/deps.ts';
import { completeDeliveredOrders, recoverStaleCheckouts } from '../../src-server/modules/orders/upkeep.ts';
import {
  type Account,
  account,
  checkoutBody,
  createOrdersTestApp,
  listing,
  type OrdersTestApp,
  post,
  toAddress,
  toDealer,
} from './support/orders.ts';

/** The sandbox, except that while `crashOnCapture` is set the server "dies" between authorize and capture. */
let crashOnCapture = false;
function interruptible(db: OrdersTestApp['db']): PaymentGateway {
  const sandbox = new SandboxGateway(db);
  return {
    name: sandbox.name,
    authorize: (request) => sandbox.authorize(request),
    refund: (request) => sandbox.refund(request),
    capture: async (request) => {
      if (crashOnCapture) throw new Error('process stopped');
      return sandbox.capture(request);
    },
  };
}

let t: OrdersTestApp;
let buyer: Account;
let seller: Account;
let dealer: Account;
beforeAll(async () => {
  t = await createOrdersTestApp(interruptible);
  buyer = await account(t.db, 'buyer');
  seller = await account(t.db, 'seller');
  dealer = await account(t.db, 'dealer');
});
afterAll(() => t.close());

const depsAt = (now: Date): OrdersDeps => ({
  db: t.db,
  gateway: new SandboxGateway(t.db),
  dealers: fflDealerDirectory,
  mailer: { send: async () => {} },
  publicOrigin: 'http://ironsight.test',
  log: { warn: () => {}, error: () => {} },
  now: () => now,
});

describe('order upkeep', () => {
  it('undoes a checkout interrupted after the authorization: payment voided, stock back, no order', async () => {
    const id = await listing(t.db, seller.id, { familyId: CategoryFamilyId.Optics, quantity: 1 });
    crashOnCapture = true;
    const body = checkoutBody([{ listingId: id }], [toAddress(seller.id)]);
    const res = await post(t.app, '/api/orders/checkout', buyer, body);
    crashOnCapture = false;
    expect(res.statusCode).toBe(500);
    const stock = async () => (await t.db.select().from(listings).where(eq(listings.id, id)))[0]?.quantity;
    expect(await stock()).toBe(0);

    // Not yet stale: left alone.
    expect(await recoverStaleCheckouts(depsAt(new Date()))).toBe(0);
    expect(await recoverStaleCheckouts(depsAt(new Date(Date.now() + 16 * 60_000)))).toBe(1);
    expect(await stock()).toBe(1);
    expect(
      await t.db.select().from(checkouts).where(eq(checkouts.idempotencyKey, body.idempotencyKey)),
    ).toEqual([]);
    const voided = await t.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.operation, 'authorize'), eq(sandboxPayments.status, 'voided')));
    expect(voided).toHaveLength(1);

    const retry = await post(t.app, '/api/orders/checkout', buyer, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await stock()).toBe(0);
  });

  it('an order still being paid cannot be cancelled, so its stock goes back once', async () => {
    const id = await listing(t.db, seller.id, { familyId: CategoryFamilyId.Optics, quantity: 1 });
    crashOnCapture = true;
    const body = checkoutBody([{ listingId: id }], [toAddress(seller.id)]);
    const res = await post(t.app, '/api/orders/checkout', buyer, body);
    crashOnCapture = false;
    expect(res.statusCode).toBe(500);
    const stock = async () => (await t.db.select().from(listings).where(eq(listings.id, id)))[0]?.quantity;
    const [placed] = await queryRows<{ id: string }>(
      t.db,
      sql`select o.id from orders o join checkouts c on c.id = o.checkout_id
        where c.idempotency_key = ${body.idempotencyKey}`,
    );
    for (const caller of [buyer, seller]) {
      const cancel = await post(t.app, `/api/orders/cancel/${placed?.id}`, caller, {
        reason: 'Changed my mind',
      });
      expect(cancel.statusCode, cancel.body).toBe(409);
    }
    expect(await stock()).toBe(0);
    expect(await recoverStaleCheckouts(depsAt(new Date(Date.now() + 16 * 60_000)))).toBe(1);
    expect(await stock()).toBe(1);
  });

  it('completes an order 14 days after delivery when the buyer did not confirm', async () => {
    const id = await listing(t.db, seller.id);
    const made = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id }], [toDealer(seller.id, dealer.id)]),
    );
    const orderId = made.json().orders[0].id as string;
    await post(t.app, `/api/orders/ship/${orderId}`, seller, {
      carrier: 'USPS',
      trackingNumber: '9400111899223',
    });
    await post(t.app, `/api/orders/deliver/${orderId}`, seller);
    const sales = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select total_completed_sales as n from users where id = ${seller.id}`,
        )
      )[0]?.n;
    const before = await sales();
    expect(await completeDeliveredOrders(depsAt(new Date(Date.now() + 13 * 86_400_000)))).toBe(0);
    expect(await completeDeliveredOrders(depsAt(new Date(Date.now() + 15 * 86_400_000)))).toBe(1);
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: { authorization: buyer.authorization },
    });
    expect(order.json().state).toBe('completed');
    expect(await sales()).toBe((before ?? 0) + 1);
  });
});
