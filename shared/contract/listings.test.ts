import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, EMPTY_GUID, ErrorMessage, MAX_PAGE_SIZE, validationEnvelope } from './common.ts';
import { listingInputSchema } from './listing-input.ts';
import { searchRequestSchema, searchResponseSchema } from './listing-search.ts';
import { listingCardSchema } from './listing-shapes.ts';
import {
  listingsGetBasicRequestSchema,
  listingsGetRequestSchema,
  localListingsQuerySchema,
  RELIST_FAILURE,
  relistFailureSchema,
  suggestionsResponseSchema,
} from './listings.ts';

const LISTING_ID = '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70';
const SELLER_ID = '3f2b8c1e-5d4a-4e9b-8c7d-1a2b3c4d5e6f';

const card = {
  id: LISTING_ID,
  userId: SELLER_ID,
  title: 'Glock 19 Gen 5 9mm',
  displayPrice: 549.99,
  price: 549.99,
  thumbnailPicture: 'catalog',
  upc: '764503037108',
  sku: null,
  sellerStockNumber: 'G19-5',
  displayName: 'Lone Star Arms',
  totalCompletedSales: 212,
  deliveryDays: 2,
  liveCheckoutEnabled: true,
  family: 'SemiAutoPistols',
  familyId: 18,
  listingURL: `/${LISTING_ID}/glock-19-gen-5-9mm`,
  listingType: 0,
  listingOptions: 2,
  condition: 'NewInBox',
  rating: 4.8,
  fav: false,
  description: 'New in box with three magazines.',
  quantity: 4,
  auction: null,
};

describe('search request', () => {
  it('defaults to relevance, page 1 and 24 per page', () => {
    expect(searchRequestSchema.parse({})).toEqual({
      sort: 'relevance',
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
  });

  it('allows at most 100 per page', () => {
    expect(searchRequestSchema.safeParse({ pageSize: MAX_PAGE_SIZE }).success).toBe(true);
    expect(searchRequestSchema.safeParse({ pageSize: MAX_PAGE_SIZE + 1 }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ page: 0 }).success).toBe(false);
  });

  it('carries the filters of the search URL', () => {
    const request = {
      keyword: 'glock',
      familyIds: [18, 11],
      listingType: 2,
      cmc: 'spring',
      uid: SELLER_ID,
      upsells: 2,
      listingStartDate: 7,
      distributorId: EMPTY_GUID,
      zipCode: '75207',
      distance: 50,
      minPrice: 100,
      maxPrice: 999.99,
      conditions: ['NewInBox', 'NeverFired'],
      sort: 'price-asc',
      page: 2,
      pageSize: 48,
    };
    expect(searchRequestSchema.parse(request)).toEqual(request);
  });

  it('refuses unknown families, listing types, conditions and sorts', () => {
    expect(searchRequestSchema.safeParse({ familyIds: [26] }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ listingType: 3 }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ conditions: ['Mint'] }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ sort: 'cheapest' }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ upsells: 4 }).success).toBe(false);
  });

  it('refuses a maximum price below the minimum', () => {
    const result = searchRequestSchema.safeParse({ minPrice: 500, maxPrice: 100 });
    expect(result.error?.issues[0]?.path).toEqual(['maxPrice']);
  });

  it('answers cards with facets', () => {
    const response = {
      total: 1,
      totalCapped: false,
      page: 1,
      pageSize: 24,
      results: [{ ...card, distanceMiles: 12.5 }],
      facets: {
        family: [{ id: 18, count: 1 }],
        condition: [{ value: 'NewInBox', count: 1 }],
        listingType: [{ value: 0, count: 1 }],
      },
    };
    expect(searchResponseSchema.parse(response)).toEqual(response);
    // Past the count limit: the total is the limit, facets are not counted; a corrected keyword is named.
    const capped = { ...response, total: 1000, totalCapped: true, facets: null, correctedKeyword: 'glock' };
    expect(searchResponseSchema.parse(capped)).toEqual(capped);
    expect(searchResponseSchema.safeParse({ ...response, totalCapped: undefined }).success).toBe(false);
    expect(listingCardSchema.safeParse({ ...card, displayPrice: 1.005 }).success).toBe(false);
  });

  it('reads an auction’s card, and a card kept from before cards carried auctions as no auction', () => {
    const auction = { endsAt: '2026-12-08T12:00:00.000Z', bidCount: 5, sold: false };
    expect(listingCardSchema.parse({ ...card, listingType: 1, auction }).auction).toEqual(auction);
    const { auction: _none, ...kept } = card;
    expect(listingCardSchema.parse(kept).auction).toBeNull();
    expect(listingCardSchema.safeParse({ ...card, auction: { ...auction, bidCount: -1 } }).success).toBe(
      false,
    );
  });
});

describe('listing fetches', () => {
  it("refuse a fetch with neither id nor legacy id with 'No id or legacyId provided'", () => {
    for (const body of [{ filters: {} }, { filters: { listingIds: [], legacyIds: [] } }]) {
      const result = listingsGetRequestSchema.safeParse(body);
      expect(result.success).toBe(false);
      if (!result.success)
        expect(validationEnvelope(result.error).error.message).toBe(ErrorMessage.NoIdOrLegacyId);
    }
  });

  it('accept ids or legacy ids', () => {
    expect(listingsGetRequestSchema.parse({ filters: { legacyIds: [123456] } }).filters).toEqual({
      listingIds: [],
      legacyIds: [123456],
    });
    expect(listingsGetRequestSchema.safeParse({ filters: { legacyIds: [0] } }).success).toBe(false);
  });

  it("refuse a basic fetch of an empty list with 'No ids provided'", () => {
    const result = listingsGetBasicRequestSchema.safeParse({ filters: { listingIds: [] } });
    expect(result.success).toBe(false);
    if (!result.success) expect(validationEnvelope(result.error).error.message).toBe(ErrorMessage.NoIds);
  });
});

describe('listing input', () => {
  const input = {
    title: 'Ruger 10/22 Carbine',
    description: 'Lightly used.',
    familyId: 19,
    condition: 'Used',
    quantity: 1,
    price: 289,
  };

  it('fills listing defaults', () => {
    expect(listingInputSchema.parse(input)).toMatchObject({
      listingType: 0,
      listingOptions: 0,
      returnPolicy: 0,
      shippingCost: 0,
      excludedShipToStates: [],
      durationDays: 30,
    });
  });

  it('needs a zip code for a local listing', () => {
    expect(listingInputSchema.safeParse({ ...input, listingType: 2 }).error?.issues[0]?.path).toEqual([
      'zipCode',
    ]);
    expect(listingInputSchema.safeParse({ ...input, listingType: 2, zipCode: '75207' }).success).toBe(true);
  });

  it("asks for a category when none or an unknown one is chosen: 'Choose a category.'", () => {
    const { familyId: _none, ...withoutCategory } = input;
    for (const body of [withoutCategory, { ...input, familyId: '' }, { ...input, familyId: 999 }]) {
      const issue = listingInputSchema
        .safeParse(body)
        .error?.issues.find((entry) => entry.path[0] === 'familyId');
      expect(issue?.message).toBe('Choose a category.');
    }
  });

  it('takes ship-to exclusions from the US state list', () => {
    expect(listingInputSchema.safeParse({ ...input, excludedShipToStates: ['CA', 'NY'] }).success).toBe(true);
    expect(listingInputSchema.safeParse({ ...input, excludedShipToStates: ['XX'] }).success).toBe(false);
    // The District of Columbia has its own firearm laws: a seller can keep a listing from shipping there.
    expect(listingInputSchema.safeParse({ ...input, excludedShipToStates: ['DC', 'CA'] }).success).toBe(true);
  });
});

describe('relist and suggestions', () => {
  it('fails a relist with the spec message inside the envelope', () => {
    expect(relistFailureSchema.parse(RELIST_FAILURE)).toEqual(RELIST_FAILURE);
    expect(RELIST_FAILURE.errorMessage).toBe('Server error occurred while relisting.');
  });

  it('answers suggestions as a map of texts to counts with the top family', () => {
    const body = {
      querySummary: { 'glock 19': 40, 'glock 17': 22 },
      topFamily: { id: 18, key: 'SemiAutoPistols', name: 'Other/Semi Auto/Single Shot Pistols' },
    };
    expect(suggestionsResponseSchema.parse(body)).toEqual(body);
    expect(suggestionsResponseSchema.parse({ querySummary: {}, topFamily: null }).topFamily).toBeNull();
  });
});

describe('query strings', () => {
  it('read numbers from text and blank as absent', () => {
    expect(localListingsQuerySchema.parse({ limit: '12', distance: '', zipCode: '75207' })).toEqual({
      limit: 12,
      distance: undefined,
      zipCode: '75207',
      cmc: undefined,
    });
    expect(localListingsQuerySchema.safeParse({ limit: 'twelve' }).success).toBe(false);
  });
});
