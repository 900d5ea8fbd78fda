import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminUserRow } from '../../shared/contract/admin.ts';
import { firearmIdentificationSchema } from '../../shared/contract/identification.ts';
import { UserOption } from '../../shared/domain/user.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { ADMIN_MESSAGES } from '../../src-server/modules/admin/service.ts';
import { firearmReferenceSeedPart } from '../../src-server/seed/firearm-reference.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import { type AccountsTestApp, createAccountsTestApp } from './support/accounts.ts';
import { type Account, account, get, post } from './support/orders.ts';
import { multipartForm, plainPng } from './support/uploads.ts';

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherSeller', 'admin'];

let t: AccountsTestApp;
const who: Record<Caller, Account | null> = {
  visitor: null,
  buyer: null,
  seller: null,
  anotherSeller: null,
  admin: null,
};
let admin: Account;
let photo: Buffer;

beforeAll(async () => {
  t = await createAccountsTestApp();
  await seedDemoData(t.database.db, DEFAULT_SEED_OPTIONS, [firearmReferenceSeedPart]);
  who.buyer = await account(t.database.db, 'buyer');
  who.seller = await account(t.database.db, 'seller');
  who.anotherSeller = await account(t.database.db, 'seller');
  admin = await account(t.database.db, 'admin');
  who.admin = admin;
  photo = await plainPng(64, 48);
}, 60_000);
afterAll(() => t.close());

const FLAG = UserOption.WhatIsMyGunWorthAllowed;
const TERMS = UserOption.AttestedToTermsOfService;

const setAccess = (caller: Account | null, userId: string, allowed: boolean) =>
  post(t.app, `/api/pprAdmin/users/${userId}/action`, caller, { action: 'setValuationAccess', allowed });

async function optionsOf(userId: string): Promise<{ user_options: number; token_version: number }> {
  const [row] = await queryRows<{ user_options: number; token_version: number }>(
    t.database.db,
    sql`select user_options, token_version from users where id = ${userId}`,
  );
  if (!row) throw new Error('no such user');
  return row;
}

function identify(caller: Account) {
  const form = multipartForm(
    { FirearmInfoJson: JSON.stringify({ manufacturer: 'Glock', model: '19 Gen 5', caliber: '9mm' }) },
    [{ filename: 'photo.png', contentType: 'image/png', data: photo }],
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/firearms/identify',
    headers: { ...form.headers, authorization: caller.authorization },
    payload: form.payload,
  });
}

describe('POST /pprAdmin/users/{id}/action: setValuationAccess', () => {
  it.each(CALLERS)('as %s: only an admin may grant the valuation option', async (caller) => {
    const target = await account(t.database.db, 'buyer', { userOptions: TERMS });
    const res = await setAccess(who[caller], target.id, true);
    const expected = { visitor: 401, buyer: 403, seller: 403, anotherSeller: 403, admin: 200 }[caller];
    expect(res.statusCode, res.body).toBe(expected);
    const { user_options } = await optionsOf(target.id);
    expect(user_options).toBe(caller === 'admin' ? TERMS | FLAG : TERMS);
  });

  it('a seller cannot grant it to themselves either', async () => {
    const seller = who.seller as Account;
    const res = await setAccess(seller, seller.id, true);
    expect(res.statusCode).toBe(403);
    expect((await optionsOf(seller.id)).user_options & FLAG).toBe(0);
  });

  it('grants and withdraws the option, keeping the other options and the sessions, with an audit entry each', async () => {
    const user = await account(t.database.db, 'buyer', { userOptions: TERMS });
    const { token_version: versionBefore } = await optionsOf(user.id);

    const granted = await setAccess(admin, user.id, true);
    expect(granted.statusCode, granted.body).toBe(200);
    expect((granted.json() as AdminUserRow).userOptions).toBe(TERMS | FLAG);
    const detail = await get(t.app, `/api/pprAdmin/users/${user.id}`, admin);
    expect(detail.json().userOptions).toBe(TERMS | FLAG);
    // The user's sessions go on: the option is read from the account, not from the token.
    expect((await optionsOf(user.id)).token_version).toBe(versionBefore);
    expect((await get(t.app, '/api/users/alert-settings', user)).statusCode).toBe(200);

    const again = await setAccess(admin, user.id, true);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ADMIN_MESSAGES.alreadyValuationAllowed);

    const withdrawn = await setAccess(admin, user.id, false);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((withdrawn.json() as AdminUserRow).userOptions).toBe(TERMS);
    const twice = await setAccess(admin, user.id, false);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(ADMIN_MESSAGES.notValuationAllowed);

    const audit = await get(
      t.app,
      `/api/pprAdmin/audit?action=setValuationAccess&targetUserId=${user.id}`,
      admin,
    );
    const entries = audit.json().results as AdminAuditEntry[];
    expect(entries.map((entry) => [entry.before?.userOptions, entry.after?.userOptions])).toEqual([
      [TERMS | FLAG, TERMS],
      [TERMS, TERMS | FLAG],
    ]);
    expect(entries.map((entry) => entry.after?.valuationAllowed)).toEqual([false, true]);
    expect(entries[0]).toMatchObject({
      adminId: admin.id,
      targetUserId: user.id,
      action: 'setValuationAccess',
    });
  });

  it('refuses a request without `allowed`, and an unknown user', async () => {
    const user = await account(t.database.db, 'buyer');
    const missing = await post(t.app, `/api/pprAdmin/users/${user.id}/action`, admin, {
      action: 'setValuationAccess',
    });
    expect(missing.statusCode).toBe(400);
    const unknown = await setAccess(admin, '0b8c1c9e-3d4f-4a5b-9c6d-7e8f9a0b1c2d', true);
    expect(unknown.statusCode).toBe(404);
  });

  it('an identification shows values as soon as the option is granted, with the token the user already has', async () => {
    const user = await account(t.database.db, 'buyer');
    const before = firearmIdentificationSchema.parse((await identify(user)).json());
    expect(before.data?.valuationAllowed).toBe(false);
    expect(before.data?.valuation).toBeNull();
    expect((await setAccess(admin, user.id, true)).statusCode).toBe(200);
    const after = firearmIdentificationSchema.parse((await identify(user)).json());
    expect(after.data?.valuationAllowed).toBe(true);
    expect(after.data?.valuation).not.toBeNull();
  });
});
