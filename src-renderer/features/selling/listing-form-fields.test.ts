import { describe, expect, it } from 'vitest';
import { ListingOption } from '../../../shared/domain/listing.ts';
import { listingDetail } from '../../testing/listing-fixtures.ts';
import {
  durationChoices,
  familyFields,
  listingDurationDays,
  listingValuesFromDetail,
  promotionChoices,
  promotionTotalCents,
} from './listing-form-fields.ts';

describe('listing form fields', () => {
  it.each([
    [18, true, 'Caliber'],
    [20, true, 'Gauge'],
    [2, true, 'Caliber'],
    [10, false, 'Caliber'],
    [9, true, 'Caliber or gauge'],
  ])('family %i asks for a caliber: %s, named %s', (familyId, shows, label) => {
    const fields = familyFields(familyId);
    expect(fields.showsCaliber).toBe(shows);
    expect(fields.caliberLabel).toBe(label);
  });

  it.each([
    ['2026-11-01T12:00:00.000Z', '2026-12-01T12:00:00.000Z', 30],
    ['2026-11-01T12:00:00.000Z', '2026-11-11T12:00:00.000Z', 10],
    ['2026-11-01T12:00:00.000Z', null, 30],
    ['2026-11-01T12:00:00.000Z', '2027-11-01T12:00:00.000Z', 30],
  ])('a listing from %s to %s lasts %i days', (listingStartDate, listingEndDate, days) => {
    expect(listingDurationDays({ listingStartDate, listingEndDate })).toBe(days);
  });

  it('offers a listing’s own duration among the usual ones', () => {
    expect(durationChoices(10)).toEqual([7, 10, 14, 30, 60, 90]);
    expect(durationChoices(30)).toEqual([7, 14, 30, 60, 90]);
  });

  it('offers an auction the lengths auctions run', () => {
    expect(durationChoices(undefined, true)).toEqual([1, 3, 5, 7, 10]);
    expect(durationChoices(7, true)).toEqual([1, 3, 5, 7, 10]);
  });

  it('fills the edit form from the listing, keeping its options and excluded states', () => {
    expect(listingValuesFromDetail(listingDetail({ listingOptions: 512 + 2 }))).toMatchObject({
      familyId: 18,
      price: 549.99,
      listingOptions: 514,
      paidOptions: ListingOption.Featured,
      excludedShipToStates: ['CA', 'NY'],
      zipCode: '75201',
      durationDays: 30,
    });
  });

  it('prices the promotion choices from the fee schedule, free where the plan includes them', () => {
    expect(promotionChoices('BasicSeller', 300).map((choice) => [choice.option, choice.cents])).toEqual([
      [ListingOption.Bold, 100],
      [ListingOption.Highlight, 150],
      [ListingOption.Featured, 495],
      [ListingOption.Homepage, 995],
      [ListingOption.Border, 75],
    ]);
    const platinum = promotionChoices('PlatinumSeller', 300);
    expect(platinum.find((choice) => choice.option === ListingOption.Border)).toMatchObject({
      cents: 0,
      includedInPlan: true,
    });
    expect(platinum.find((choice) => choice.option === ListingOption.Featured)?.includedInPlan).toBe(false);
  });

  it('totals only the chosen options the listing lacks and the plan does not include', () => {
    const featuredAndBorder = ListingOption.Featured | ListingOption.Border;
    expect(promotionTotalCents(featuredAndBorder, 0, 'BasicSeller', 300)).toBe(570);
    expect(promotionTotalCents(featuredAndBorder, ListingOption.Featured, 'BasicSeller', 300)).toBe(75);
    expect(promotionTotalCents(featuredAndBorder, 0, 'PlatinumSeller', 300)).toBe(495);
    // Flags the form does not offer add nothing.
    expect(promotionTotalCents(ListingOption.LocalListingFee, 0, 'BasicSeller', 300)).toBe(0);
    expect(promotionTotalCents(ListingOption.Homepage, 0, null, undefined)).toBe(995);
  });
});
