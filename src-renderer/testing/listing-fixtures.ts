import type { ListingCard, ListingDetail } from '../../shared/contract/listing-shapes.ts';
import { ListingOption, ListingType } from '../../shared/domain/listing.ts';

export const LISTING_ID = '3f2b9c1e-7a4d-4e8b-9c0f-1a2b3c4d5e6f';
export const SELLER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** A listing tile as the search API answers it; override what a test is about. */
export function listingCard(overrides: Partial<ListingCard> = {}): ListingCard {
  return {
    id: LISTING_ID,
    userId: SELLER_ID,
    title: 'Glock 19 Gen 5 9mm 15rd Pistol',
    displayPrice: 549.99,
    price: 549.99,
    thumbnailPicture: '/media/family/SemiAutoPistols-1.svg',
    upc: '764503037108',
    sku: 'G19G5',
    sellerStockNumber: 'A-100',
    displayName: 'Lone Star Arms',
    totalCompletedSales: 0,
    deliveryDays: 2,
    liveCheckoutEnabled: false,
    family: 'SemiAutoPistols',
    familyId: 18,
    listingURL: `/${LISTING_ID}/glock-19-gen-5-9mm-15rd-pistol`,
    listingType: ListingType.National,
    listingOptions: ListingOption.None,
    condition: 'NewInBox',
    rating: 4.8,
    fav: false,
    description: 'New in box.',
    quantity: 3,
    auction: null,
    ...overrides,
  };
}

const DAY_MS = 86_400_000;
const FIXTURE_START = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS + 12 * 3_600_000;

export function listingDetail(overrides: Partial<ListingDetail> = {}): ListingDetail {
  return {
    id: LISTING_ID,
    legacyId: 123456,
    listingNumber: 123456,
    userId: SELLER_ID,
    title: 'Glock 19 Gen 5 9mm 15rd Pistol',
    description: 'New in box with two magazines. Call 214-555-0100 or mail me@example.com.',
    manufacturer: 'Glock',
    model: '19 Gen 5',
    caliber: '9mm',
    condition: 'NewInBox',
    quantity: 3,
    // What a shopper may buy follows the stock a test gives, unless it gives both.
    available: overrides.quantity ?? 3,
    price: 549.99,
    displayPrice: 549.99,
    upc: '764503037108',
    sku: 'G19G5',
    sellerStockNumber: 'A-100',
    listingUrl: `/${LISTING_ID}/glock-19-gen-5-9mm-15rd-pistol`,
    images: [
      { id: '11111111-1111-4111-8111-111111111111', src: '/media/family/SemiAutoPistols-0.svg' },
      { id: '22222222-2222-4222-8222-222222222222', src: '/media/family/SemiAutoPistols-1.svg' },
    ],
    thumbnailPicture: '/media/family/SemiAutoPistols-0.svg',
    isActive: true,
    isSold: false,
    // Listed yesterday for 30 days: on sale whenever the tests run.
    listingStartDate: new Date(FIXTURE_START).toISOString(),
    listingEndDate: new Date(FIXTURE_START + 30 * DAY_MS).toISOString(),
    shippingCost: 25,
    deliveryDays: 1,
    family: 'SemiAutoPistols',
    familyId: 18,
    listingType: ListingType.National,
    listingOptions: ListingOption.None,
    returnPolicy: 3,
    acceptedPaymentMethods: 6,
    liveCheckoutEnabled: true,
    acceptsOffers: false,
    excludedShipToStates: ['CA', 'NY'],
    location: { zipCode: '75201', city: 'Dallas', state: 'TX' },
    seller: {
      id: SELLER_ID,
      displayName: 'Lone Star Arms',
      isDealer: true,
      city: 'Dallas',
      state: 'TX',
      totalCompletedSales: 1200,
      rating: 4.8,
    },
    fav: false,
    ...overrides,
  };
}
