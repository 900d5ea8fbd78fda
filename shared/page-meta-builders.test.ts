import { describe, expect, it } from 'vitest';
import type { Brand } from './contract/brands.ts';
import type { ListingDetail } from './contract/listing-shapes.ts';
import { ListingOption, ListingType } from './domain/listing.ts';
import { MIN_TRANSIT_DAYS } from './domain/metadata.ts';
import {
  brandPageMeta,
  cityPageMeta,
  homePageMeta,
  listingPageMeta,
  newThisWeekPageMeta,
  offerShippingDetails,
  searchPageMeta,
} from './page-meta-builders.ts';

const ORIGIN = 'https://ironsight.example';
const NOW = new Date('2026-11-21T10:00:00.000Z');

const listing: ListingDetail = {
  id: '3f2b9c1e-7a4d-4e8b-9c0f-1a2b3c4d5e6f',
  legacyId: 42,
  listingNumber: 42,
  userId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  title: 'Smith & Wesson M&P9 Shield Plus 9mm Pistol with Optic Cut',
  description:
    'Great carry gun. Text 214-555-0100 or write to seller@example.com, see https://example.com/x.',
  manufacturer: 'Smith & Wesson',
  model: 'M&P9 Shield Plus',
  caliber: '9mm',
  condition: 'Used',
  quantity: 0,
  available: 0,
  price: 449,
  displayPrice: 449,
  upc: '022188885126',
  sku: null,
  sellerStockNumber: null,
  listingUrl: '/3f2b9c1e-7a4d-4e8b-9c0f-1a2b3c4d5e6f/smith-wesson-m-p9-shield-plus',
  images: [],
  thumbnailPicture: 'catalog',
  isActive: true,
  isSold: false,
  listingStartDate: '2026-11-01T00:00:00.000Z',
  listingEndDate: null,
  shippingCost: 0,
  deliveryDays: 2,
  family: 'SemiAutoPistols',
  familyId: 18,
  listingType: ListingType.National,
  listingOptions: ListingOption.None,
  returnPolicy: 0,
  acceptedPaymentMethods: 0,
  liveCheckoutEnabled: false,
  acceptsOffers: false,
  excludedShipToStates: [],
  location: { zipCode: '75201', city: 'Dallas', state: 'TX' },
  seller: {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    displayName: 'Sam',
    isDealer: false,
    city: null,
    state: null,
    totalCompletedSales: 0,
    rating: null,
  },
  fav: false,
};

describe('page metadata', () => {
  it('describes a listing without contact details, with a 35-character product name and its stock state', () => {
    const meta = listingPageMeta(listing, ORIGIN, NOW);
    expect(meta.title).toBe('Smith & Wesson M&P9 Shield Plus 9mm Pistol with Optic Cut | Ironsight');
    expect(meta.description).toBe('Great carry gun. Text or write to, see');
    expect(meta.robots).toBe('noindex,nofollow');
    expect(meta.canonical).toBe(`${ORIGIN}${listing.listingUrl}`);
    const [product] = meta.jsonLd ?? [];
    expect(product).toMatchObject({
      name: 'Smith & Wesson M&P9 Shield Plus',
      gtin12: '022188885126',
      image: [`${ORIGIN}/api/stock-images/022188885126`],
      offers: {
        availability: 'https://schema.org/OutOfStock',
        priceValidUntil: '2027-11-21',
        price: '449.00',
      },
    });
  });

  it('gives the home page its search action and the search page a normalised canonical URL', () => {
    expect(homePageMeta(ORIGIN).title).toBe('Buy Guns Online and Sell Guns Online | Ironsight');
    const search = searchPageMeta(ORIGIN, '?Keyword=glock&page=1&condition=used');
    expect(search.title).toBe('glock for Sale – Search Results | Ironsight');
    expect(search.canonical).toBe(`${ORIGIN}/search?keyword=glock&condition=Used`);
    expect(search.openGraph).toEqual({ type: 'website', site_name: 'Ironsight' });
    expect(cityPageMeta(ORIGIN, 'houston')?.openGraph?.type).toBe('website');
    expect(newThisWeekPageMeta(ORIGIN).openGraph?.type).toBe('website');
  });

  it("gives the listing's Offer its shipping rate and a transit time of at least 3 days", () => {
    const meta = listingPageMeta({ ...listing, shippingCost: 12.5, deliveryDays: 2 }, ORIGIN, NOW);
    const offer = (meta.jsonLd![0] as { offers: { shippingDetails: unknown } }).offers;
    expect(offer.shippingDetails).toEqual({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: '12.50', currency: 'USD' },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        transitTime: { '@type': 'QuantitativeValue', minValue: 3, maxValue: 3, unitCode: 'DAY' },
      },
    });
    expect(MIN_TRANSIT_DAYS).toBe(3);
  });

  it.each([
    [0, 3],
    [1, 3],
    [3, 3],
    [5, 5],
    [10, 10],
  ])('takes %i delivery days as a transit time of 3 to %i days', (deliveryDays, maxValue) => {
    const details = offerShippingDetails({ shippingCost: 0, deliveryDays });
    expect(details.deliveryTime.transitTime).toMatchObject({ minValue: MIN_TRANSIT_DAYS, maxValue });
    expect(details.shippingRate.value).toBe('0.00');
  });

  it('describes a brand page the same way for the server and the client', () => {
    const brand: Brand = {
      id: '0b7c8f6e-2d1a-4c3b-9e8f-7a6b5c4d3e2f',
      slug: 'glock',
      name: 'Glock',
      keywords: ['Glock', 'glock 19', 'G19'],
      logoUrl: null,
      shopUrl: '/search?keyword=glock',
      metaTitle: null,
      metaDescription: null,
      focus: {
        name: 'Glock',
        heroSubtext: 'Austrian pistols, from the G17 to the G48.',
        products: [{ name: 'G19', imageUrl: '/media/brands/g19.svg', imageAlt: 'G19', actionUrl: '/search' }],
      },
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    expect(brandPageMeta(brand, ORIGIN)).toEqual({
      title: 'Glock for Sale | Ironsight',
      description: 'Austrian pistols, from the G17 to the G48.',
      canonical: `${ORIGIN}/brand/glock`,
      keywords: 'glock, glock 19, g19',
      openGraph: { type: 'website', site_name: 'Ironsight', image: `${ORIGIN}/media/brands/g19.svg` },
    });
    const own = brandPageMeta(
      { ...brand, metaTitle: 'Glock Pistols | Ironsight', metaDescription: 'Every Glock.', focus: null },
      ORIGIN,
    );
    expect(own).toMatchObject({ title: 'Glock Pistols | Ironsight', description: 'Every Glock.' });
    expect(own.openGraph).toEqual({ type: 'website', site_name: 'Ironsight' });
    expect(brandPageMeta({ ...brand, focus: null }, ORIGIN).description).toBe(
      'Listings, news and reviews for Glock.',
    );
  });
});
