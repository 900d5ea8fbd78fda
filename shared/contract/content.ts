import { z } from 'zod';
import { dateTimeSchema, optionalQueryNumber, optionalQueryText, resultsSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** The digest shows 3 articles, first page (spec §9). */
export const ARTICLES_PER_PAGE_DEFAULT = 3;
export const ARTICLES_PER_PAGE_MAX = 20;

/** GET /wp/get?keyword=&page=&perPage= : articles of the content service, newest first. */
export const articleQuerySchema = z.object({
  keyword: optionalQueryText(200),
  page: optionalQueryNumber(z.int().min(1).max(1000)).transform((value) => value ?? 1),
  perPage: optionalQueryNumber(z.int().min(1).max(ARTICLES_PER_PAGE_MAX)).transform(
    (value) => value ?? ARTICLES_PER_PAGE_DEFAULT,
  ),
});
export type ArticleQuery = z.input<typeof articleQuerySchema>;

/** An article (spec §3): `link` points at the public digest; `readingTime` is in minutes. */
export const articleSchema = z.object({
  title: z.string(),
  link: z.string(),
  date: dateTimeSchema,
  featuredImage: z.string().nullable(),
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  description: z.string(),
  readingTime: z.int().nonnegative(),
});
export type Article = z.infer<typeof articleSchema>;

/** A content-service failure answers an empty list, not an error (spec §7). */
export const articleListResponseSchema = resultsSchema(articleSchema);
export type ArticleListResponse = z.infer<typeof articleListResponseSchema>;

/** The calls served by `src-server/modules/content/`. */
export const CONTENT_ENDPOINTS = {
  wpGet: defineEndpoint({
    method: 'GET',
    path: '/wp/get',
    summary: 'Digest articles by keyword.',
    access: 'public',
    query: articleQuerySchema,
    response: articleListResponseSchema,
    planned: true,
  }),
} as const satisfies Record<string, EndpointDefinition>;
