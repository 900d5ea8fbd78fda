import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCartResponseSchema } from '../../shared/contract/cart.ts';
import { familyById } from '../../shared/domain/category.ts';
import { LISTING_SALE_MESSAGES, ListingOption } from '../../shared/domain/listing.ts';
import { listings } from '../../src-server/db/schema.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  tokenOf,
} from './support/accounts.ts';
import { accountWithRoles } from './support/catalog.ts';

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherSeller', 'admin'];

let t: AccountsTestApp;
const tokens: Record<Caller, string | undefined> = {
  visitor: undefined,
  buyer: undefined,
  seller: undefined,
  anotherSeller: undefined,
  admin: undefined,
};
let listingIds: string[] = [];

beforeAll(async () => {
  t = await createAccountsTestApp();
  const rows = await t.database.db
    .insert(listings)
    .values(
      [0, 1, 2].map((i) => ({
        userId: DEMO_ACCOUNTS.seller.id,
        title: `Cart listing ${i + 1} Ruger 10/22`,
        description: 'A listing for the cart.',
        condition: 'Used' as const,
        price: 300 + i,
        familyId: 1,
        zipCode: '75207',
        thumbnailPicture: null,
      })),
    )
    .returning({ id: listings.id });
  listingIds = rows.map((row) => row.id);
  tokens.buyer = await tokenOf(t.app, 'buyer');
  tokens.seller = await tokenOf(t.app, 'seller');
  tokens.anotherSeller = await tokenOf(t.app, 'newSeller');
  tokens.admin = await tokenOf(t.app, 'admin');
});
afterAll(() => t.close());

const id = (i: number) => listingIds[i]!;

function call(method: 'GET' | 'POST', url: string, authorization: string | undefined, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: authorization?.startsWith('Bearer ') ? { authorization } : authed(authorization),
    ...(payload ? { payload } : {}),
  });
}

function syncBody(lines: Array<[number, number, number]>) {
  const orderItems: Record<string, { listingId: string; quantity: number; price: number }> = {};
  let subtotal = 0;
  for (const [i, quantity, price] of lines) {
    orderItems[id(i)] = { listingId: id(i), quantity, price };
    subtotal += quantity * price;
  }
  return { orderItems, subtotal };
}

describe('the server copy of the cart', () => {
  it('is empty for a new buyer, stores what the browser syncs and answers it as cart lines', async () => {
    const buyer = await accountWithRoles(t.database.db, ['Buyer']);
    expect((await call('GET', '/users/cart', buyer.authorization)).json()).toEqual({ items: [] });

    const synced = await call('POST', '/users/sync-cart', buyer.authorization, syncBody([[0, 2, 299]]));
    expect(synced.statusCode).toBe(200);
    expect(synced.json()).toEqual({ success: true });

    const read = await call('GET', '/users/cart', buyer.authorization);
    expect(read.statusCode).toBe(200);
    const { items } = serverCartResponseSchema.parse(read.json());
    expect(items).toHaveLength(1);
    // The price is the one the buyer saw, not the listing's (300): a change shows in the cart.
    expect(items[0]).toMatchObject({
      id: id(0),
      quantity: 2,
      price: 299,
      title: 'Cart listing 1 Ruger 10/22',
      category: familyById(1)?.key,
      imageUrl: null,
    });
    expect(items[0]?.productUrl).toContain(id(0));
  });

  it('keeps the accepted offer a line names, so another device checks it out at the offer', async () => {
    const buyer = await accountWithRoles(t.database.db, ['Buyer']);
    const offerId = 'c0ffee00-0000-4000-8000-000000000002';
    const body = syncBody([
      [0, 1, 250],
      [1, 2, 301],
    ]);
    const withOffer = {
      ...body,
      orderItems: { ...body.orderItems, [id(0)]: { listingId: id(0), quantity: 1, price: 250, offerId } },
    };
    expect((await call('POST', '/users/sync-cart', buyer.authorization, withOffer)).statusCode).toBe(200);
    const { items } = serverCartResponseSchema.parse(
      (await call('GET', '/users/cart', buyer.authorization)).json(),
    );
    expect(items.map((item) => [item.id, item.price, item.offerId])).toEqual([
      [id(0), 250, offerId],
      [id(1), 301, undefined],
    ]);
  });

  it('stores the rest of the cart when a new line is refused, so one line cannot hold back the others', async () => {
    const buyer = await accountWithRoles(t.database.db, ['Buyer']);
    const [frozen] = await t.database.db
      .insert(listings)
      .values({
        userId: DEMO_ACCOUNTS.seller.id,
        title: 'Frozen cart listing Ruger 10/22',
        description: 'A listing staff froze.',
        condition: 'Used' as const,
        price: 350,
        familyId: 1,
        zipCode: '75207',
        thumbnailPicture: null,
        listingOptions: ListingOption.FrozenDueToFraud,
      })
      .returning({ id: listings.id });
    const frozenId = frozen!.id;
    const body = syncBody([[0, 2, 300]]);
    for (const quantity of [1, 3]) {
      const withFrozen = {
        orderItems: {
          ...body.orderItems,
          [id(0)]: { listingId: id(0), quantity, price: 300 },
          [frozenId]: { listingId: frozenId, quantity: 1, price: 350 },
        },
        subtotal: quantity * 300 + 350,
      };
      const synced = await call('POST', '/users/sync-cart', buyer.authorization, withFrozen);
      expect(synced.statusCode, synced.body).toBe(409);
      expect(synced.json().error.fields).toEqual({
        [`orderItems.${frozenId}`]: LISTING_SALE_MESSAGES.frozen,
      });
      const { items } = serverCartResponseSchema.parse(
        (await call('GET', '/users/cart', buyer.authorization)).json(),
      );
      expect(items.map((item) => [item.id, item.quantity])).toEqual([[id(0), quantity]]);
    }
  });

  it('replaces the whole copy on each sync, an empty cart included', async () => {
    const buyer = await accountWithRoles(t.database.db, ['Buyer']);
    await call(
      'POST',
      '/users/sync-cart',
      buyer.authorization,
      syncBody([
        [0, 1, 300],
        [1, 3, 301],
      ]),
    );
    await call('POST', '/users/sync-cart', buyer.authorization, syncBody([[2, 1, 302]]));
    const after = serverCartResponseSchema.parse(
      (await call('GET', '/users/cart', buyer.authorization)).json(),
    );
    expect(after.items.map((item) => [item.id, item.quantity])).toEqual([[id(2), 1]]);

    await call('POST', '/users/sync-cart', buyer.authorization, { orderItems: {}, subtotal: 0 });
    expect((await call('GET', '/users/cart', buyer.authorization)).json()).toEqual({ items: [] });
  });

  it('leaves out a listing deleted since the sync', async () => {
    const buyer = await accountWithRoles(t.database.db, ['Buyer']);
    const [gone] = await t.database.db
      .insert(listings)
      .values({
        userId: DEMO_ACCOUNTS.seller.id,
        title: 'Listing removed later',
        description: 'Removed.',
        condition: 'NewInBox' as const,
        price: 50,
        familyId: 1,
        zipCode: '75207',
        thumbnailPicture: null,
      })
      .returning({ id: listings.id });
    const body = syncBody([[0, 1, 300]]);
    body.orderItems[gone!.id] = { listingId: gone!.id, quantity: 1, price: 50 };
    body.subtotal += 50;
    expect((await call('POST', '/users/sync-cart', buyer.authorization, body)).statusCode).toBe(200);
    await t.database.db.delete(listings).where(eq(listings.id, gone!.id));
    const { items } = serverCartResponseSchema.parse(
      (await call('GET', '/users/cart', buyer.authorization)).json(),
    );
    expect(items.map((item) => item.id)).toEqual([id(0)]);
  });

  it("keeps each user's copy to that user", async () => {
    const first = await accountWithRoles(t.database.db, ['Buyer']);
    const second = await accountWithRoles(t.database.db, ['Buyer']);
    await call('POST', '/users/sync-cart', first.authorization, syncBody([[1, 1, 301]]));
    expect((await call('GET', '/users/cart', second.authorization)).json()).toEqual({ items: [] });
  });

  it('refuses a body whose keys are not the listing ids', async () => {
    const buyer = await accountWithRoles(t.database.db, ['Buyer']);
    const res = await call('POST', '/users/sync-cart', buyer.authorization, {
      orderItems: { [id(0)]: { listingId: id(1), quantity: 1, price: 1 } },
      subtotal: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });
});

describe('who may keep a cart', () => {
  const EXPECTED: Record<Caller, number> = {
    visitor: 401,
    buyer: 200,
    seller: 200,
    anotherSeller: 200,
    admin: 200,
  };

  it.each(CALLERS)('%s: sync and read', async (caller) => {
    const sync = await call('POST', '/users/sync-cart', tokens[caller], syncBody([[0, 1, 300]]));
    expect(sync.statusCode).toBe(EXPECTED[caller]);
    const read = await call('GET', '/users/cart', tokens[caller]);
    expect(read.statusCode).toBe(EXPECTED[caller]);
    if (caller === 'visitor') {
      expect(sync.json().error.code).toBe('unauthorized');
      expect(read.json().error.code).toBe('unauthorized');
    } else {
      expect(read.json().items.map((item: { id: string }) => item.id)).toEqual([id(0)]);
    }
  });
});
