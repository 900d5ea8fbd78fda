import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, savedSearchSchema } from '../../shared/contract/saved-searches.ts';
import { savedSearches } from '../../src-server/db/schema.ts';
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

beforeAll(async () => {
  t = await createAccountsTestApp();
  tokens.buyer = await tokenOf(t.app, 'buyer');
  tokens.seller = await tokenOf(t.app, 'seller');
  tokens.anotherSeller = await tokenOf(t.app, 'newSeller');
  tokens.admin = await tokenOf(t.app, 'admin');
});
afterAll(() => t.close());

/** `who` is a token, a ready `Bearer …` header, or undefined for a visitor. */
function call(method: 'POST' | 'DELETE', url: string, who: string | undefined, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: who?.startsWith('Bearer ') ? { authorization: who } : authed(who),
    ...(payload ? { payload } : {}),
  });
}

const list = (who: string | undefined, payload: object = {}) =>
  call('POST', '/users/getSavedSearches', who, payload);
const save = (who: string | undefined, payload: object) =>
  call('POST', '/users/addOrUpdateSaveSearch', who, payload);
const remove = (who: string | undefined, id: string) => call('DELETE', `/users/deleteSaveSearch/${id}`, who);

const freshBuyer = () => accountWithRoles(t.database.db, ['Buyer']);

async function savedIdOf(who: string, name = 'Glock deals'): Promise<string> {
  const res = await save(who, { name, searchQuery: 'keyword=glock', frequency: 'Daily' });
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

describe('saving, listing, updating and deleting', () => {
  it('saves the login-flow payload (name, searchQuery, frequency) and lists it', async () => {
    const buyer = await freshBuyer();
    const res = await save(buyer.authorization, {
      name: 'Glock deals',
      searchQuery: 'keyword=glock&listingType=local',
      frequency: 'Daily',
    });
    expect(res.statusCode).toBe(200);
    const saved = savedSearchSchema.parse(res.json());
    expect(saved).toMatchObject({
      userId: buyer.id,
      name: 'Glock deals',
      searchQuery: 'keyword=glock&listingType=local',
      frequency: 'Daily',
      filters: null,
    });
    expect(saved.user).toBeUndefined();

    const listed = await list(buyer.authorization);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ total: 1, results: [res.json()] });
  });

  it('trims the name, drops a leading "?" and defaults the frequency to Daily; keeps filters', async () => {
    const buyer = await freshBuyer();
    const res = await save(buyer.authorization, {
      name: '  Optics under $500 ',
      searchQuery: '?keyword=scope&maxPrice=500',
      filters: { keyword: 'scope', maxPrice: 500 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Optics under $500',
      searchQuery: 'keyword=scope&maxPrice=500',
      frequency: 'Daily',
      filters: { keyword: 'scope', maxPrice: 500 },
    });
  });

  it('lists newest first, caps with total, filters by frequency and maps the user on request', async () => {
    const buyer = await freshBuyer();
    await save(buyer.authorization, { name: 'First', searchQuery: 'keyword=a', frequency: 'Weekly' });
    await save(buyer.authorization, { name: 'Second', searchQuery: 'keyword=b', frequency: 'Daily' });
    await save(buyer.authorization, { name: 'Third', searchQuery: 'keyword=c', frequency: 'Never' });

    const all = await list(buyer.authorization);
    expect(all.json().results.map((s: { name: string }) => s.name)).toEqual(['Third', 'Second', 'First']);

    const capped = await list(buyer.authorization, { total: 2 });
    expect(capped.json().total).toBe(3);
    expect(capped.json().results.map((s: { name: string }) => s.name)).toEqual(['Third', 'Second']);

    const weekly = await list(buyer.authorization, { filters: { frequency: 'Weekly' } });
    expect(weekly.json().results.map((s: { name: string }) => s.name)).toEqual(['First']);

    const withUser = await list(buyer.authorization, { total: 1, mappers: { includeUser: true } });
    expect(withUser.json().results[0].user).toEqual({
      id: buyer.id,
      email: expect.stringMatching(/@example\.com$/),
      firstName: 'Test',
      lastName: 'Buyer',
    });
  });

  it('updates one of the caller’s searches by id, keeping filters that are not sent', async () => {
    const buyer = await freshBuyer();
    const created = await save(buyer.authorization, {
      name: 'Rifles',
      searchQuery: 'keyword=rifle',
      frequency: 'Daily',
      filters: { keyword: 'rifle' },
    });
    const id = created.json().id as string;
    const updated = await save(buyer.authorization, {
      id,
      name: 'Bolt rifles',
      searchQuery: 'keyword=bolt+rifle',
      frequency: 'Weekly',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      ...created.json(),
      name: 'Bolt rifles',
      searchQuery: 'keyword=bolt+rifle',
      frequency: 'Weekly',
    });
    expect((await list(buyer.authorization)).json().total).toBe(1);
  });

  it('deletes a search of the caller; a second delete answers 404', async () => {
    const buyer = await freshBuyer();
    const id = await savedIdOf(buyer.authorization);
    const res = await remove(buyer.authorization, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await list(buyer.authorization)).json()).toEqual({ total: 0, results: [] });
    expect((await remove(buyer.authorization, id)).statusCode).toBe(404);
  });

  it('goes away with the account', async () => {
    const buyer = await freshBuyer();
    await savedIdOf(buyer.authorization);
    const { users } = await import('../../src-server/db/schema.ts');
    await t.database.db.delete(users).where(eq(users.id, buyer.id));
    const [left] = await t.database.db
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, buyer.id));
    expect(left?.n).toBe(0);
  });
});

describe('ownership', () => {
  it('answers 404, as for an unknown id, when another buyer updates or deletes someone’s search', async () => {
    const owner = await freshBuyer();
    const other = await freshBuyer();
    const id = await savedIdOf(owner.authorization);

    const update = await save(other.authorization, { id, name: 'Mine now', searchQuery: 'x=1' });
    expect(update.statusCode).toBe(404);
    expect(update.json().error).toEqual({ code: 'not_found', message: 'No saved search with that id.' });
    const unknown = await save(other.authorization, {
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      name: 'Mine now',
      searchQuery: 'x=1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(update.json());

    const del = await remove(other.authorization, id);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual(update.json());

    // Untouched, and not in the other buyer's list.
    expect((await list(owner.authorization)).json().results[0]).toMatchObject({ id, name: 'Glock deals' });
    expect((await list(other.authorization)).json()).toEqual({ total: 0, results: [] });
  });

  it('answers 403 when a non-admin lists another user’s searches; the own id is fine', async () => {
    const owner = await freshBuyer();
    const other = await freshBuyer();
    await savedIdOf(owner.authorization);
    const res = await list(other.authorization, { filters: { userId: owner.id } });
    expect(res.statusCode).toBe(403);
    const own = await list(owner.authorization, { filters: { userId: owner.id.toUpperCase() } });
    expect(own.statusCode).toBe(200);
    expect(own.json().total).toBe(1);
  });

  it('lets an admin list, update and delete a user’s search, which stays the user’s', async () => {
    const owner = await freshBuyer();
    const id = await savedIdOf(owner.authorization);
    const listed = await list(tokens.admin, {
      filters: { userId: owner.id },
      mappers: { includeUser: true },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results[0]).toMatchObject({ id, user: { id: owner.id } });
    const updated = await save(tokens.admin, { id, name: 'Renamed by staff', searchQuery: 'keyword=glock' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, userId: owner.id, name: 'Renamed by staff' });
    expect((await remove(tokens.admin, id)).statusCode).toBe(200);
    expect((await list(owner.authorization)).json().total).toBe(0);
  });
});

describe('validation', () => {
  it.each([
    ['a missing name', { searchQuery: 'keyword=glock' }, 'name'],
    ['a blank name', { name: '   ', searchQuery: 'keyword=glock' }, 'name'],
    ['a name over 100 characters', { name: 'x'.repeat(101), searchQuery: 'keyword=glock' }, 'name'],
    ['a missing search query', { name: 'Glock deals' }, 'searchQuery'],
    ['a search query over 2000 characters', { name: 'Long', searchQuery: 'k='.repeat(1001) }, 'searchQuery'],
    [
      'an unknown frequency',
      { name: 'Glock deals', searchQuery: 'keyword=glock', frequency: 'Hourly' },
      'frequency',
    ],
    ['an id that is not an id', { id: 'abc', name: 'Glock deals', searchQuery: 'keyword=glock' }, 'id'],
    [
      'invalid filters',
      { name: 'Glock deals', searchQuery: 'keyword=glock', filters: { zipCode: 'nowhere' } },
      'filters.zipCode',
    ],
  ])('refuses %s with 400', async (_name, payload, field) => {
    const res = await save(tokens.buyer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('names an empty name with its message', async () => {
    const res = await save(tokens.buyer, { name: '', searchQuery: 'keyword=glock' });
    expect(res.json().error.fields.name).toBe('Name the search.');
  });

  it.each([
    ['a total of 0', { total: 0 }, 'total'],
    [`a total over ${MAX_SAVED_SEARCHES}`, { total: MAX_SAVED_SEARCHES + 1 }, 'total'],
    ['a user id that is not an id', { filters: { userId: 'me' } }, 'filters.userId'],
    ['an unknown frequency filter', { filters: { frequency: 'Monthly' } }, 'filters.frequency'],
  ])('refuses a list request with %s with 400', async (_name, payload, field) => {
    const res = await list(tokens.buyer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('refuses a delete of something that is not an id with 400', async () => {
    const res = await remove(tokens.buyer, 'not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('params.id');
  });
});

describe(`at most ${MAX_SAVED_SEARCHES} saved searches`, () => {
  it('refuses one more with 409, also when saved at once', async () => {
    const buyer = await freshBuyer();
    await t.database.db.insert(savedSearches).values(
      Array.from({ length: MAX_SAVED_SEARCHES - 3 }, (_, i) => ({
        userId: buyer.id,
        name: `Search ${i}`,
        searchQuery: `keyword=s${i}`,
        frequency: 'Never' as const,
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        save(buyer.authorization, { name: `Late ${i}`, searchQuery: `keyword=late${i}` }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json().error).toEqual({
      code: 'conflict',
      message: 'You can keep at most 100 saved searches. Delete one to save another.',
    });
    expect((await list(buyer.authorization, { total: 1 })).json().total).toBe(MAX_SAVED_SEARCHES);
  });
});

describe('permission matrix', () => {
  type Case = {
    request: (ownerSearchId: string) => [method: 'POST' | 'DELETE', url: string, payload?: object];
  };
  const buyerId = DEMO_ACCOUNTS.buyer.id;
  const requests: Record<string, Case> = {
    'usersGetSavedSearches (own)': { request: () => ['POST', '/users/getSavedSearches', {}] },
    "usersGetSavedSearches (the buyer's, by userId)": {
      request: () => ['POST', '/users/getSavedSearches', { filters: { userId: buyerId } }],
    },
    'usersAddOrUpdateSaveSearch (new)': {
      request: () => ['POST', '/users/addOrUpdateSaveSearch', { name: 'New', searchQuery: 'keyword=new' }],
    },
    "usersAddOrUpdateSaveSearch (the buyer's, by id)": {
      request: (id) => ['POST', '/users/addOrUpdateSaveSearch', { id, name: 'Changed', searchQuery: 'k=1' }],
    },
    "usersDeleteSaveSearch (the buyer's)": { request: (id) => ['DELETE', `/users/deleteSaveSearch/${id}`] },
  };
  // Explicit answers per caller: the buyer owns the search; sellers are other users; admins pass.
  const expected: Record<string, Record<Caller, number>> = {
    'usersGetSavedSearches (own)': { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
    "usersGetSavedSearches (the buyer's, by userId)": {
      visitor: 401,
      buyer: 200,
      seller: 403,
      anotherSeller: 403,
      admin: 200,
    },
    'usersAddOrUpdateSaveSearch (new)': {
      visitor: 401,
      buyer: 200,
      seller: 200,
      anotherSeller: 200,
      admin: 200,
    },
    "usersAddOrUpdateSaveSearch (the buyer's, by id)": {
      visitor: 401,
      buyer: 200,
      seller: 404,
      anotherSeller: 404,
      admin: 200,
    },
    "usersDeleteSaveSearch (the buyer's)": {
      visitor: 401,
      buyer: 200,
      seller: 404,
      anotherSeller: 404,
      admin: 200,
    },
  };
  const cases = Object.keys(requests).flatMap((name) => CALLERS.map((caller) => [name, caller] as const));

  it.each(cases)('%s as %s', async (name, caller) => {
    const ownerSearchId = await savedIdOf(tokens.buyer!, `Owned by the buyer for ${name} ${caller}`);
    const [method, url, payload] = requests[name]!.request(ownerSearchId);
    const res = await call(method, url, tokens[caller], payload);
    expect(res.statusCode).toBe(expected[name]![caller]);
    if (res.statusCode === 401) expect(res.json().error.code).toBe('unauthorized');
  });
});
