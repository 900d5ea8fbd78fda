import { describe, expect, it } from 'vitest';
import { parseSearchParams, type SearchRouteParams, toSearchQueryString } from './search-url.ts';

describe('search URL', () => {
  it.each<[string, SearchRouteParams, string]>([
    ['keyword', { keyword: 'glock 19' }, 'keyword=glock%2019'],
    ['families, comma-joined', { familyIDs: [18, 11, 17] }, 'familyIDs=18,11,17'],
    ['listing type', { listingType: 'auction' }, 'listingType=auction'],
    ['campaign code', { cmc: 'spring-sale' }, 'cmc=spring-sale'],
    ['seller', { uid: '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b' }, 'uid=3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b'],
    ['upsells', { upsells: 2 }, 'upsells=2'],
    ['new this week', { listingStartDate: 7 }, 'listingStartDate=7'],
    [
      'distributor',
      { distributorId: '00000000-0000-0000-0000-000000000000' },
      'distributorId=00000000-0000-0000-0000-000000000000',
    ],
    ['zip and distance', { zipCode: '07030', distance: 25 }, 'zipCode=07030&distance=25'],
    ['price range', { minPrice: 100, maxPrice: 499.99 }, 'minPrice=100&maxPrice=499.99'],
    ['condition', { condition: 'NewInBox' }, 'condition=NewInBox'],
    ['sort and page', { sort: 'price-asc', page: 3 }, 'sort=price-asc&page=3'],
    ['ending soonest', { sort: 'ending-soonest' }, 'sort=ending-soonest'],
    ['completed auctions', { completed: true, sort: 'price-desc' }, 'completed=true&sort=price-desc'],
    ['nothing', {}, ''],
    ['empty values', { keyword: '', familyIDs: [] }, ''],
  ])('%s: writes %j as %j and reads it back', (_case, params, query) => {
    expect(toSearchQueryString(params)).toBe(query);
    expect(parseSearchParams(query)).toEqual(params.keyword === '' ? {} : params);
  });

  it('round-trips a full search', () => {
    const params: SearchRouteParams = {
      keyword: 'sig p365 & holster',
      familyIDs: [18, 22],
      listingType: 'local',
      cmc: 'newsletter',
      uid: '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
      upsells: 2,
      listingStartDate: 7,
      distributorId: '00000000-0000-0000-0000-000000000000',
      zipCode: '75207',
      distance: 50,
      minPrice: 250.5,
      maxPrice: 900,
      condition: 'Used',
      completed: true,
      sort: 'distance',
      page: 2,
    };
    expect(parseSearchParams(toSearchQueryString(params))).toEqual(params);
    expect(parseSearchParams(new URLSearchParams(toSearchQueryString(params)))).toEqual(params);
  });

  it.each<[string, string, SearchRouteParams]>([
    ['a leading ?', '?keyword=ar15', { keyword: 'ar15' }],
    ['a path with a query', '/search?keyword=ar15', { keyword: 'ar15' }],
    ['a path without a query', '/search', {}],
    [
      'names in any case',
      'KEYWORD=ar15&familyids=19&listingtype=Local',
      { keyword: 'ar15', familyIDs: [19], listingType: 'local' },
    ],
    ['the first of repeated names', 'keyword=a&keyword=b', { keyword: 'a' }],
    ['plus as space', 'keyword=smith+wesson', { keyword: 'smith wesson' }],
    ['a numeric listing type', 'listingType=2', { listingType: 'local' }],
    ['unknown and invalid family ids dropped', 'familyIDs=18,abc,999,18', { familyIDs: [18] }],
    ['condition by label', 'condition=new-in-box', { condition: 'NewInBox' }],
    [
      'upper-case uid',
      'uid=3F2B8C1E-9A4D-4E6F-8B2A-1C3D5E7F9A0B',
      { uid: '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b' },
    ],
  ])('reads %s', (_case, query, expected) => {
    expect(parseSearchParams(query)).toEqual(expected);
  });

  it.each([
    ['listingType=everywhere'],
    ['uid=42'],
    ['uid=00000000-0000-0000-0000-000000000000'],
    ['distributorId=nope'],
    ['zipCode=7520'],
    ['zipCode=abcde'],
    ['distance=0'],
    ['distance=-5'],
    ['page=0'],
    ['page=two'],
    ['minPrice=-1'],
    ['maxPrice=1e9'],
    ['sort=cheapest'],
    ['condition=broken'],
    ['completed=false'],
    ['completed=1'],
    ['keyword=%20%20'],
    ['familyIDs='],
    ['utm_source=mail'],
  ])('drops the invalid or unknown %j', (query) => {
    expect(parseSearchParams(query)).toEqual({});
  });
});
