/**
 * A listing as the API answers it, read by many tables (search, favorites, orders, offers, saved
 * searches, the seller API): its enumerations as schemas, the card of lists and the detail of the
 * listing page.
 */
import { z } from 'zod';
import { CategoryFamily, CategoryFamilyId } from '../domain/category.ts';
import { Condition, ListingOption, ListingType, ReturnPolicy } from '../domain/listing.ts';
import { PaymentMethod } from '../domain/payment.ts';
import {
  dateTimeSchema,
  flagsSchema,
  legacyIdSchema,
  moneySchema,
  resultsSchema,
  uuidSchema,
} from './common.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations as schemas
// ---------------------------------------------------------------------------------------------

export const listingTypeSchema = z.enum(ListingType);
export const conditionSchema = z.enum(Condition);
export const familyKeySchema = z.enum(CategoryFamily);
export const familyIdSchema = z.enum(CategoryFamilyId, { error: 'Choose a category.' });
export const returnPolicySchema = z.enum(ReturnPolicy);
export const listingOptionsSchema = flagsSchema(ListingOption);
export const paymentMethodsSchema = flagsSchema(PaymentMethod);

/** Two capital letters; read shapes accept any state or district code a seller's address carries. */
export const stateCodeSchema = z.string().regex(/^[A-Z]{2}$/, { error: 'Enter a two-letter state code.' });

// ---------------------------------------------------------------------------------------------
// Listing card (search result, home lists, favorites, basic fetch)
// ---------------------------------------------------------------------------------------------

/**
 * A listing tile (the search result / listing card, primary names). `thumbnailPicture` may
 * be null, 'catalog' or an all-zero id: the client then shows the stock image of the upc.
 */
export const listingCardSchema = z.object({
  id: uuidSchema,
  userId: uuidSchema,
  title: z.string(),
  /** The price shown on the tile. */
  displayPrice: moneySchema,
  price: moneySchema,
  thumbnailPicture: z.string().nullable(),
  upc: z.string().nullable(),
  sku: z.string().nullable(),
  sellerStockNumber: z.string().nullable(),
  /** The seller's display name. */
  displayName: z.string(),
  totalCompletedSales: z.int().nonnegative(),
  deliveryDays: z.int().nonnegative(),
  liveCheckoutEnabled: z.boolean(),
  family: familyKeySchema,
  familyId: familyIdSchema,
  /** Site-relative URL of the listing page, `/{id}/{sanitized-title}`. */
  listingURL: z.string(),
  listingType: listingTypeSchema,
  listingOptions: listingOptionsSchema,
  condition: conditionSchema,
  /** Seller rating out of 5; null before the first review. */
  rating: z.number().min(0).max(5).nullable(),
  /** Whether the caller has this listing among their favorites (false for visitors). */
  fav: z.boolean(),
  /** Plain-text summary of the description. */
  description: z.string(),
  /** Units left; 0 is out of stock: the card stays in results but offers no Buy now. */
  quantity: z.int().nonnegative(),
  /** Distance from the searched zip code, when one was given. */
  distanceMiles: z.number().nonnegative().optional(),
  /**
   * A listing sold by auction: when it ends (or ended, if staff or a sale closed it early), its bid
   * count and whether it sold. Null for every other listing, and for an auction-type listing from
   * before auctions took bids; absent from cards kept by an earlier version (a visitor's favorites).
   */
  auction: z
    .object({ endsAt: dateTimeSchema, bidCount: z.int().nonnegative(), sold: z.boolean() })
    .nullable()
    .default(null),
});
export type ListingCard = z.infer<typeof listingCardSchema>;
export type CardAuction = NonNullable<ListingCard['auction']>;

export const listingCardListSchema = resultsSchema(listingCardSchema);
export type ListingCardList = z.infer<typeof listingCardListSchema>;

// ---------------------------------------------------------------------------------------------
// Listing detail (listing page)
// ---------------------------------------------------------------------------------------------

export const listingImageSchema = z.object({
  id: uuidSchema,
  src: z.string(),
  width: z.int().positive().optional(),
  height: z.int().positive().optional(),
});
export type ListingImage = z.infer<typeof listingImageSchema>;

export const listingSellerSchema = z.object({
  id: uuidSchema,
  displayName: z.string(),
  /** A licensed dealer (FFL). */
  isDealer: z.boolean(),
  city: z.string().nullable(),
  state: stateCodeSchema.nullable(),
  totalCompletedSales: z.int().nonnegative(),
  rating: z.number().min(0).max(5).nullable(),
});
export type ListingSeller = z.infer<typeof listingSellerSchema>;

export const listingLocationSchema = z.object({
  zipCode: z.string(),
  city: z.string().nullable(),
  state: stateCodeSchema.nullable(),
});
export type ListingLocation = z.infer<typeof listingLocationSchema>;

/** A listing's short number ("Listing number"). */
export const listingNumberSchema = z.int().positive();

/**
 * Everything the listing page shows. Note the published casing:
 * the detail carries `listingUrl`, the card `listingURL`.
 */
export const listingDetailSchema = z.object({
  id: uuidSchema,
  legacyId: legacyIdSchema.nullable(),
  /** The short number people see and quote ("Listing number"); a listing of the previous site keeps its legacy id. */
  listingNumber: listingNumberSchema,
  userId: uuidSchema,
  title: z.string(),
  description: z.string(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  caliber: z.string().nullable(),
  condition: conditionSchema,
  quantity: z.int().nonnegative(),
  /**
   * Units a shopper may buy now: the quantity less the units accepted offers hold for their buyers'
   * checkout. `quantity` stays the seller's stock.
   */
  available: z.int().nonnegative(),
  price: moneySchema,
  displayPrice: moneySchema,
  upc: z.string().nullable(),
  sku: z.string().nullable(),
  sellerStockNumber: z.string().nullable(),
  listingUrl: z.string(),
  images: z.array(listingImageSchema),
  thumbnailPicture: z.string().nullable(),
  isActive: z.boolean(),
  isSold: z.boolean(),
  listingStartDate: dateTimeSchema,
  listingEndDate: dateTimeSchema.nullable(),
  shippingCost: moneySchema,
  deliveryDays: z.int().nonnegative(),
  family: familyKeySchema,
  familyId: familyIdSchema,
  listingType: listingTypeSchema,
  listingOptions: listingOptionsSchema,
  returnPolicy: returnPolicySchema,
  acceptedPaymentMethods: paymentMethodsSchema,
  liveCheckoutEnabled: z.boolean(),
  /** The seller takes offers below the asking price. */
  acceptsOffers: z.boolean(),
  /** States the seller does not ship to. */
  excludedShipToStates: z.array(stateCodeSchema),
  /** Rounds the magazine holds, when the seller gave it (checkout's state magazine limits read it). */
  magazineCapacity: z.int().positive().nullable().optional(),
  location: listingLocationSchema,
  seller: listingSellerSchema,
  fav: z.boolean(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;
