import { describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '../domain/uuid.ts';
import {
  advancedSearchFormSchema,
  EMPTY_ADVANCED_SEARCH_FORM,
  SearchFormMessage,
  textFiltersFormSchema,
} from './search-form.ts';

const EMPTY = EMPTY_ADVANCED_SEARCH_FORM;

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('advanced search form', () => {
  it('turns an empty form into an empty search', () => {
    expect(advancedSearchFormSchema.parse(EMPTY)).toEqual({
      keyword: undefined,
      familyIDs: undefined,
      listingType: undefined,
      condition: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      zipCode: undefined,
      distance: undefined,
      listingStartDate: undefined,
      upsells: undefined,
      distributorId: undefined,
      sort: undefined,
    });
  });

  it('turns every field into its search parameter, a distance only with a zip code', () => {
    expect(
      advancedSearchFormSchema.parse({
        keyword: '  ruger ',
        familyIDs: [17, 18],
        listingType: 'local',
        condition: 'Used',
        minPrice: '100',
        maxPrice: '499.99',
        zipCode: '75207',
        distance: '25',
        listingStartDate: '7',
        featured: true,
        ownListings: true,
        sort: 'distance',
      }),
    ).toEqual({
      keyword: 'ruger',
      familyIDs: [17, 18],
      listingType: 'local',
      condition: 'Used',
      minPrice: 100,
      maxPrice: 499.99,
      zipCode: '75207',
      distance: 25,
      listingStartDate: 7,
      upsells: 2,
      distributorId: EMPTY_GUID,
      sort: 'distance',
    });
    expect(advancedSearchFormSchema.parse({ ...EMPTY, distance: '25' }).distance).toBeUndefined();
  });

  it('says what is wrong with prices and zip codes', () => {
    expect(messages(advancedSearchFormSchema.safeParse({ ...EMPTY, minPrice: 'ten' }))).toEqual([
      ['minPrice', SearchFormMessage.Price],
    ]);
    expect(
      messages(advancedSearchFormSchema.safeParse({ ...EMPTY, minPrice: '500', maxPrice: '100' })),
    ).toEqual([['maxPrice', SearchFormMessage.PriceOrder]]);
    expect(messages(advancedSearchFormSchema.safeParse({ ...EMPTY, zipCode: '7520' }))).toEqual([
      ['zipCode', SearchFormMessage.ZipCode],
    ]);
    // The price order is still told when the zip code is wrong too (the price comes first on the form).
    expect(
      messages(
        advancedSearchFormSchema.safeParse({ ...EMPTY, minPrice: '500', maxPrice: '100', zipCode: 'x' }),
      ),
    ).toEqual([
      ['zipCode', SearchFormMessage.ZipCode],
      ['maxPrice', SearchFormMessage.PriceOrder],
    ]);
  });
});

describe('search panel text filters', () => {
  it('clears blank fields and keeps a distance only with a zip code', () => {
    const form = { keyword: ' glock ', minPrice: '', maxPrice: '300', zipCode: '', distance: '50' };
    expect(textFiltersFormSchema.parse(form)).toEqual({
      keyword: 'glock',
      minPrice: undefined,
      maxPrice: 300,
      zipCode: undefined,
      distance: undefined,
    });
    expect(textFiltersFormSchema.parse({ ...form, zipCode: '07030' })).toMatchObject({
      zipCode: '07030',
      distance: 50,
    });
  });

  it('uses the same messages as the advanced form', () => {
    const form = { keyword: '', minPrice: '-1', maxPrice: '', zipCode: '', distance: '50' };
    expect(messages(textFiltersFormSchema.safeParse(form))).toEqual([['minPrice', SearchFormMessage.Price]]);
  });
});
