import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { NRA_GRADES, VALUATION_LEVELS } from '../domain/valuation.ts';
import { dateTimeSchema, idParamsSchema, moneySchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition, IMAGE_TYPES } from './endpoint.ts';
import { MAX_LISTING_IMAGE_BYTES } from './listing-input.ts';
import { conditionSchema, familyIdSchema, familyKeySchema } from './listing-shapes.ts';

/** Photos one identification takes. */
export const MAX_IDENTIFICATION_IMAGES = 8;

/** The `FirearmInfoJson` field beside the photos of POST /firearms/identify: what the owner knows. */
export const firearmInfoSchema = z.object({
  manufacturer: plainText().trim().max(100).optional(),
  model: plainText().trim().max(100).optional(),
  /** Caliber or gauge. */
  caliber: plainText().trim().max(100).optional(),
  familyId: familyIdSchema.optional(),
  /** The first characters of the serial number (kept with the request; not read for the identity). */
  serialPrefix: plainText().trim().max(20).optional(),
  barrelInches: z.number().positive().max(60).optional(),
  /** What is stamped or engraved on the firearm (slide, barrel, receiver). */
  markings: plainText().trim().max(500).optional(),
  finish: plainText().trim().max(100).optional(),
  condition: conditionSchema.optional(),
  notes: plainText().trim().max(2000).optional(),
});
export type FirearmInfo = z.infer<typeof firearmInfoSchema>;

/** A catalogue identity of the firearms reference. */
export const firearmIdentitySchema = z.object({
  manufacturerId: uuidSchema,
  manufacturer: z.string(),
  modelId: uuidSchema,
  model: z.string(),
  /** Null when what was given does not tell the model's variants or generations apart. */
  variantId: uuidSchema.nullable(),
  variant: z.string().nullable(),
  caliberId: uuidSchema.nullable(),
  caliber: z.string().nullable(),
  family: familyKeySchema,
  familyId: familyIdSchema,
  /** Ships only to a licensed dealer (the family's FFL rule). */
  requiresFfl: z.boolean(),
  /** A National Firearms Act item: transferred on ATF Form 4, never through checkout. */
  nfa: z.boolean(),
});
export type FirearmIdentityJson = z.infer<typeof firearmIdentitySchema>;

/** One match behind a candidate: what was written in which field, and what it was read as. */
export const matchReasonSchema = z.object({
  part: z.enum(['manufacturer', 'model', 'variant', 'caliber', 'barrel', 'family']),
  field: z.enum([
    'manufacturer',
    'model',
    'caliber',
    'markings',
    'finish',
    'notes',
    'title',
    'familyId',
    'barrelInches',
  ]),
  written: z.string(),
  value: z.string(),
  /** Read through a misspelling ("Glcok" as Glock). */
  typo: z.boolean(),
});

export const firearmCandidateSchema = z.object({
  identity: firearmIdentitySchema,
  /** 0 to 1. */
  confidence: z.number().min(0).max(1),
  reasons: z.array(matchReasonSchema),
});
export type FirearmCandidateJson = z.infer<typeof firearmCandidateSchema>;

/** The chart's points: at most this many sales, the newest. */
export const MAX_VALUATION_POINTS = 250;

/** One sale behind a value: its unit price, when, and whether the fence left it out. */
export const valuationSaleSchema = z.object({
  price: moneySchema,
  soldAt: dateTimeSchema,
  /** Sold in the window before the value's (the trend compares with these). */
  earlier: z.boolean(),
  /** Outside the fence of its window: left out of every figure. */
  outlier: z.boolean(),
});
export type ValuationSaleJson = z.infer<typeof valuationSaleSchema>;

/**
 * What an identity is worth from our completed sales (shared/domain/valuation.ts): the median of the
 * last 90 days with outliers dropped, the sales it comes from and the level they are of.
 */
export const firearmValuationSchema = z.object({
  /** The sales the value comes from: the variant, the model, or the maker's items of the family. */
  level: z.enum(VALUATION_LEVELS).nullable(),
  /** The level is broader than the identity's most specific one (too few sales of it). */
  fellBack: z.boolean(),
  /** What those sales are of, in words: "Glock 19 Gen 5", "Glock 19", "Glock semi-auto pistols". */
  subject: z.string(),
  /** Only sales of this NRA grade were counted; null: every grade. */
  grade: z.enum(NRA_GRADES).nullable(),
  /** The median; null without a sale in the window. */
  value: moneySchema.nullable(),
  salesUsed: z.int().nonnegative(),
  outliersDropped: z.int().nonnegative(),
  /** The middle 50% of the sales used. */
  range: z.object({ low: moneySchema, high: moneySchema }).nullable(),
  /** Percent change against the window before; null with fewer than 5 sales in either. */
  trendPercent: z.number().nullable(),
  confidence: z.enum(['high', 'medium', 'low', 'none']),
  windowDays: z.int().positive(),
  /** The value in plain words: "Median $549 from 12 sales of the model in the last 90 days, up 4% …". */
  summary: z.string(),
  /** The sales of the level in the window and the one before, newest first: the chart's points. */
  sales: z.array(valuationSaleSchema).max(MAX_VALUATION_POINTS),
  /** The server's clock when it valued: the window ends here. */
  valuedAt: dateTimeSchema,
});
export type FirearmValuationJson = z.infer<typeof firearmValuationSchema>;

/** What was identified, and what it is worth. */
export const firearmIdentificationDataSchema = z.object({
  identity: firearmIdentitySchema,
  confidence: z.number().min(0).max(1),
  reasons: z.array(matchReasonSchema),
  /** The next best candidates, best first. */
  alternatives: z.array(firearmCandidateSchema).max(5),
  /** The identity in words: "Glock 19 Gen 5 in 9mm Luger, a semi-auto pistol that ships to an FFL". */
  description: z.string(),
  /** Every stored photo, the primary one first. */
  images: z.array(z.string()),
  /** The identity's value; null when the account may not see values (`valuationAllowed`). */
  valuation: firearmValuationSchema.nullable(),
  /** The account has the WhatIsMyGunWorthAllowed option (flag 16), which staff grant. */
  valuationAllowed: z.boolean(),
});
export type FirearmIdentificationData = z.infer<typeof firearmIdentificationDataSchema>;

/**
 * The answer, also the copy kept in the browser (`gaFirearmIdentification`). When nothing could be
 * identified `imageUrl` is empty, `data` is null and `message` says why; the client's fallback on
 * any error is `EMPTY_IDENTIFICATION`.
 */
export const firearmIdentificationSchema = z.object({
  /** The stored primary photo (EXIF and GPS stripped). */
  imageUrl: z.string(),
  data: firearmIdentificationDataSchema.nullable(),
  message: z.string(),
});
export type FirearmIdentification = z.infer<typeof firearmIdentificationSchema>;

export const EMPTY_IDENTIFICATION: FirearmIdentification = { imageUrl: '', data: null, message: '' };

/** A listing's identity and the recent sales of it, for its page; both null for a listing not identified. */
export const listingRecentSalesSchema = z.object({
  identity: firearmIdentitySchema.nullable(),
  valuation: firearmValuationSchema.nullable(),
});
export type ListingRecentSales = z.infer<typeof listingRecentSalesSchema>;

/** What the listing form has written so far: read as a listing is read at save. */
export const priceHintRequestSchema = z.object({
  title: plainText().trim().max(200).default(''),
  manufacturer: plainText().trim().max(100).optional(),
  model: plainText().trim().max(100).optional(),
  caliber: plainText().trim().max(100).optional(),
  familyId: familyIdSchema,
});
export type PriceHintRequest = z.input<typeof priceHintRequestSchema>;

/** The identity the listing form's text is read as, and its recent sales; both null when it is not a known firearm. */
export const priceHintResponseSchema = listingRecentSalesSchema;
export type PriceHintResponse = ListingRecentSales;

/** The calls served by `src-server/modules/identification/`. */
export const IDENTIFICATION_ENDPOINTS = {
  firearmsIdentify: defineEndpoint({
    method: 'POST',
    path: '/firearms/identify',
    specPath: '/api/firearms/identify',
    summary: 'Identify a firearm from photos and what the owner knows.',
    access: 'user',
    body: firearmInfoSchema,
    response: firearmIdentificationSchema,
    multipart: true,
    upload: {
      jsonField: 'FirearmInfoJson',
      fileField: 'images',
      minFiles: 1,
      maxFiles: MAX_IDENTIFICATION_IMAGES,
      maxFileBytes: MAX_LISTING_IMAGE_BYTES,
      accept: IMAGE_TYPES,
    },
  }),
  listingsRecentSales: defineEndpoint({
    method: 'GET',
    path: '/listings/{id}/recent-sales',
    summary:
      'The identity a listing was read as and the recent completed sales of it (every grade): its page\'s "Recent sales of this model".',
    access: 'public',
    params: idParamsSchema,
    response: listingRecentSalesSchema,
  }),
  firearmsPriceHint: defineEndpoint({
    method: 'POST',
    path: '/firearms/price-hint',
    summary:
      "The listing form's price hint: the identity its title, manufacturer, model and caliber are read as, and that identity's recent sales.",
    access: 'user',
    body: priceHintRequestSchema,
    response: priceHintResponseSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
