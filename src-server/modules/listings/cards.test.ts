import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { listingCardSchema } from '../../../shared/contract/listing-shapes.ts';
import { type SellerListing, sellerListingSchema } from '../../../shared/contract/seller-listings.ts';
import { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { Condition, ListingOption, ListingType } from '../../../shared/domain/listing.ts';
import {
  CARD_AUCTION_JSON,
  CARD_COMPUTED_FIELDS,
  CARD_JSON,
  type CardComputedField,
  type CardJson,
  toCard,
  toSellerListing,
} from './cards.ts';

const row: CardJson = {
  id: '5f0c1a52-4a63-4c2f-9d61-2b7f0e6f4a11',
  userId: '0b6f2c1e-93a4-4f7e-8c11-6a2d9e3b7c55',
  title: 'Glock 19 Gen 5, 9mm',
  price: '549.99',
  thumbnailPicture: null,
  upc: '764503037108',
  sku: null,
  sellerStockNumber: null,
  displayName: 'Lone Star Arms',
  totalCompletedSales: 12,
  deliveryDays: 3,
  liveCheckoutEnabled: false,
  familyId: CategoryFamilyId.SemiAutoPistols,
  listingType: ListingType.National,
  listingOptions: ListingOption.Featured,
  condition: Condition.NewInBox,
  rating: 4.75,
  description: 'A compact   pistol.\nShips fast.',
  legacyId: 1234,
  listingNumber: '1234',
  quantity: 2,
  isActive: true,
  isSold: false,
  listingStartDate: '2026-11-21T08:59:12.123+00:00',
  listingEndDate: null,
  auction: null,
};

const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('the listing card shape', () => {
  /** The keys `json_build_object` is given in the card projection's SQL (the auction's object is one). */
  const projectedKeys = () => {
    const dialect = new PgDialect();
    const text = dialect.sqlToQuery(CARD_JSON).sql.replace(dialect.sqlToQuery(CARD_AUCTION_JSON).sql, '');
    return [...text.matchAll(/'(\w+)',/g)].map((match) => match[1]!);
  };

  it('reads every seller-listing field the contract names, apart from those the mapper computes', () => {
    const read = projectedKeys();
    expect(new Set(read).size).toBe(read.length);
    expect(read.filter((key) => (CARD_COMPUTED_FIELDS as readonly string[]).includes(key))).toEqual([]);
    expect(sorted([...read, ...CARD_COMPUTED_FIELDS])).toEqual(
      sorted(Object.keys(sellerListingSchema.shape)),
    );
  });

  it('types the projected row with the same fields', () => {
    expectTypeOf<keyof CardJson | CardComputedField>().toEqualTypeOf<keyof SellerListing>();
    expect(sorted(projectedKeys())).toEqual(sorted(Object.keys(row)));
  });

  it('computes only fields of the contract card', () => {
    const cardKeys = Object.keys(listingCardSchema.shape);
    for (const field of CARD_COMPUTED_FIELDS) expect(cardKeys).toContain(field);
  });

  it('maps a row to a card and a seller listing the contract accepts, with no extra fields', () => {
    expect(listingCardSchema.strict().parse(toCard(row))).toBeTruthy();
    expect(listingCardSchema.strict().parse(toCard(row, 12.34)).distanceMiles).toBe(12.3);
    expect(sellerListingSchema.strict().parse(toSellerListing(row))).toBeTruthy();
  });

  it("gives an auction's card its end in ISO 8601 UTC, its bids and whether it sold", () => {
    const auction = { endsAt: '2026-12-08T12:00:00+00:00', bidCount: 5, sold: false };
    const card = listingCardSchema
      .strict()
      .parse(toCard({ ...row, listingType: ListingType.Auction, auction }));
    expect(card.auction).toEqual({ endsAt: '2026-12-08T12:00:00.000Z', bidCount: 5, sold: false });
    expect(toCard(row).auction).toBeNull();
  });
});
