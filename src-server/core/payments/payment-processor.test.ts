import { describe, expect, it } from 'vitest';
import {
  type ChargeRequest,
  passesLuhn,
  TEST_DECLINED_CARDS,
  TestPaymentProcessor,
} from './payment-processor.ts';

const request = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  amount: 25,
  cardNumber: '4242424242424242',
  cvc: '123',
  expMonth: 12,
  expYear: 2031,
  cardholderName: 'Pat Payer',
  billing: { address: '1 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
  description: 'Past-due balance',
  ...overrides,
});

describe('TestPaymentProcessor', () => {
  const processor = new TestPaymentProcessor(() => new Date('2026-06-15T00:00:00Z'));

  it('approves a valid card of a known brand', async () => {
    const result = await processor.charge(request());
    expect(result).toEqual({ approved: true, reference: expect.stringMatching(/^test_[0-9a-f]{16}$/) });
    expect((await processor.charge(request({ cardNumber: '378282246310005' }))).approved).toBe(true);
  });

  it('declines the test decline numbers with their reasons', async () => {
    for (const [cardNumber, message] of Object.entries(TEST_DECLINED_CARDS)) {
      expect(await processor.charge(request({ cardNumber }))).toEqual({ approved: false, message });
    }
  });

  it('declines numbers failing the Luhn check and expired cards; the current month still counts', async () => {
    expect((await processor.charge(request({ cardNumber: '4242424242424241' }))).approved).toBe(false);
    expect(await processor.charge(request({ expMonth: 5, expYear: 2026 }))).toEqual({
      approved: false,
      message: 'Your card has expired.',
    });
    expect((await processor.charge(request({ expMonth: 6, expYear: 2026 }))).approved).toBe(true);
  });

  it('checks Luhn digits', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});
