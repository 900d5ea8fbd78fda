import { describe, expect, it } from 'vitest';
import { applyPriceRule, type PriceRule } from './price-rule.ts';

const rule = (markup: PriceRule['markup'], amount: number, rounding: PriceRule['rounding']): PriceRule => ({
  markup,
  amount,
  rounding,
});

describe('the distributor price rule', () => {
  it.each([
    // markup, amount, rounding, cost, MAP, price
    ['percent', 20, 'none', 100, null, 120],
    ['percent', 12.5, 'none', 10.01, null, 11.26],
    ['percent', 0, 'none', 449.99, null, 449.99],
    ['amount', 25, 'none', 389.5, null, 414.5],
    ['percent', 20, 'cents99', 100, null, 120.99],
    ['percent', 20, 'cents99', 99.99, null, 119.99],
    ['amount', 0.5, 'cents99', 12.49, null, 12.99],
    ['percent', 10, 'whole', 100, null, 110],
    ['percent', 10, 'whole', 100.5, null, 111],
    ['amount', 10, 'whole', 0.01, null, 11],
  ] as const)(
    '%s %d rounded %s: cost %d (MAP %s) sells at %d',
    (markup, amount, rounding, cost, map, price) => {
      expect(applyPriceRule(rule(markup, amount, rounding), cost, map)).toBe(price);
    },
  );

  it('never prices below MAP, even when rounding would', () => {
    expect(applyPriceRule(rule('percent', 5, 'cents99'), 400, 499.99)).toBe(499.99);
    expect(applyPriceRule(rule('percent', 5, 'whole'), 400, 449.5)).toBe(449.5);
    expect(applyPriceRule(rule('amount', 10, 'none'), 400, 405)).toBe(410);
  });

  it('ignores a MAP of zero or less, as the distributors send for items without one', () => {
    expect(applyPriceRule(rule('percent', 10, 'none'), 50, 0)).toBe(55);
    expect(applyPriceRule(rule('percent', 10, 'none'), 50, -1)).toBe(55);
  });

  it('prices nothing without a positive cost', () => {
    expect(applyPriceRule(rule('percent', 10, 'none'), 0)).toBeNull();
    expect(applyPriceRule(rule('percent', 10, 'none'), Number.NaN)).toBeNull();
  });
});
