/**
 * What a seller sends to list an item or change a listing (POST /listings/add, multipart: `request`
 * JSON plus `images` files), with the limits the seller API and feeds share.
 */
import { z } from 'zod';
import { auctionProblems } from '../domain/auctions.ts';
import {
  hasValidUpcCheckDigit,
  LISTING_DELIVERY_DAYS_DEFAULT,
  LISTING_DELIVERY_DAYS_MAX,
  LISTING_DETAIL_MAX,
  LISTING_QUANTITY_MAX,
  LISTING_STOCK_NUMBER_MAX,
  LISTING_TITLE_MAX_LENGTH,
  ListingOption,
  ListingType,
  MAX_LISTING_DESCRIPTION,
  MAX_LISTING_IMAGES,
  ReturnPolicy,
  UPC_MESSAGES,
} from '../domain/listing.ts';
import { nameText, plainText } from '../domain/text.ts';
import { SHIP_TO_REGIONS } from '../domain/us-states.ts';
import { dateTimeSchema, moneySchema, shipToRegionSchema, uuidSchema, zipCodeSchema } from './common.ts';
import { MB } from './endpoint.ts';
import {
  conditionSchema,
  familyIdSchema,
  listingOptionsSchema,
  listingTypeSchema,
  paymentMethodsSchema,
  returnPolicySchema,
} from './listing-shapes.ts';

export const LISTING_TITLE_MAX = LISTING_TITLE_MAX_LENGTH;
export const LISTING_DURATION_DEFAULT_DAYS = 30;
export const LISTING_DURATION_MAX_DAYS = 90;
/** Largest photo file accepted. */
export const MAX_LISTING_IMAGE_BYTES = 15 * MB;

export {
  LISTING_DELIVERY_DAYS_DEFAULT,
  LISTING_DELIVERY_DAYS_MAX,
  LISTING_DETAIL_MAX,
  LISTING_QUANTITY_MAX,
  LISTING_STOCK_NUMBER_MAX,
  MAX_LISTING_DESCRIPTION,
  MAX_LISTING_IMAGES,
};

/** A UPC of 8 to 14 digits; a 12-digit UPC-A must end in its check digit. */
export const upcSchema = z
  .string()
  .trim()
  .regex(/^\d{8,14}$/, { error: UPC_MESSAGES.digits })
  .refine(hasValidUpcCheckDigit, { error: UPC_MESSAGES.checkDigit });

/** What a seller sets beyond the price (the starting bid) for an auction. */
export const auctionTermsSchema = z.object({
  /** Hidden from shoppers, who see only whether it is met. */
  reservePrice: moneySchema.min(0.01).optional(),
  /** Available until the first bid, or while the reserve is not met. */
  buyNowPrice: moneySchema.min(0.01).optional(),
  /** A later start than now (bids are refused until then); the end is this plus the duration. */
  startsAt: dateTimeSchema.optional(),
});

/**
 * A new listing, or with `id` an update of one of the caller's listings. Uploaded images are added
 * to the listing's images; single images are removed with DELETE /listings/delete-image/{id}.
 */
export const listingInputSchema = z
  .object({
    id: uuidSchema.optional(),
    title: nameText().min(3).max(LISTING_TITLE_MAX),
    /**
     * Rich text as HTML. The server keeps only p, br, strong, em, ul, ol, li, h3, h4, blockquote and
     * a (http, https and mailto links); anything else is removed, its text kept.
     */
    description: plainText().trim().min(1).max(MAX_LISTING_DESCRIPTION),
    familyId: familyIdSchema,
    manufacturer: plainText().trim().max(LISTING_DETAIL_MAX).optional(),
    model: plainText().trim().max(LISTING_DETAIL_MAX).optional(),
    caliber: plainText().trim().max(LISTING_DETAIL_MAX).optional(),
    condition: conditionSchema,
    quantity: z.int().min(1).max(LISTING_QUANTITY_MAX),
    price: moneySchema.min(0.01),
    upc: upcSchema.optional(),
    sku: plainText().trim().max(LISTING_STOCK_NUMBER_MAX).optional(),
    sellerStockNumber: plainText().trim().max(LISTING_STOCK_NUMBER_MAX).optional(),
    listingType: listingTypeSchema.default(ListingType.National),
    listingOptions: listingOptionsSchema.default(ListingOption.None),
    /**
     * Paid listing options to buy now (Bold, Featured, Highlight, Border, Homepage, ExtraPhotosPaid,
     * LocalListingFee): each one the listing does not have yet is charged by the fee schedule of
     * shared/domain/membership.ts and kept on the listing. Other flags here are ignored.
     */
    paidOptions: listingOptionsSchema.default(ListingOption.None),
    returnPolicy: returnPolicySchema.default(ReturnPolicy.None),
    /** The seller takes offers below the asking price. */
    acceptsOffers: z.boolean().default(false),
    shippingCost: moneySchema.default(0),
    deliveryDays: z.int().min(0).max(LISTING_DELIVERY_DAYS_MAX).default(LISTING_DELIVERY_DAYS_DEFAULT),
    /** Defaults to the payment methods of the seller's payment options. */
    acceptedPaymentMethods: paymentMethodsSchema.optional(),
    excludedShipToStates: z.array(shipToRegionSchema).max(SHIP_TO_REGIONS.length).default([]),
    /**
     * Rounds the magazine holds (a magazine listing, or the magazine a firearm is sold with): checkout
     * applies the state magazine limits of shared/domain/compliance.ts to it.
     */
    magazineCapacity: z.int().min(1).max(1000).optional(),
    /** Where the item is; required for local listings. */
    zipCode: zipCodeSchema.optional(),
    durationDays: z.int().min(1).max(LISTING_DURATION_MAX_DAYS).default(LISTING_DURATION_DEFAULT_DAYS),
    /**
     * Update only: the listing's current image ids in the order to show them, the first the main
     * photo. Ids left out keep their place after these; images uploaded with the request follow.
     */
    imageOrder: z.array(uuidSchema).max(MAX_LISTING_IMAGES).optional(),
    /**
     * An auction's own terms (listing type Auction; `price` is then the starting bid and
     * `durationDays` one of 1, 3, 5, 7 or 10). Fixed once the auction has a bid. On an edit, left
     * out: the terms stay as they are; given: they are set as given (a term left out is removed).
     */
    auction: auctionTermsSchema.optional(),
  })
  .refine((input) => input.listingType !== ListingType.Local || input.zipCode !== undefined, {
    error: 'A local listing needs a zip code.',
    path: ['zipCode'],
  })
  .superRefine((input, ctx) => {
    for (const [path, message] of auctionProblems(input))
      ctx.addIssue({ code: 'custom', message, path: [...path] });
  });
export type ListingInput = z.input<typeof listingInputSchema>;
export type ParsedListingInput = z.output<typeof listingInputSchema>;
