import { describe, expect, it } from 'vitest';
import { PaymentMethod } from './payment.ts';

describe('PaymentMethod flags', () => {
  it.each([
    ['None', 0],
    ['CashOnly', 1],
    ['Visa', 2],
    ['Mastercard', 4],
    ['Discover', 8],
    ['Amex', 16],
    ['DinersClub', 32],
    ['MoneyOrder', 64],
    ['Check', 128],
    ['ECheck', 256],
    ['WireTransfer', 512],
    ['PayPal', 1024],
    ['GunTab', 2048],
  ] as const)('%s is %s', (name, value) => {
    expect(PaymentMethod[name]).toBe(value);
  });

  it('has exactly the spec members', () => {
    expect(Object.keys(PaymentMethod)).toHaveLength(13);
  });
});
