import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { uuidSchema } from './common.ts';
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

/**
 * What was identified. The valuation of the identity (recent sales) is to sit beside `identity`
 * as a field of its own.
 */
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
} as const satisfies Record<string, EndpointDefinition>;
