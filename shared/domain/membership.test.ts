import { describe, expect, it } from 'vitest';
import { FeeType, ListingOption } from './listing.ts';
import {
  feeCents,
  finalValueFeeCents,
  formatCents,
  LISTING_OPTION_FEES,
  listingOptionCharges,
  planOfRoles,
  prorationCents,
  rolesWithPlan,
} from './membership.ts';

describe('feeCents', () => {
  it.each([
    ['a flat amount ignores the base', { type: FeeType.FlatAmount, cents: 495 } as const, 123_456, 495],
    [
      'a percentage of the base, rounded half up',
      { type: FeeType.Percentage, basisPoints: 350 } as const,
      10_001,
      350,
    ],
    [
      'a percentage never below its minimum',
      { type: FeeType.Percentage, basisPoints: 500, minimumCents: 100 } as const,
      1_000,
      100,
    ],
    [
      'a percentage above its minimum',
      { type: FeeType.Percentage, basisPoints: 500, minimumCents: 100 } as const,
      20_000,
      1_000,
    ],
  ])('%s', (_case, fee, base, expected) => {
    expect(feeCents(fee, base)).toBe(expected);
  });
});

describe('listing option fees', () => {
  it.each([
    [ListingOption.Bold, 100],
    [ListingOption.Featured, 495],
    [ListingOption.Highlight, 150],
    [ListingOption.Border, 75],
    [ListingOption.Homepage, 995],
    [ListingOption.ExtraPhotosPaid, 50],
    // 1% of $300.00, at least $0.50
    [ListingOption.LocalListingFee, 300],
  ])('option %i costs %i cents on a $300 Basic listing', (option, cents) => {
    expect(listingOptionCharges(option, 30_000, 'BasicSeller')).toEqual([
      expect.objectContaining({ option, cents }),
    ]);
  });

  it('charges nothing for options the plan includes, and ignores flags that are not paid options', () => {
    const all = LISTING_OPTION_FEES.reduce((mask, entry) => mask | entry.option, 0);
    const platinum = listingOptionCharges(all | ListingOption.WillAcceptTrade, 30_000, 'PlatinumSeller');
    expect(platinum.map((charge) => charge.name)).toEqual([
      'Featured',
      'Homepage',
      'ExtraPhotosPaid',
      'LocalListingFee',
    ]);
    expect(listingOptionCharges(ListingOption.LocalListingFee, 1_000, 'BasicSeller')[0]?.cents).toBe(50);
  });
});

describe('final value fee', () => {
  it.each([
    ['BasicSeller', 20_000, 1_000],
    ['TrustedSeller', 20_000, 700],
    ['PlatinumSeller', 20_000, 400],
    ['BasicSeller', 500, 100],
    ['BasicSeller', 50, 50],
  ] as const)('%s on %i cents: %i', (plan, sale, fee) => {
    expect(finalValueFeeCents(plan, sale)).toBe(fee);
  });
});

describe('proration', () => {
  it('charges the price difference for the rest of the month, or gives it back', () => {
    // 15 of 30 days of April left: half of Trusted's $19.95 (Math.round: 997.5 up, -997.5 toward zero).
    const midApril = new Date(Date.UTC(2026, 3, 16));
    expect(prorationCents('BasicSeller', 'TrustedSeller', midApril)).toBe(998);
    expect(prorationCents('TrustedSeller', 'BasicSeller', midApril)).toBe(-997);
    expect(prorationCents('TrustedSeller', 'PlatinumSeller', new Date(Date.UTC(2026, 3, 1)))).toBe(3000);
    expect(prorationCents('BasicSeller', 'Buyer', midApril)).toBe(0);
  });

  it('counts whole days, today included, so the month’s last minutes still cost its last day', () => {
    // Any time on 16 April costs what its first instant does.
    const lateOnTheSixteenth = new Date(Date.UTC(2026, 3, 16, 23, 59, 59, 999));
    expect(prorationCents('BasicSeller', 'TrustedSeller', lateOnTheSixteenth)).toBe(998);
    // One day of 30 is left: 1995 / 30 = 66.5, rounded up; 1/31 of March's at its last minute.
    const lastMinuteOfApril = new Date(Date.UTC(2026, 3, 30, 23, 59));
    expect(prorationCents('BasicSeller', 'TrustedSeller', lastMinuteOfApril)).toBe(67);
    expect(prorationCents('TrustedSeller', 'BasicSeller', lastMinuteOfApril)).toBe(-66);
    const lastMinuteOfMarch = new Date(Date.UTC(2026, 2, 31, 23, 59));
    expect(prorationCents('BasicSeller', 'TrustedSeller', lastMinuteOfMarch)).toBe(64);
  });
});

describe('plans and roles', () => {
  it('reads the highest plan role and replaces it on a change, keeping Admin', () => {
    expect(planOfRoles(['Buyer', 'TrustedSeller'])).toBe('TrustedSeller');
    expect(planOfRoles(['Admin'])).toBe('Buyer');
    expect(rolesWithPlan(['Buyer', 'BasicSeller', 'Admin'], 'PlatinumSeller')).toEqual([
      'Buyer',
      'PlatinumSeller',
      'Admin',
    ]);
    expect(rolesWithPlan(['Buyer', 'TrustedSeller'], 'Buyer')).toEqual(['Buyer']);
  });

  it('formats cents as dollars', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(-5)).toBe('-$0.05');
  });
});
