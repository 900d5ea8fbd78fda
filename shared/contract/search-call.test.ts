import { describe, expect, it } from 'vitest';
import { ListingType } from '../domain/listing.ts';
import { EMPTY_GUID } from '../domain/uuid.ts';
import { parseSearchParams, type SearchRouteParams, toSearchQueryString } from '../search/search-url.ts';
import { searchRequestSchema } from './listing-search.ts';
import { toSearchCall } from './search-call.ts';

const SELLER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('search call', () => {
  it('round-trips every parameter through the URL into the API request', () => {
    const params: SearchRouteParams = {
      keyword: 'glock 19',
      familyIDs: [18, 17],
      listingType: 'local',
      cmc: 'fall',
      uid: SELLER_ID,
      upsells: 2,
      listingStartDate: 7,
      distributorId: EMPTY_GUID,
      zipCode: '75207',
      distance: 50,
      minPrice: 100,
      maxPrice: 900.5,
      condition: 'Used',
      completed: true,
      sort: 'distance',
      page: 3,
    };
    const fromUrl = parseSearchParams(`/search?${toSearchQueryString(params)}`);
    expect(fromUrl).toEqual(params);
    expect(toSearchCall(fromUrl).body).toEqual({
      keyword: 'glock 19',
      familyIds: [18, 17],
      listingType: ListingType.Local,
      uid: SELLER_ID,
      upsells: 2,
      listingStartDate: 7,
      distributorId: EMPTY_GUID,
      zipCode: '75207',
      distance: 50,
      minPrice: 100,
      maxPrice: 900.5,
      conditions: ['Used'],
      completed: true,
      sort: 'distance',
      page: 3,
      pageSize: 24,
    });
  });

  it('sends the campaign code once, in the query', () => {
    expect(toSearchCall({ keyword: 'ar15', cmc: 'fall' })).toEqual({
      body: { keyword: 'ar15', pageSize: 24 },
      query: { cmc: 'fall' },
    });
    expect(toSearchCall({ keyword: 'ar15' })).toEqual({ body: { keyword: 'ar15', pageSize: 24 } });
  });

  it('builds requests the contract accepts', () => {
    const call = toSearchCall(
      parseSearchParams('/search?keyword=glock&familyIDs=18&condition=Used&sort=distance'),
    );
    expect(searchRequestSchema.safeParse(call.body).success).toBe(true);
    const completed = toSearchCall(parseSearchParams('/search?completed=true&sort=ending-soonest'));
    expect(searchRequestSchema.parse(completed.body)).toMatchObject({
      completed: true,
      sort: 'ending-soonest',
    });
  });

  it('leaves the distance rules to the server: a distance sort or a radius without a zip code is sent as is', () => {
    expect(toSearchCall({ sort: 'distance', distance: 25 }).body).toMatchObject({
      sort: 'distance',
      distance: 25,
    });
  });
});
