import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { moneySchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition, IMAGE_TYPES, MB } from './endpoint.ts';
import { conditionSchema, familyIdSchema, familyKeySchema } from './listing-shapes.ts';

/** The `FirearmInfoJson` field beside the photos of POST /firearms/identify: what the owner knows. */
export const firearmInfoSchema = z.object({
  manufacturer: plainText().trim().max(100).optional(),
  model: plainText().trim().max(100).optional(),
  caliber: plainText().trim().max(100).optional(),
  familyId: familyIdSchema.optional(),
  condition: conditionSchema.optional(),
  notes: plainText().trim().max(2000).optional(),
});
export type FirearmInfo = z.infer<typeof firearmInfoSchema>;

export const firearmIdentificationDataSchema = z.object({
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  caliber: z.string().nullable(),
  family: familyKeySchema.nullable(),
  familyId: familyIdSchema.nullable(),
  description: z.string(),
  /** A market-value range from comparable sold listings, when there are any. */
  estimatedValue: z.object({ low: moneySchema, high: moneySchema }).nullable(),
  /** 0 to 1. */
  confidence: z.number().min(0).max(1),
});
export type FirearmIdentificationData = z.infer<typeof firearmIdentificationDataSchema>;

/**
 * The answer, also the copy kept in the browser (`gaFirearmIdentification`). When nothing could be
 * identified `data` is null; the client's fallback on any error is `EMPTY_IDENTIFICATION`.
 */
export const firearmIdentificationSchema = z.object({
  /** The stored main photo. */
  imageUrl: z.string(),
  data: firearmIdentificationDataSchema.nullable(),
});
export type FirearmIdentification = z.infer<typeof firearmIdentificationSchema>;

export const EMPTY_IDENTIFICATION: FirearmIdentification = { imageUrl: '', data: null };

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
      maxFiles: 6,
      maxFileBytes: 15 * MB,
      accept: IMAGE_TYPES,
    },
    planned: true,
  }),
} as const satisfies Record<string, EndpointDefinition>;
