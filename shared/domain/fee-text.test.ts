import { describe, expect, it } from 'vitest';
import {
  feeText,
  includedOptionLabels,
  listingLimitText,
  monthlyPriceText,
  percentText,
} from './fee-text.ts';
import { FeeType } from './listing.ts';
import { MEMBERSHIP_PLANS } from './membership.ts';

describe('the fee schedule in words', () => {
  it.each([
    [500, '5%'],
    [350, '3.5%'],
    [200, '2%'],
    [125, '1.25%'],
  ])('%i basis points read %s', (basisPoints, text) => {
    expect(percentText(basisPoints)).toBe(text);
  });

  it('reads a percentage with its minimum, a flat amount, and no fee', () => {
    expect(feeText({ type: FeeType.Percentage, basisPoints: 500, minimumCents: 100 })).toBe(
      '5% (at least $1.00)',
    );
    expect(feeText({ type: FeeType.Percentage, basisPoints: 100 })).toBe('1%');
    expect(feeText({ type: FeeType.FlatAmount, cents: 495 })).toBe('$4.95');
    expect(feeText({ type: FeeType.FlatAmount, cents: 0 })).toBe('None');
  });

  it('reads each plan from the membership table', () => {
    expect(
      ['BasicSeller', 'TrustedSeller', 'PlatinumSeller'].map((role) => {
        const plan = MEMBERSHIP_PLANS[role as keyof typeof MEMBERSHIP_PLANS];
        return [
          monthlyPriceText(plan),
          listingLimitText(plan),
          feeText(plan.finalValueFee),
          includedOptionLabels(plan),
        ];
      }),
    ).toEqual([
      ['Free', 'Up to 100', '5% (at least $1.00)', []],
      ['$19.95 a month', 'Up to 500', '3.5% (at least $1.00)', ['Bold title']],
      [
        '$49.95 a month',
        'Unlimited',
        '2% (at least $1.00)',
        ['Bold title', 'Highlighted card', 'Highlighted border'],
      ],
    ]);
  });
});
