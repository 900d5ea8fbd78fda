import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVORITES_MAX, favoriteSchema } from '../../shared/contract/favorites.ts';
import { favorites, listings } from '../../src-server/db/schema.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  tokenOf,
} from './support/accounts.ts';
import { accountWithRoles } from './support/catalog.ts';

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';

let t: AccountsTestApp;
const tokens: Record<Caller, string | undefined> = {
  visitor: undefined,
  buyer: undefined,
  seller: undefined,
  anotherSeller: undefined,
  admin: undefined,
};
/** Listings of the demo seller, enough to fill the favorites and one more. */
let listingIds: string[] = [];

beforeAll(async () => {
  t = await createAccountsTestApp();
  const rows = await t.database.db
    .insert(listings)
    .values(
      Array.from({ length: FAVORITES_MAX + 3 }, (_, i) => ({
        userId: DEMO_ACCOUNTS.seller.id,
        title: `Test listing ${i + 1} Glock 19 Gen 5`,
        description: `A   test listing\nnumber ${i + 1}.`,
        condition: 'Used' as const,
        price: 450 + i,
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

const listing = (i: number) => listingIds[i]!;

function call(method: 'GET' | 'POST', url: string, authorization: string | undefined, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: authorization?.startsWith('Bearer ') ? { authorization } : authed(authorization),
    ...(payload ? { payload } : {}),
  });
}

/** A fresh buyer of its own, so tests do not share favorites. */
const freshBuyer = () => accountWithRoles(t.database.db, ['Buyer']);

describe('favorites of a buyer', () => {
  it('starts empty, adds with the listing card, checks, counts and removes', async () => {
    const buyer = await freshBuyer();
    expect((await call('GET', '/users/favorite-listings', buyer.authorization)).json()).toEqual({
      results: [],
    });

    const added = await call('POST', '/users/favorite-listings', buyer.authorization, {
      listingId: listing(0),
    });
    expect(added.statusCode).toBe(200);
    const favorite = favoriteSchema.parse(added.json());
    expect(favorite).toMatchObject({ listingId: listing(0), userId: buyer.id });
    expect(favorite.searchResult).toMatchObject({
      id: listing(0),
      userId: DEMO_ACCOUNTS.seller.id,
      title: 'Test listing 1 Glock 19 Gen 5',
      displayPrice: 450,
      displayName: 'Sam S.',
      fav: true,
      description: 'A test listing number 1.',
    });
    expect(favorite.searchResult.listingURL).toMatch(new RegExp(`^/${listing(0)}/`));

    await call('POST', '/users/favorite-listings', buyer.authorization, { listingId: listing(1) });
    const list = await call('GET', '/users/favorite-listings', buyer.authorization);
    expect(list.statusCode).toBe(200);
    // Newest first, each with its listing summary.
    expect(list.json().results.map((f: { listingId: string }) => f.listingId)).toEqual([
      listing(1),
      listing(0),
    ]);
    expect(list.json().results[1]).toEqual(favorite);

    const check = await call('GET', `/users/favorite-listings/check/${listing(0)}`, buyer.authorization);
    expect(check.json()).toEqual({ isFavorite: true });
    const checkOther = await call('GET', `/users/favorite-listings/check/${listing(5)}`, buyer.authorization);
    expect(checkOther.json()).toEqual({ isFavorite: false });
    expect((await call('GET', '/users/favorite-listings/at-max', buyer.authorization)).json()).toEqual({
      atMax: false,
      count: 2,
      max: FAVORITES_MAX,
    });

    // Delete takes listing ids; ids that are not among the favorites are ignored.
    const removed = await call('POST', '/users/delete-favorite-listings', buyer.authorization, {
      ids: [listing(0), listing(7)],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, removed: 1 });
    const after = await call('GET', '/users/favorite-listings', buyer.authorization);
    expect(after.json().results.map((f: { listingId: string }) => f.listingId)).toEqual([listing(1)]);
  });

  it('answers the existing favorite when the listing already is one (the toggle is the client’s)', async () => {
    const buyer = await freshBuyer();
    const first = await call('POST', '/users/favorite-listings', buyer.authorization, {
      listingId: listing(2),
    });
    const again = await call('POST', '/users/favorite-listings', buyer.authorization, {
      listingId: listing(2).toUpperCase(),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const list = await call('GET', '/users/favorite-listings', buyer.authorization);
    expect(list.json().results).toHaveLength(1);
    // The client's toggle removes through the delete call.
    await call('POST', '/users/delete-favorite-listings', buyer.authorization, { ids: [listing(2)] });
    expect(
      (await call('GET', `/users/favorite-listings/check/${listing(2)}`, buyer.authorization)).json(),
    ).toEqual({ isFavorite: false });
  });

  it('keeps favorites per user', async () => {
    const one = await freshBuyer();
    const other = await freshBuyer();
    await call('POST', '/users/favorite-listings', one.authorization, { listingId: listing(3) });
    expect((await call('GET', '/users/favorite-listings', other.authorization)).json()).toEqual({
      results: [],
    });
    // Another user's delete of the same listing id touches only their own favorites.
    const removed = await call('POST', '/users/delete-favorite-listings', other.authorization, {
      ids: [listing(3)],
    });
    expect(removed.json()).toEqual({ success: true, removed: 0 });
    expect(
      (await call('GET', `/users/favorite-listings/check/${listing(3)}`, one.authorization)).json(),
    ).toEqual({ isFavorite: true });
  });

  it('keeps the price and stock of the moment it was added, to show what changed since', async () => {
    const buyer = await freshBuyer();
    const [watched] = await t.database.db
      .insert(listings)
      .values({
        userId: DEMO_ACCOUNTS.seller.id,
        title: 'Watched listing Sig P365',
        condition: 'NewInBox',
        price: 599.99,
        quantity: 4,
        familyId: 1,
        zipCode: '75207',
      })
      .returning({ id: listings.id });
    const id = watched!.id;
    const added = await call('POST', '/users/favorite-listings', buyer.authorization, { listingId: id });
    expect(added.json()).toMatchObject({
      priceWhenAdded: 599.99,
      quantityWhenAdded: 4,
      available: true,
      searchResult: { displayPrice: 599.99, quantity: 4 },
    });

    // The seller drops the price and sells three.
    await t.database.db.update(listings).set({ price: 549.5, quantity: 1 }).where(eq(listings.id, id));
    const [changed] = (await call('GET', '/users/favorite-listings', buyer.authorization)).json().results;
    expect(changed).toMatchObject({
      priceWhenAdded: 599.99,
      quantityWhenAdded: 4,
      available: true,
      searchResult: { displayPrice: 549.5, quantity: 1 },
    });
    // Adding it again answers the favorite as it was added, not a new starting point.
    const again = await call('POST', '/users/favorite-listings', buyer.authorization, { listingId: id });
    expect(again.json()).toMatchObject({ priceWhenAdded: 599.99, quantityWhenAdded: 4 });

    // Sold: no longer for sale.
    await t.database.db.update(listings).set({ isSold: true }).where(eq(listings.id, id));
    const [sold] = (await call('GET', '/users/favorite-listings', buyer.authorization)).json().results;
    expect(sold).toMatchObject({ available: false });

    // Removed and added again, it starts from the listing as it is now.
    await t.database.db.update(listings).set({ isSold: false }).where(eq(listings.id, id));
    await call('POST', '/users/delete-favorite-listings', buyer.authorization, { ids: [id] });
    const fresh = await call('POST', '/users/favorite-listings', buyer.authorization, { listingId: id });
    expect(fresh.json()).toMatchObject({ priceWhenAdded: 549.5, quantityWhenAdded: 1, available: true });
  });

  it('goes away with the listing', async () => {
    const buyer = await freshBuyer();
    const [temp] = await t.database.db
      .insert(listings)
      .values({
        userId: DEMO_ACCOUNTS.seller.id,
        title: 'Short-lived listing',
        condition: 'NewInBox',
        price: 10,
        familyId: 2,
        zipCode: '75207',
      })
      .returning({ id: listings.id });
    await call('POST', '/users/favorite-listings', buyer.authorization, { listingId: temp!.id });
    await t.database.db.delete(listings).where(eq(listings.id, temp!.id));
    expect((await call('GET', '/users/favorite-listings', buyer.authorization)).json()).toEqual({
      results: [],
    });
  });
});

describe('the favorites maximum', () => {
  it(`refuses an eleventh favorite with 409 and a message; ${FAVORITES_MAX} counts as the maximum`, async () => {
    const buyer = await freshBuyer();
    for (let i = 0; i < FAVORITES_MAX; i++) {
      const res = await call('POST', '/users/favorite-listings', buyer.authorization, {
        listingId: listing(i),
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await call('GET', '/users/favorite-listings/at-max', buyer.authorization)).json()).toEqual({
      atMax: true,
      count: FAVORITES_MAX,
      max: FAVORITES_MAX,
    });
    const eleventh = await call('POST', '/users/favorite-listings', buyer.authorization, {
      listingId: listing(FAVORITES_MAX),
    });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'You can keep at most 10 favorites. Remove one to add another.',
      },
    });
    // Adding one that already is a favorite still answers it at the maximum.
    const existing = await call('POST', '/users/favorite-listings', buyer.authorization, {
      listingId: listing(0),
    });
    expect(existing.statusCode).toBe(200);
    // After removing one, there is room again.
    await call('POST', '/users/delete-favorite-listings', buyer.authorization, { ids: [listing(0)] });
    const retry = await call('POST', '/users/favorite-listings', buyer.authorization, {
      listingId: listing(FAVORITES_MAX),
    });
    expect(retry.statusCode).toBe(200);
  });

  it('stores exactly 10 when 11 different listings are added at once', async () => {
    const buyer = await freshBuyer();
    const results = await Promise.all(
      Array.from({ length: FAVORITES_MAX + 1 }, (_, i) =>
        call('POST', '/users/favorite-listings', buyer.authorization, { listingId: listing(i) }),
      ),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(FAVORITES_MAX);
    expect(statuses.filter((status) => status === 409)).toHaveLength(1);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(favorites)
      .where(eq(favorites.userId, buyer.id));
    expect(stored?.n).toBe(FAVORITES_MAX);
  });

  it('lets exactly one of several adds at once through when one place is left', async () => {
    const buyer = await freshBuyer();
    for (let i = 0; i < FAVORITES_MAX - 1; i++) {
      await call('POST', '/users/favorite-listings', buyer.authorization, { listingId: listing(i) });
    }
    const results = await Promise.all(
      [FAVORITES_MAX - 1, FAVORITES_MAX, FAVORITES_MAX + 1, FAVORITES_MAX + 2].map((i) =>
        call('POST', '/users/favorite-listings', buyer.authorization, { listingId: listing(i) }),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const list = await call('GET', '/users/favorite-listings', buyer.authorization);
    expect(list.json().results).toHaveLength(FAVORITES_MAX);
  });

  it('never passes the maximum while adds and removes race from two devices', async () => {
    const buyer = await freshBuyer();
    for (let i = 0; i < FAVORITES_MAX; i++) {
      await call('POST', '/users/favorite-listings', buyer.authorization, { listingId: listing(i) });
    }
    // One device removes two while the other adds three new ones.
    const results = await Promise.all([
      call('POST', '/users/delete-favorite-listings', buyer.authorization, { ids: [listing(0), listing(1)] }),
      ...[FAVORITES_MAX, FAVORITES_MAX + 1, FAVORITES_MAX + 2].map((i) =>
        call('POST', '/users/favorite-listings', buyer.authorization, { listingId: listing(i) }),
      ),
    ]);
    const adds = results.slice(1).map((res) => res.statusCode);
    expect(adds.every((status) => status === 200 || status === 409)).toBe(true);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(favorites)
      .where(eq(favorites.userId, buyer.id));
    // However the calls interleaved: the removes took effect, and no add went past 10.
    expect(stored?.n).toBe(FAVORITES_MAX - 2 + adds.filter((status) => status === 200).length);
    expect(stored?.n).toBeLessThanOrEqual(FAVORITES_MAX);
  });

  it('stores one favorite when the same listing is added many times at once', async () => {
    const buyer = await freshBuyer();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/users/favorite-listings', buyer.authorization, { listingId: listing(4) }),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((res) => res.json().id)).size).toBe(1);
  });
});

describe('validation', () => {
  it.each([
    ['a missing listing id', '/users/favorite-listings', {}, 'listingId'],
    ['a listing id that is not an id', '/users/favorite-listings', { listingId: 'glock' }, 'listingId'],
    ['no ids to delete', '/users/delete-favorite-listings', { ids: [] }, 'ids'],
    ['a delete id that is not an id', '/users/delete-favorite-listings', { ids: ['x'] }, 'ids.0'],
    ['a missing ids list', '/users/delete-favorite-listings', {}, 'ids'],
  ])('answers 400 for %s', async (_name, url, payload, field) => {
    const res = await call('POST', url, tokens.buyer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('answers 400 for a check of something that is not an id', async () => {
    const res = await call('GET', '/users/favorite-listings/check/not-an-id', tokens.buyer);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('params.listingId');
  });

  it('answers 404 for a listing that does not exist', async () => {
    const res = await call('POST', '/users/favorite-listings', tokens.buyer, {
      listingId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'not_found', message: 'No listing with that id.' });
  });
});

describe('permission matrix', () => {
  const requests = {
    usersFavoriteListings: () => ['GET', '/users/favorite-listings'] as const,
    usersAddFavoriteListing: () => ['POST', '/users/favorite-listings', { listingId: listing(12) }] as const,
    usersDeleteFavoriteListings: () =>
      ['POST', '/users/delete-favorite-listings', { ids: [listing(12)] }] as const,
    usersFavoriteListingCheck: () => ['GET', `/users/favorite-listings/check/${listing(12)}`] as const,
    usersFavoriteListingsAtMax: () => ['GET', '/users/favorite-listings/at-max'] as const,
  };
  // Every favorites call acts on the caller's own favorites: any signed-in account, admins included.
  const expected: Record<Caller, number> = {
    visitor: 401,
    buyer: 200,
    seller: 200,
    anotherSeller: 200,
    admin: 200,
  };
  const cases = Object.keys(requests).flatMap((name) =>
    (Object.keys(expected) as Caller[]).map((caller) => [name as keyof typeof requests, caller] as const),
  );
  it.each(cases)('%s as %s', async (name, caller) => {
    const [method, url, payload] = requests[name]() as readonly ['GET' | 'POST', string, object | undefined];
    const res = await call(method, url, tokens[caller], payload);
    expect(res.statusCode).toBe(expected[caller]);
    if (caller === 'visitor') expect(res.json().error.code).toBe('unauthorized');
  });

  it('refuses a forged token with 401', async () => {
    const res = await call('GET', '/users/favorite-listings', `${tokens.buyer}x`);
    expect(res.statusCode).toBe(401);
  });
});
