import { z } from 'zod';
import { nameText, plainText } from '../domain/text.ts';
import { dateTimeSchema, linkSchema, resultsSchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition, IMAGE_TYPES, MB } from './endpoint.ts';

/** Lower-case words joined by dashes: best-selling-guns, ar15, sig-sauer. */
export const brandSlugSchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Expected a brand slug.' });

export const RESERVED_BRAND_SLUGS: readonly string[] = ['nc', 'kw', 'addorupdate'];

export const brandSlugParamsSchema = z.object({ slug: brandSlugSchema });
export type BrandSlugParams = z.infer<typeof brandSlugParamsSchema>;

export const BRAND_FOCUS_PRODUCTS_MAX = 3;

/** One of the (up to three) product tiles of a brand-focus block. */
export const brandFocusProductSchema = z.object({
  name: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string(),
  actionUrl: z.string(),
});
export type BrandFocusProduct = z.infer<typeof brandFocusProductSchema>;

/** Brand-focus block: hero text, a shop button and product tiles. */
export const brandFocusBlockSchema = z.object({
  name: z.string(),
  heroSubtext: z.string(),
  products: z.array(brandFocusProductSchema).max(BRAND_FOCUS_PRODUCTS_MAX),
});
export type BrandFocusBlock = z.infer<typeof brandFocusBlockSchema>;

export const brandSchema = z.object({
  id: uuidSchema,
  slug: brandSlugSchema,
  name: z.string(),
  /** Search keywords that lead to this brand (POST /brands/kw). */
  keywords: z.array(z.string()),
  logoUrl: z.string().nullable(),
  /** Where the brand's shop button leads (a /search URL). */
  shopUrl: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  focus: brandFocusBlockSchema.nullable(),
  updatedAt: dateTimeSchema,
});
export type Brand = z.infer<typeof brandSchema>;

/**
 * GET /brands and GET /brands/nc: sorted by name. The spec does not say how the `nc` variants
 * differ; they answer the same shapes and are served uncached (straight from the database).
 */
export const brandListResponseSchema = resultsSchema(brandSchema);
export type BrandListResponse = z.infer<typeof brandListResponseSchema>;

/** POST /brands/kw: the brand a search keyword belongs to, if any. The keyword is compared lower-cased. */
export const brandKeywordRequestSchema = z.object({
  keyword: plainText()
    .trim()
    .min(1)
    .max(100)
    .transform((keyword) => keyword.toLowerCase()),
});
export type BrandKeywordRequest = z.input<typeof brandKeywordRequestSchema>;

export const brandKeywordResponseSchema = z.object({ slug: brandSlugSchema.nullable() });
export type BrandKeywordResponse = z.infer<typeof brandKeywordResponseSchema>;

/** Names an uploaded file of the same request (its original file name). */
const uploadedFileName = plainText().min(1).max(255);

const brandFocusProductInputSchema = z
  .object({
    name: nameText().min(1).max(100),
    imageUrl: linkSchema.optional(),
    /** Use this uploaded file as the tile image instead of `imageUrl`. */
    imageFile: uploadedFileName.optional(),
    imageAlt: plainText().trim().min(1).max(200),
    actionUrl: linkSchema,
  })
  .refine((product) => product.imageUrl !== undefined || product.imageFile !== undefined, {
    error: 'Give the tile an image.',
    path: ['imageUrl'],
  });

/** The `request` field of POST /brands/addOrUpdate; with `id`, updates that brand. */
export const brandInputSchema = z.object({
  id: uuidSchema.optional(),
  // GET /brands/nc is the uncached list, so no brand may take the slug 'nc'.
  slug: brandSlugSchema.refine((slug) => !RESERVED_BRAND_SLUGS.includes(slug), {
    error: 'This slug is reserved.',
  }),
  name: nameText().min(1).max(100),
  keywords: z.array(plainText().trim().toLowerCase().min(1).max(100)).max(50).default([]),
  logoUrl: linkSchema.nullable().default(null),
  /** Use this uploaded file as the logo instead of `logoUrl`. */
  logoFile: uploadedFileName.optional(),
  shopUrl: linkSchema.nullable().default(null),
  metaTitle: nameText().max(70).nullable().default(null),
  metaDescription: plainText().trim().max(160).nullable().default(null),
  focus: z
    .object({
      name: nameText().min(1).max(100),
      heroSubtext: plainText().trim().max(300),
      products: z.array(brandFocusProductInputSchema).max(BRAND_FOCUS_PRODUCTS_MAX),
    })
    .nullable()
    .default(null),
});
export type BrandInput = z.input<typeof brandInputSchema>;

/** The calls served by `src-server/modules/brands/`. */
export const BRANDS_ENDPOINTS = {
  brandsList: defineEndpoint({
    method: 'GET',
    path: '/brands',
    summary: 'All brands, sorted by name.',
    access: 'public',
    response: brandListResponseSchema,
  }),
  brandsListNc: defineEndpoint({
    method: 'GET',
    path: '/brands/nc',
    summary: 'All brands, sorted by name, uncached.',
    access: 'public',
    response: brandListResponseSchema,
  }),
  brandsGet: defineEndpoint({
    method: 'GET',
    path: '/brands/{slug}',
    summary: 'A brand by slug.',
    access: 'public',
    params: brandSlugParamsSchema,
    response: brandSchema,
  }),
  brandsGetNc: defineEndpoint({
    method: 'GET',
    path: '/brands/nc/{slug}',
    summary: 'A brand by slug, uncached.',
    access: 'public',
    params: brandSlugParamsSchema,
    response: brandSchema,
  }),
  brandsKw: defineEndpoint({
    method: 'POST',
    path: '/brands/kw',
    summary: 'The brand slug a search keyword belongs to.',
    access: 'public',
    body: brandKeywordRequestSchema,
    response: brandKeywordResponseSchema,
  }),
  brandsAddOrUpdate: defineEndpoint({
    method: 'POST',
    path: '/brands/addOrUpdate',
    summary: 'Create or update a brand, with its images.',
    access: 'admin',
    body: brandInputSchema,
    response: brandSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      fileField: 'files',
      minFiles: 0,
      maxFiles: 4,
      maxFileBytes: 5 * MB,
      // Raster images only: each is decoded and re-encoded (as listing photos are), which an SVG's
      // scripts would survive.
      accept: IMAGE_TYPES,
    },
  }),
} as const satisfies Record<string, EndpointDefinition>;
