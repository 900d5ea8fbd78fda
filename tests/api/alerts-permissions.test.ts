import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '../../shared/contract/alerts.ts';
import { signUnsubscribeToken } from '../../src-server/modules/alerts/unsubscribe-token.ts';
import {
  type Account,
  account,
  createOrdersTestApp,
  get,
  type OrdersTestApp,
  post,
} from './support/orders.ts';
import { TEST_JWT_SECRET } from './support/test-app.ts';

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherSeller', 'admin'];

let t: OrdersTestApp;
const who: Record<Caller, Account | null> = {
  visitor: null,
  buyer: null,
  seller: null,
  anotherSeller: null,
  admin: null,
};
beforeAll(async () => {
  t = await createOrdersTestApp();
  who.buyer = await account(t.db, 'buyer');
  who.seller = await account(t.db, 'seller');
  who.anotherSeller = await account(t.db, 'seller');
  who.admin = await account(t.db, 'admin');
});
afterAll(() => t.close());

const SETTINGS = {
  emailDigest: false,
  defaultFrequency: 'Weekly',
  priceDrops: false,
  localListings: true,
  localZipCode: '75201',
  localDistance: 25,
};

/** Written out by hand, not derived from the contract: a wrong access level there fails here. */
const MATRIX: {
  name: string;
  call: (caller: Caller) => Promise<{ statusCode: number; body: string }>;
  expected: Record<Caller, number>;
}[] = [
  {
    name: 'GET /users/alert-settings',
    call: (caller) => get(t.app, '/api/users/alert-settings', who[caller]),
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  {
    name: 'POST /users/alert-settings',
    call: (caller) => post(t.app, '/api/users/alert-settings', who[caller], SETTINGS),
    expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  {
    name: 'POST /alerts/unsubscribe (a valid link of the buyer)',
    call: async (caller) =>
      post(t.app, '/api/alerts/unsubscribe', who[caller], {
        token: await signUnsubscribeToken(who.buyer!.id, TEST_JWT_SECRET),
      }),
    expected: { visitor: 200, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
  },
  {
    name: 'POST /alerts/run',
    call: (caller) => post(t.app, '/api/alerts/run', who[caller]),
    expected: { visitor: 401, buyer: 403, seller: 403, anotherSeller: 403, admin: 200 },
  },
];

describe('who may call the alert endpoints', () => {
  for (const row of MATRIX) {
    it.each(CALLERS)(`${row.name} as %s`, async (caller) => {
      const res = await row.call(caller);
      expect(res.statusCode, res.body).toBe(row.expected[caller]);
    });
  }
});

describe('each account has its own settings', () => {
  it('a new account has the defaults, and one account’s change leaves another’s alone', async () => {
    const first = await account(t.db, 'buyer');
    const second = await account(t.db, 'seller');
    expect((await get(t.app, '/api/users/alert-settings', first)).json()).toEqual(DEFAULT_ALERT_SETTINGS);
    const saved = await post(t.app, '/api/users/alert-settings', first, SETTINGS);
    expect(saved.json()).toEqual(SETTINGS);
    expect((await get(t.app, '/api/users/alert-settings', first)).json()).toEqual(SETTINGS);
    expect((await get(t.app, '/api/users/alert-settings', second)).json()).toEqual(DEFAULT_ALERT_SETTINGS);
  });

  it('an unsubscribe link turns off only its own account’s e-mails', async () => {
    const mine = await account(t.db, 'buyer');
    const theirs = await account(t.db, 'buyer');
    const res = await post(t.app, '/api/alerts/unsubscribe', theirs, {
      token: await signUnsubscribeToken(mine.id, TEST_JWT_SECRET),
    });
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, '/api/users/alert-settings', mine)).json().emailDigest).toBe(false);
    expect((await get(t.app, '/api/users/alert-settings', theirs)).json().emailDigest).toBe(true);
  });

  it('refuses a forged or foreign unsubscribe token', async () => {
    const mine = await account(t.db, 'buyer');
    const forged = await signUnsubscribeToken(mine.id, 'another-secret-that-is-long-enough-for-hs256');
    for (const token of [forged, 'not-a-token-at-all-0123456789']) {
      const res = await post(t.app, '/api/alerts/unsubscribe', null, { token });
      expect(res.statusCode).toBe(400);
    }
    expect((await get(t.app, '/api/users/alert-settings', mine)).json().emailDigest).toBe(true);
  });

  it('saved searches take the frequency Immediately, and another user’s search answers 404', async () => {
    const owner = await account(t.db, 'buyer');
    const other = await account(t.db, 'seller');
    const saved = await post(t.app, '/api/users/addOrUpdateSaveSearch', owner, {
      name: 'Right away',
      searchQuery: 'keyword=ruger',
      frequency: 'Immediately',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().frequency).toBe('Immediately');
    const id = saved.json().id as string;
    const rename = await post(t.app, '/api/users/addOrUpdateSaveSearch', other, {
      id,
      name: 'Mine now',
      searchQuery: 'keyword=ruger',
    });
    expect(rename.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/deleteSaveSearch/${id}`,
      headers: { authorization: other.authorization },
    });
    expect(remove.statusCode).toBe(404);
  });
});
