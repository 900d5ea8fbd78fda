import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenClaimsSchema } from '../../shared/contract/auth.ts';
import { unfreezeResponseSchema } from '../../shared/contract/billing.ts';
import { accountPayments, users } from '../../src-server/db/schema.ts';
import {
  type AccountsTestApp,
  authed,
  claimsOf,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  freshAddress,
  login,
  tokenOf,
} from './support/accounts.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const pastDue = DEMO_ACCOUNTS.pastDue;
const payment = (overrides: Record<string, unknown> = {}) => ({
  customerFirstName: 'Pat',
  customerLastName: 'Pastdue',
  email: pastDue.email,
  cardNumber: '4242424242424242',
  cvc: '123',
  cardExpiration: '12/2031',
  billingCity: 'Dallas',
  billingState: 'TX',
  billingZip: '75207',
  billingAddress: '100 Main St, Apt 4',
  freezeReason: 'NonPayment',
  ...overrides,
});
const unfreeze = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/unfreeze',
    payload,
    headers,
    remoteAddress: freshAddress(),
  });

async function unfreezeToken(): Promise<string> {
  const res = await login(t.app, pastDue.email, pastDue.password);
  expect(res.statusCode).toBe(402);
  return res.json().unfreezeToken as string;
}

describe('POST /api/users/unfreeze', () => {
  it('refuses a payment without proof of the account (no unfreeze token, no session)', async () => {
    const res = await unfreeze(payment());
    expect(res.statusCode).toBe(401);
  });

  it("refuses a payment for another account's email", async () => {
    const res = await unfreeze(
      payment({ email: DEMO_ACCOUNTS.buyer.email, unfreezeToken: await unfreezeToken() }),
    );
    expect(res.statusCode).toBe(403);
  });

  it('checks the payload with the shared billing rules', async () => {
    const res = await unfreeze(
      payment({
        cardNumber: '9999999999999999',
        customerFirstName: 'Support',
        unfreezeToken: await unfreezeToken(),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      cardNumber: 'Invalid card number.',
      customerFirstName: 'The chosen first name is not allowed.',
    });
  });

  it('answers 402 with the processor message for a declined card, and the account stays frozen', async () => {
    const res = await unfreeze(
      payment({ cardNumber: '4000000000000002', unfreezeToken: await unfreezeToken() }),
    );
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code: 'payment_required', message: 'Your card was declined.' } });
    const silent = await unfreeze(
      payment({ cardNumber: '4000000000000119', unfreezeToken: await unfreezeToken() }),
    );
    expect(silent.statusCode).toBe(402);
    expect(silent.json().error.message).toBe('Error processing payment contact support');
    expect((await login(t.app, pastDue.email, pastDue.password)).statusCode).toBe(402);
    const records = await t.database.db
      .select()
      .from(accountPayments)
      .where(eq(accountPayments.userId, pastDue.id));
    const summary = records
      .map((row) => [row.status, row.cardLast4, row.amount])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(summary).toEqual([
      ['Declined', '0002', 149.95],
      ['Declined', '0119', 149.95],
    ]);
  });

  it('approves a valid card: clears the freeze and balance in one go and answers a working token', async () => {
    const res = await unfreeze(payment({ unfreezeToken: await unfreezeToken() }));
    expect(res.statusCode).toBe(200);
    const body = unfreezeResponseSchema.parse(res.json());
    expect(body.message).toBe('Payment received. Your account is active again.');
    const claims = tokenClaimsSchema.parse(claimsOf(body.jwt));
    expect(claims.accountOptions).toBe('None');
    expect(claims.unique_name).toBe(pastDue.id);
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/userdashboard/summary/',
      headers: authed(body.jwt),
    });
    expect(summary.json().billing.pastDueAmount).toBe(0);

    const [user] = await t.database.db.select().from(users).where(eq(users.id, pastDue.id));
    expect(user).toMatchObject({ accountOptions: 0, pastDueAmount: 0 });
    const approved = await t.database.db
      .select()
      .from(accountPayments)
      .where(eq(accountPayments.status, 'Approved'));
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({
      amount: 149.95,
      cardBrand: 'visa',
      cardLast4: '4242',
      processor: 'test',
    });
    expect((await login(t.app, pastDue.email, pastDue.password)).statusCode).toBe(200);
  });

  it('accepts a session token of the same account instead of the unfreeze token, without charging twice', async () => {
    const token = await tokenOf(t.app, 'pastDue');
    const res = await unfreeze(payment(), authed(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account has no past-due balance.');
    const approved = await t.database.db
      .select()
      .from(accountPayments)
      .where(eq(accountPayments.status, 'Approved'));
    expect(approved).toHaveLength(1);
  });

  it('never lifts a fraud freeze', async () => {
    const token = await tokenOf(t.app, 'buyer');
    const res = await unfreeze(
      payment({ email: DEMO_ACCOUNTS.buyer.email, freezeReason: 'Fraud' }),
      authed(token),
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe('Error processing payment contact support');
  });
});
