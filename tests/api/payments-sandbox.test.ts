import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayUnavailableError } from '../../src-server/core/payments/gateway.ts';
import { SANDBOX_CARDS, SandboxGateway } from '../../src-server/core/payments/sandbox-gateway.ts';
import type { DatabaseHandle } from '../../src-server/db/client.ts';
import { sandboxPayments } from '../../src-server/db/schema.ts';
import { openTestDatabase } from './support/test-database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const card = (number: string) => ({
  number,
  cvc: '123',
  expMonth: 12,
  expYear: 2039,
  holderName: 'Jane Buyer',
  billing: { address: '1 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
});
let key = 0;
const nextKey = () => {
  key += 1;
  return `sandbox-test-${key}`;
};

describe('SandboxGateway', () => {
  it('approves the documented good cards and keeps only brand and last four', async () => {
    const gateway = new SandboxGateway(database.db);
    for (const number of SANDBOX_CARDS.approved) {
      const result = await gateway.authorize({
        idempotencyKey: nextKey(),
        amount: 10,
        card: card(number),
        description: 'test',
      });
      expect(result).toMatchObject({ approved: true, status: 'authorized', cardLast4: number.slice(-4) });
    }
    const rows = await database.db.select().from(sandboxPayments);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
  });

  it('declines with the reason, answers only a message, or does not answer', async () => {
    const gateway = new SandboxGateway(database.db);
    const authorize = (number: string) =>
      gateway.authorize({ idempotencyKey: nextKey(), amount: 10, card: card(number), description: 'test' });
    expect(await authorize('4000000000000002')).toEqual({
      approved: false,
      error: 'Your card was declined.',
      message: null,
    });
    expect(await authorize('4000000000009995')).toEqual({
      approved: false,
      error: 'Your card has insufficient funds.',
      message: null,
    });
    expect(await authorize('4000000000000119')).toMatchObject({ approved: false, error: null });
    expect(await authorize('4242424242424241')).toMatchObject({
      approved: false,
      error: 'Your card number is incorrect.',
    });
    await expect(authorize(SANDBOX_CARDS.unavailable)).rejects.toBeInstanceOf(GatewayUnavailableError);
    const expired = await gateway.authorize({
      idempotencyKey: nextKey(),
      amount: 10,
      card: { ...card('4242424242424242'), expYear: 2020 },
      description: 'test',
    });
    expect(expired).toMatchObject({ approved: false, error: 'Your card has expired.' });
  });

  it('answers a repeated key with the first result, across a restart', async () => {
    const first = new SandboxGateway(database.db);
    const authKey = nextKey();
    const auth = await first.authorize({
      idempotencyKey: authKey,
      amount: 99.5,
      card: card('4242424242424242'),
      description: 'test',
    });
    if (!auth.approved) throw new Error('expected approval');
    const captured = await first.capture({
      idempotencyKey: `${authKey}-capture`,
      paymentId: auth.paymentId,
      amount: 99.5,
    });
    expect(captured).toMatchObject({ approved: true, status: 'captured' });

    const restarted = new SandboxGateway(database.db);
    const again = await restarted.authorize({
      idempotencyKey: authKey,
      amount: 99.5,
      card: card('4000000000000002'),
      description: 'test',
    });
    expect(again).toMatchObject({ approved: true, paymentId: auth.paymentId });
    expect(
      await restarted.capture({
        idempotencyKey: `${authKey}-capture`,
        paymentId: auth.paymentId,
        amount: 99.5,
      }),
    ).toMatchObject({
      approved: true,
      status: 'captured',
    });
    const refunded = await restarted.refund({
      idempotencyKey: `${authKey}-refund`,
      paymentId: auth.paymentId,
      amount: 99.5,
    });
    expect(refunded).toMatchObject({ approved: true, status: 'refunded' });
    expect(
      await restarted.refund({
        idempotencyKey: `${authKey}-refund`,
        paymentId: auth.paymentId,
        amount: 99.5,
      }),
    ).toEqual(refunded);
    expect(
      await restarted.refund({
        idempotencyKey: `${authKey}-refund-2`,
        paymentId: auth.paymentId,
        amount: 99.5,
      }),
    ).toMatchObject({
      approved: false,
    });
  });

  it('voids an authorization that was never captured', async () => {
    const gateway = new SandboxGateway(database.db);
    const auth = await gateway.authorize({
      idempotencyKey: nextKey(),
      amount: 5,
      card: card('4242424242424242'),
      description: 'test',
    });
    if (!auth.approved) throw new Error('expected approval');
    expect(
      await gateway.refund({ idempotencyKey: nextKey(), paymentId: auth.paymentId, amount: 5 }),
    ).toMatchObject({
      approved: true,
      status: 'voided',
    });
    expect(
      await gateway.capture({ idempotencyKey: nextKey(), paymentId: auth.paymentId, amount: 5 }),
    ).toMatchObject({ approved: false });
  });
});
