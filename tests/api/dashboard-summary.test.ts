import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSummarySchema } from '../../shared/contract/users.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { sendMessage } from './support/messages.ts';
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
let buyer: Account;
let seller: Account;
let otherBuyer: Account;
let otherSeller: Account;

/** Buys one of a listing of `from` (an optic: no dealer needed) and answers the order's id. */
async function order(who: Account, from: Account): Promise<string> {
  const id = await listing(t.db, from.id, { familyId: CategoryFamilyId.Optics });
  const res = await post(
    t.app,
    '/api/orders/checkout',
    who,
    checkoutBody([{ listingId: id }], [toAddress(from.id)]),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orders[0].id as string;
}

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
}

beforeAll(async () => {
  t = await createOrdersTestApp();
  buyer = await account(t.db, 'buyer');
  seller = await account(t.db, 'seller');
  otherBuyer = await account(t.db, 'buyer');
  otherSeller = await account(t.db, 'seller');

  // The buyer's favorites and saved searches, and someone else's that must not count.
  for (const who of [buyer, buyer, otherBuyer]) {
    const id = await listing(t.db, otherSeller.id);
    await ok(post(t.app, '/api/users/favorite-listings', who, { listingId: id }));
  }
  for (const [who, name] of [
    [buyer, 'One'],
    [buyer, 'Two'],
    [buyer, 'Three'],
    [otherBuyer, 'Theirs'],
  ] as const) {
    await ok(post(t.app, '/api/users/addOrUpdateSaveSearch', who, { name, searchQuery: `keyword=${name}` }));
  }

  // Four orders from the seller: paid, shipped (both still open), completed and cancelled.
  await order(buyer, seller);
  const shipped = await order(buyer, seller);
  await ok(
    post(t.app, `/api/orders/ship/${shipped}`, seller, { carrier: 'USPS', trackingNumber: '9400111899223' }),
  );
  const completed = await order(buyer, seller);
  await ok(
    post(t.app, `/api/orders/ship/${completed}`, seller, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    }),
  );
  await ok(post(t.app, `/api/orders/deliver/${completed}`, seller));
  await ok(post(t.app, `/api/orders/complete/${completed}`, buyer));
  const cancelled = await order(buyer, seller);
  await ok(post(t.app, `/api/orders/cancel/${cancelled}`, buyer, { reason: 'Changed my mind' }));
  // Another buyer's open order from another seller counts for neither.
  await order(otherBuyer, otherSeller);

  // The seller's listing tabs beside the four bought ones (each still has one in stock).
  await listing(t.db, seller.id, { isSold: true });
  await listing(t.db, seller.id, { isActive: false });

  // Two messages to the seller about one of their listings, from two buyers; the buyer also offers on it.
  const asked = await listing(t.db, seller.id, { acceptsOffers: true, price: 500 });
  await ok(post(t.app, '/api/offers/make', buyer, { listingId: asked, amount: 400, quantity: 1 }));
  for (const [from, body] of [
    [buyer, 'Is it still for sale?'],
    [otherBuyer, 'Would you ship to Ohio?'],
  ] as const) {
    const res = await sendMessage(t.app, from, { listingId: asked, body });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

async function summaryOf(who: Account) {
  const res = await get(t.app, '/api/userdashboard/summary/', who);
  expect(res.statusCode, res.body).toBe(200);
  return { parsed: dashboardSummarySchema.parse(res.json()), raw: res.json() as Record<string, unknown> };
}

describe('GET /api/userdashboard/summary/ counts from the database', () => {
  it("counts the buyer's favorites, saved searches and open orders", async () => {
    const { parsed } = await summaryOf(buyer);
    expect(parsed.buying).toEqual({ favorites: 2, savedSearches: 3, openOrders: 2, offers: 1 });
    expect(parsed.selling).toBeNull();
    expect(parsed.billing).toEqual({ pastDueAmount: 0, escrowBalance: 0 });
  });

  it("counts the seller's listings by tab and the open orders to fulfil", async () => {
    const { parsed } = await summaryOf(seller);
    // The four bought listings (one left in stock each) and the one asked about.
    expect(parsed.selling).toEqual({
      activeListings: 5,
      soldListings: 1,
      closedListings: 1,
      openOrders: 2,
      offers: 1,
    });
    expect(parsed.buying).toEqual({ favorites: 0, savedSearches: 0, openOrders: 0, offers: 0 });
  });

  it("counts the caller's unread messages", async () => {
    expect((await summaryOf(seller)).parsed.messages).toEqual({ unread: 2 });
    expect((await summaryOf(buyer)).parsed.messages).toEqual({ unread: 0 });
  });

  it("answers the escrow account's balance from the ledger", async () => {
    const { raw } = await summaryOf(seller);
    expect(Object.keys(raw).sort()).toEqual(['billing', 'buying', 'messages', 'selling']);
    expect(raw.billing).toEqual({ pastDueAmount: 0, escrowBalance: 0 });
  });

  it('answers 401 to a visitor', async () => {
    expect((await get(t.app, '/api/userdashboard/summary/', null)).statusCode).toBe(401);
  });
});
