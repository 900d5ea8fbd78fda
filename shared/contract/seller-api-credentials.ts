/**
 * The seller API's client credentials: a seller creates them on the site (POST /users/sellerapi) and
 * their software trades one for an access token at POST /oauth/token (seller-api.ts). The secret is
 * answered once, when the credential is created.
 */
import { z } from 'zod';
import { nameText } from '../domain/text.ts';
import { dateTimeSchema, uuidSchema } from './common.ts';

export const clientCredentialSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  clientId: z.string(),
  createdAt: dateTimeSchema,
  lastUsedAt: dateTimeSchema.nullable(),
});
export type ClientCredential = z.infer<typeof clientCredentialSchema>;

/**
 * POST /users/sellerapi: lists the caller's seller-API credentials; with `generate` it first
 * creates one, whose secret is answered this once.
 */
export const sellerApiRequestSchema = z
  .object({
    generate: z.boolean().default(false),
    name: nameText().min(1).max(100).optional(),
  })
  .refine((body) => !body.generate || body.name !== undefined, {
    error: 'Name the credential.',
    path: ['name'],
  });
export type SellerApiRequest = z.input<typeof sellerApiRequestSchema>;

export const sellerApiResponseSchema = z.object({
  credentials: z.array(clientCredentialSchema),
  created: clientCredentialSchema.extend({ clientSecret: z.string().min(1) }).nullable(),
});
export type SellerApiResponse = z.infer<typeof sellerApiResponseSchema>;
