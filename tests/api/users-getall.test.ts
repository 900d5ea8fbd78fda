import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessage, MAX_IDS_PER_REQUEST } from '../../shared/contract/common.ts';
import { userGetAllResponseSchema } from '../../shared/contract/users.ts';
import { AccountOption } from '../../shared/domain/user.ts';
import { users } from '../../src-server/db/schema.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  freshAddress,
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
/** Sellers no one may see: pending registration, frozen for fraud, locked. */
const hidden: string[] = [];

beforeAll(async () => {
  t = await createAccountsTestApp();
  tokens.buyer = await tokenOf(t.app, 'buyer');
  tokens.seller = await tokenOf(t.app, 'seller');
  tokens.anotherSeller = await tokenOf(t.app, 'newSeller');
  tokens.admin = await tokenOf(t.app, 'admin');
  for (const set of [
    { accountOptions: AccountOption.PendingRegistration },
    { accountOptions: AccountOption.FrozenForFraud },
    { status: 'Locked' as const },
  ]) {
    const account = await accountWithRoles(t.database.db, ['BasicSeller']);
    await t.database.db.update(users).set(set).where(eq(users.id, account.id));
    hidden.push(account.id);
  }
  await t.database.db
    .update(users)
    .set({ phone: '2145550100', city: 'Dallas', state: 'TX', rating: 4.66, totalCompletedSales: 12 })
    .where(eq(users.id, DEMO_ACCOUNTS.seller.id));
});
afterAll(() => t.close());

function getAll(caller: Caller, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/getall',
    headers: authed(tokens[caller]),
    payload: body as object,
    remoteAddress: freshAddress(),
  });
}

const UNKNOWN = '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70';

describe('POST /api/users/getall', () => {
  it.each(CALLERS)(
    'answers the %s the public profiles of the sellers asked for, in order, each once',
    async (caller) => {
      const { seller, dealer, newSeller, buyer, admin } = DEMO_ACCOUNTS;
      const res = await getAll(caller, {
        filters: {
          userIds: [dealer.id, UNKNOWN, seller.id, buyer.id, admin.id, ...hidden, dealer.id, newSeller.id],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = userGetAllResponseSchema.parse(res.json());
      expect(body.results.map((profile) => profile.id)).toEqual([dealer.id, seller.id, newSeller.id]);
      expect(body.results[0]!.isDealer).toBe(true);
      expect(body.results[1]).toMatchObject({
        id: seller.id,
        displayName: seller.sellerDisplayName,
        isDealer: false,
        city: 'Dallas',
        state: 'TX',
        totalCompletedSales: 12,
        rating: 4.7,
      });
      expect(Date.parse(body.results[1]!.memberSince)).not.toBeNaN();
    },
  );

  it('shows only public fields: never an email, phone, address, role or account flag', async () => {
    const res = await getAll('buyer', { filters: { userIds: [DEMO_ACCOUNTS.seller.id] } });
    const [profile] = res.json().results;
    expect(Object.keys(profile).sort()).toEqual(
      [
        'city',
        'displayName',
        'id',
        'isDealer',
        'memberSince',
        'rating',
        'state',
        'totalCompletedSales',
      ].sort(),
    );
    expect(res.body).not.toContain(DEMO_ACCOUNTS.seller.email);
    expect(res.body).not.toContain('2145550100');
  });

  it('answers an empty list when no id is a visible seller', async () => {
    const res = await getAll('visitor', {
      filters: { userIds: [UNKNOWN, DEMO_ACCOUNTS.buyer.id, ...hidden] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [] });
  });

  it(`refuses no ids and more than ${MAX_IDS_PER_REQUEST}`, async () => {
    const none = await getAll('visitor', { filters: { userIds: [] } });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(ErrorMessage.NoIds);
    const ids = Array.from(
      { length: MAX_IDS_PER_REQUEST + 1 },
      (_, i) => `6f1c2d9e-1b7a-4c1e-9f0a-${String(i).padStart(12, '0')}`,
    );
    const tooMany = await getAll('seller', { filters: { userIds: ids } });
    expect(tooMany.statusCode).toBe(400);
    const malformed = await getAll('admin', { filters: { userIds: ['not-an-id'] } });
    expect(malformed.statusCode).toBe(400);
  });
});
