import { describe, expect, it } from 'vitest';
import { listingDetail } from '../../testing/listing-fixtures.ts';
import {
  durationChoices,
  familyFields,
  listingDurationDays,
  listingValuesFromDetail,
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

  it('fills the edit form from the listing, keeping its options and excluded states', () => {
    expect(listingValuesFromDetail(listingDetail({ listingOptions: 512 + 2 }))).toMatchObject({
      familyId: 18,
      price: 549.99,
      listingOptions: 514,
      excludedShipToStates: ['CA', 'NY'],
      zipCode: '75201',
      durationDays: 30,
    });
  });
});
