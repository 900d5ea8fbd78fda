import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../shared/contract/listing-shapes.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import {
  isListingListed,
  LISTING_SALE_MESSAGES,
  ListingOption,
  ListingSaleState,
  listingSaleState,
} from '../../shared/domain/listing.ts';
import { CART_MESSAGES } from '../../src-server/core/cart.ts';
import { listings, orderItems } from '../../src-server/db/schema.ts';
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
import { accessTokenOf, createCredential } from './support/seller-api.ts';

const HOUR = 3_600_000;

/**
 * Every state a listing can be in, as the staff, the seller, stock or the clock put it there after
 * it was listed. `deleted` is a listing whose row is gone.
 */
const STATES = [
  { name: 'on sale', state: ListingSaleState.OnSale, set: {} },
  {
    name: 'frozen for fraud',
    state: ListingSaleState.Frozen,
    set: { listingOptions: ListingOption.FrozenDueToFraud },
  },
  {
    name: 'frozen for non-payment',
    state: ListingSaleState.Frozen,
    set: { listingOptions: ListingOption.FrozenDueToNonPayment | ListingOption.Featured },
  },
  { name: 'closed by its seller', state: ListingSaleState.Closed, set: { isActive: false } },
  { name: 'sold', state: ListingSaleState.Sold, set: { isSold: true } },
  { name: 'sold out', state: ListingSaleState.SoldOut, set: { quantity: 0 } },
  {
    name: 'past its end date',
    state: ListingSaleState.Ended,
    set: () => ({ listingEndDate: new Date(Date.now() - HOUR) }),
  },
  { name: 'deleted', state: null, set: 'delete' },
] as const;

type Case = (typeof STATES)[number];
type ListingChange = Partial<typeof listings.$inferInsert>;

let t: OrdersTestApp;
let seller: Account;
let sellerApiToken: string;
let counter = 0;

beforeAll(async () => {
  t = await createOrdersTestApp();
  seller = await account(t.db, 'seller');
  const credential = await createCredential(t.app, seller.authorization.slice('Bearer '.length));
  sellerApiToken = await accessTokenOf(t.app, credential);
});
afterAll(() => t.close());

/** A $500 optic (no dealer needed) that takes offers, listed now, then put in the case's state. */
async function listingIn(c: Case): Promise<{ id: string; word: string }> {
  counter += 1;
  const word = `Zentrix${counter}q`;
  const id = await listing(t.db, seller.id, {
    title: `${word} rifle scope 4-16x44`,
    manufacturer: 'Zentrix',
    familyId: CategoryFamilyId.Optics,
    acceptsOffers: true,
    quantity: 3,
  });
  await putInState(id, c);
  return { id, word };
}

async function putInState(id: string, c: Case): Promise<void> {
  if (c.set === 'delete') {
    await t.db.delete(listings).where(eq(listings.id, id));
    return;
  }
  const change: ListingChange = typeof c.set === 'function' ? c.set() : c.set;
  if (Object.keys(change).length > 0) await t.db.update(listings).set(change).where(eq(listings.id, id));
}

const onSale = (c: Case) => c.state === ListingSaleState.OnSale;
const listed = (c: Case) => c.state !== null && isListingListed(c.state);
/** What a buyer is told about a listing of the case that cannot be bought. */
const refusal = (c: Case) =>
  c.state === null || c.state === ListingSaleState.OnSale
    ? CART_MESSAGES.unavailable
    : LISTING_SALE_MESSAGES[c.state];

const quoteBody = (id: string) => ({
  items: [{ listingId: id, quantity: 1, price: 500 }],
  shipping: [toAddress(seller.id)],
  statedMinimumAge: 21,
});

describe.each(STATES)('a listing $name', (c) => {
  it('reads as its state on the listing page, with Buy now only while on sale', async () => {
    const { id } = await listingIn(c);
    const res = await post(t.app, '/api/listings/get', null, { filters: { listingIds: [id] } });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as ListingDetail[];
    if (c.state === null) {
      expect(results).toEqual([]);
      return;
    }
    const detail = results[0]!;
    expect(listingSaleState({ ...detail, quantity: detail.available })).toBe(c.state);
  });

  it('is in search results (by keyword and by seller) only while listed', async () => {
    const { id, word } = await listingIn(c);
    const byKeyword = await post(t.app, '/api/listings/search', null, { keyword: word });
    expect(byKeyword.statusCode, byKeyword.body).toBe(200);
    expect(
      byKeyword
        .json()
        .results.map((r: { id: string }) => r.id)
        .includes(id),
    ).toBe(listed(c));
    expect(byKeyword.json().total).toBe(listed(c) ? 1 : 0);
    const bySeller = await post(t.app, '/api/listings/search', null, { uid: seller.id, pageSize: 100 });
    expect(
      bySeller
        .json()
        .results.map((r: { id: string }) => r.id)
        .includes(id),
    ).toBe(listed(c));
  });

  it('joins a cart only while on sale', async () => {
    const { id } = await listingIn(c);
    const buyer = await account(t.db, 'buyer');
    const res = await post(t.app, '/api/users/sync-cart', buyer, {
      orderItems: { [id]: { listingId: id, quantity: 1, price: 500 } },
      subtotal: 500,
    });
    if (onSale(c)) {
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.fields[`orderItems.${id}`]).toBe(
      c.state === null ? LISTING_SALE_MESSAGES.closed : refusal(c),
    );
  });

  it('is quoted for checkout only while on sale, and says why not', async () => {
    const { id } = await listingIn(c);
    const buyer = await account(t.db, 'buyer');
    const res = await post(t.app, '/api/orders/quote', buyer, quoteBody(id));
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json();
    expect(quote.canCheckout).toBe(onSale(c));
    const item = quote.groups[0].items[0];
    if (onSale(c)) expect(item.blocked).toBeNull();
    else expect(item.blocked.message).toBe(refusal(c));
  });

  it('is checked out and paid only while on sale', async () => {
    const { id } = await listingIn(c);
    const buyer = await account(t.db, 'buyer');
    const res = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id }], [toAddress(seller.id)]),
    );
    expect(res.statusCode, res.body).toBe(onSale(c) ? 200 : 409);
    const placed = await t.db.select().from(orderItems).where(eq(orderItems.listingId, id));
    expect(placed).toHaveLength(onSale(c) ? 1 : 0);
  });

  it('takes a new offer only while on sale', async () => {
    const { id } = await listingIn(c);
    const buyer = await account(t.db, 'buyer');
    const res = await post(t.app, '/api/offers/make', buyer, { listingId: id, amount: 450, quantity: 1 });
    if (onSale(c)) expect(res.statusCode, res.body).toBe(200);
    else expect([404, 409]).toContain(res.statusCode);
  });

  it('lets its seller accept an offer made while on sale only if it is still on sale', async () => {
    const { id } = await listingIn(STATES[0]);
    const buyer = await account(t.db, 'buyer');
    const made = await post(t.app, '/api/offers/make', buyer, { listingId: id, amount: 450, quantity: 1 });
    expect(made.statusCode, made.body).toBe(200);
    await putInState(id, c);
    const res = await post(t.app, `/api/offers/respond/${made.json().id}`, seller, { action: 'accept' });
    if (onSale(c)) expect(res.statusCode, res.body).toBe(200);
    else expect([404, 409]).toContain(res.statusCode);
  });

  it('reads as active through the seller API only while listed', async () => {
    const { id } = await listingIn(c);
    const res = await get(t.app, `/api/seller/v1/listings/${id}`, {
      id: seller.id,
      authorization: `Bearer ${sellerApiToken}`,
    });
    if (c.state === null) {
      expect(res.statusCode).toBe(404);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().isActive).toBe(listed(c));
    const active = await get(t.app, `/api/seller/v1/listings?status=active&pageSize=100`, {
      id: seller.id,
      authorization: `Bearer ${sellerApiToken}`,
    });
    expect(active.json().results.some((r: { id: string }) => r.id === id)).toBe(listed(c));
  });
});
