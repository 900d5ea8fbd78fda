import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ORDERS_ENDPOINTS } from '../../shared/contract/orders.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
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

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherSeller', 'admin'];

let t: OrdersTestApp;
const who: Record<Exclude<Caller, 'visitor'>, Account> = {} as never;
let dealer: Account;

beforeAll(async () => {
  t = await createOrdersTestApp();
  who.buyer = await account(t.db, 'buyer');
  who.seller = await account(t.db, 'seller');
  who.anotherSeller = await account(t.db, 'seller');
  who.admin = await account(t.db, 'admin');
  dealer = await account(t.db, 'dealer');
});
afterAll(() => t.close());

const callerAccount = (caller: Caller) => (caller === 'visitor' ? null : who[caller]);

/** A fresh paid order of `who.buyer` from `who.seller`, shipped to a dealer. */
async function freshOrder(): Promise<string> {
  const id = await listing(t.db, who.seller.id);
  const res = await post(
    t.app,
    '/api/orders/checkout',
    who.buyer,
    checkoutBody([{ listingId: id }], [toDealer(who.seller.id, dealer.id)]),
  );
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().orders[0].id as string;
}

async function shippedOrder(): Promise<string> {
  const id = await freshOrder();
  await post(t.app, `/api/orders/ship/${id}`, who.seller, {
    carrier: 'FedEx',
    trackingNumber: '123456789012',
  });
  return id;
}

async function deliveredOrder(): Promise<string> {
  const id = await shippedOrder();
  await post(t.app, `/api/orders/deliver/${id}`, who.seller);
  return id;
}

interface Row {
  /** Prepares what the call acts on and sends it as the caller. */
  call: (caller: Caller) => Promise<{ statusCode: number; body: string }>;
  expected: Record<Caller, number>;
}

/**
 * Every orders endpoint, with the status each caller must get (written out by hand, not derived from
 * the contract). An order is readable and changeable only by its parties and admins: another seller
 * (or buyer) gets 404 as for an unknown id; a party acting outside its role gets 403.
 */
const MATRIX: Record<keyof typeof ORDERS_ENDPOINTS, Row> = {
  ordersQuote: {
    call: async (caller) => {
      const id = await listing(t.db, who.seller.id, { familyId: CategoryFamilyId.Optics });
      return post(t.app, '/api/orders/quote', callerAccount(caller), {
        items: [{ listingId: id, quantity: 1, price: 500 }],
      });
    },
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  ordersCheckout: {
    call: async (caller) => {
      const id = await listing(t.db, who.seller.id, { familyId: CategoryFamilyId.Optics });
      return post(
        t.app,
        '/api/orders/checkout',
        callerAccount(caller),
        checkoutBody([{ listingId: id }], [toAddress(who.seller.id)]),
      );
    },
    // The seller cannot buy its own listing: 409 with the item's reason.
    expected: { visitor: 401, buyer: 200, seller: 409, anotherSeller: 200, admin: 200 },
  },
  ordersGet: {
    call: async (caller) => get(t.app, `/api/orders/${await freshOrder()}`, callerAccount(caller)),
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 404, admin: 200 },
  },
  ordersGetAll: {
    call: async (caller) => post(t.app, '/api/orders/getall', callerAccount(caller), { role: 'seller' }),
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  ordersShip: {
    call: async (caller) =>
      post(t.app, `/api/orders/ship/${await freshOrder()}`, callerAccount(caller), {
        carrier: 'USPS',
        trackingNumber: '9400111899223',
      }),
    expected: { visitor: 401, buyer: 403, seller: 200, anotherSeller: 404, admin: 200 },
  },
  ordersCancel: {
    call: async (caller) =>
      post(t.app, `/api/orders/cancel/${await freshOrder()}`, callerAccount(caller), {
        reason: 'No longer needed',
      }),
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 404, admin: 200 },
  },
  ordersDeliver: {
    call: async (caller) => post(t.app, `/api/orders/deliver/${await shippedOrder()}`, callerAccount(caller)),
    expected: { visitor: 401, buyer: 403, seller: 200, anotherSeller: 404, admin: 200 },
  },
  ordersComplete: {
    call: async (caller) =>
      post(t.app, `/api/orders/complete/${await deliveredOrder()}`, callerAccount(caller)),
    expected: { visitor: 401, buyer: 200, seller: 403, anotherSeller: 404, admin: 200 },
  },
};

describe('orders permission matrix', () => {
  const cases = Object.entries(MATRIX).flatMap(([name, row]) =>
    CALLERS.map((caller) => [name, caller, row] as const),
  );
  it.each(cases)('%s as %s', async (_name, caller, row) => {
    const res = await row.call(caller);
    expect(res.statusCode, res.body).toBe(row.expected[caller]);
  });

  it('answers an unknown order 404 to everyone, as another seller’s', async () => {
    for (const caller of ['buyer', 'seller', 'admin'] as const) {
      expect(
        (await get(t.app, '/api/orders/00000000-0000-4000-8000-000000000000', who[caller])).statusCode,
      ).toBe(404);
    }
  });

  it('shows another seller none of the orders in its list', async () => {
    await freshOrder();
    const res = await post(t.app, '/api/orders/getall', who.anotherSeller, { role: 'seller' });
    expect(res.json().results.some((o: { seller: { id: string } }) => o.seller.id === who.seller.id)).toBe(
      false,
    );
  });
});
