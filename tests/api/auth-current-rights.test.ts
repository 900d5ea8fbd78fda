import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src-server/modules/auth/passwords.ts';
import {
  type Account,
  account,
  createOrdersTestApp,
  get,
  type OrdersTestApp,
  post,
} from './support/orders.ts';

let t: OrdersTestApp;
let admin: Account;
beforeAll(async () => {
  t = await createOrdersTestApp();
  admin = await account(t.db, 'admin');
});
afterAll(() => t.close());

const act = (id: string, body: object) => post(t.app, `/api/pprAdmin/users/${id}/action`, admin, body);
const setRoles = async (id: string, roles: string[]) => {
  const res = await act(id, { action: 'setRoles', roles });
  expect(res.statusCode, res.body).toBe(200);
};

const sellerCall = (who: Account) => get(t.app, '/api/users/bulkuploads', who);
const accountCall = (who: Account) => get(t.app, '/api/userdashboard/summary/', who);
const adminCalls = (who: Account, someone: Account) => ({
  search: () => post(t.app, '/api/pprAdmin/search-users', who, { keyword: 'test' }),
  credit: () =>
    post(t.app, '/api/pprAdmin/add-credit-to-user', who, {
      userId: someone.id,
      amount: 1,
      description: 'Goodwill',
    }),
  audit: () => get(t.app, '/api/pprAdmin/audit', who),
});

describe('rights follow the account as it is now, not the roles in an earlier token', () => {
  it('a buyer made a seller reaches seller calls with the token issued before', async () => {
    const buyer = await account(t.db, 'buyer');
    expect((await sellerCall(buyer)).statusCode).toBe(403);
    await setRoles(buyer.id, ['BasicSeller']);
    const res = await sellerCall(buyer);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a seller made a buyer loses seller calls at once, and keeps the rest of the account', async () => {
    const seller = await account(t.db, 'seller');
    expect((await sellerCall(seller)).statusCode).toBe(200);
    await setRoles(seller.id, ['Buyer']);
    const res = await sellerCall(seller);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'forbidden', message: 'Only seller accounts can do this.' });
    expect((await accountCall(seller)).statusCode).toBe(200);
  });

  it('an admin made a buyer loses user search, adding credit and the audit log at once', async () => {
    const demoted = await account(t.db, 'admin');
    const someone = await account(t.db, 'buyer');
    const calls = adminCalls(demoted, someone);
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.statusCode, `${name} ${res.body}`).toBe(200);
    }
    await setRoles(demoted.id, ['Buyer']);
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.statusCode, name).toBe(403);
      expect(res.json().error).toEqual({ code: 'forbidden', message: 'Only administrators can do this.' });
    }
    expect((await accountCall(demoted)).statusCode).toBe(200);
  });

  it('an admin who is locked loses every call at once', async () => {
    const locked = await account(t.db, 'admin');
    expect((await adminCalls(locked, admin).search()).statusCode).toBe(200);
    expect((await act(locked.id, { action: 'lock' })).statusCode).toBe(200);
    expect((await adminCalls(locked, admin).search()).statusCode).toBe(401);
    expect((await accountCall(locked)).statusCode).toBe(401);
  });

  it('a seller frozen for fraud loses every call at once', async () => {
    const seller = await account(t.db, 'seller');
    expect((await sellerCall(seller)).statusCode).toBe(200);
    expect((await act(seller.id, { action: 'freeze', reason: 'Fraud' })).statusCode).toBe(200);
    expect((await sellerCall(seller)).statusCode).toBe(401);
    expect((await accountCall(seller)).statusCode).toBe(401);
  });

  it('a token issued before a password change is refused; the new one keeps the rights', async () => {
    const password = 'an old seller passphrase';
    const seller = await account(t.db, 'seller', { passwordHash: await hashPassword(password) });
    expect((await sellerCall(seller)).statusCode).toBe(200);
    const changed = await post(t.app, '/api/users/changePassword', seller, {
      currentPassword: password,
      newPassword: 'a brand new seller passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await sellerCall(seller)).statusCode).toBe(401);
    const renewed = { id: seller.id, authorization: `Bearer ${changed.json().jwtToken}` };
    expect((await sellerCall(renewed)).statusCode).toBe(200);
  });
});
