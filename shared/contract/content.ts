import { z } from 'zod';
import { nameText, plainText } from '../domain/text.ts';
import {
  dateTimeSchema,
  idParamsSchema,
  linkSchema,
  optionalQueryNumber,
  optionalQueryText,
  resultsSchema,
  successSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** The digest shows 3 articles, first page. */
export const ARTICLES_PER_PAGE_DEFAULT = 3;
export const ARTICLES_PER_PAGE_MAX = 20;

/** Lower-case words joined by dashes, as in /digest/{slug}. */
export const articleSlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Expected an article slug.' });

/** The slug a title suggests: its letters and digits, lower-cased, words joined by dashes. */
export function articleSlugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 120)
    .replace(/^-+|-+$/g, '');
}

/** GET /wp/get?keyword=&page=&perPage= : articles of the digest, newest first. */
export const articleQuerySchema = z.object({
  keyword: optionalQueryText(200),
  page: optionalQueryNumber(z.int().min(1).max(1000)).transform((value) => value ?? 1),
  perPage: optionalQueryNumber(z.int().min(1).max(ARTICLES_PER_PAGE_MAX)).transform(
    (value) => value ?? ARTICLES_PER_PAGE_DEFAULT,
  ),
});
export type ArticleQuery = z.input<typeof articleQuerySchema>;

/** One stored size of an article's featured image. */
export const imageSizeSchema = z.object({ width: z.int().positive(), url: z.string() });

/**
 * An article: `link` is its page on this site (`/digest/{slug}`); `readingTime` is in
 * minutes; `featuredImageSizes` are the responsive widths of the featured image.
 */
export const articleSchema = z.object({
  id: uuidSchema,
  slug: articleSlugSchema,
  title: z.string(),
  link: z.string(),
  date: dateTimeSchema,
  featuredImage: z.string().nullable(),
  featuredImageSizes: z.array(imageSizeSchema),
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  description: z.string(),
  readingTime: z.int().nonnegative(),
  brandTags: z.array(z.string()),
});
export type Article = z.infer<typeof articleSchema>;

/** A content failure answers an empty list, not an error; `total` counts every match. */
export const articleListResponseSchema = resultsSchema(articleSchema).extend({
  total: z.int().nonnegative(),
});
export type ArticleListResponse = z.infer<typeof articleListResponseSchema>;

export const articleSlugParamsSchema = z.object({ slug: articleSlugSchema });

/** One article with its body: sanitized rich text, safe to render as HTML. */
export const articleDetailSchema = articleSchema.extend({
  bodyHtml: z.string(),
  updatedAt: dateTimeSchema,
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

/** POST /wp/addOrUpdate (admins): with `id`, updates that article. The body is sanitized on save. */
export const articleInputSchema = z.object({
  id: uuidSchema.optional(),
  slug: articleSlugSchema,
  title: nameText().min(1).max(160),
  description: plainText().trim().min(1).max(300),
  bodyHtml: plainText().min(1).max(200_000),
  authorName: nameText().min(1).max(100),
  authorAvatar: linkSchema.nullable().default(null),
  featuredImage: linkSchema.nullable().default(null),
  brandTags: z.array(plainText().trim().toLowerCase().min(1).max(60)).max(20).default([]),
  /** When it appears on the digest; a future date schedules it. Defaults to now. */
  publishedAt: dateTimeSchema.optional(),
});
export type ArticleInput = z.input<typeof articleInputSchema>;

/** An article as the console sees it: `scheduled` while its publication date is still ahead. */
export const adminArticleSchema = articleSchema.extend({ scheduled: z.boolean() });
export type AdminArticle = z.infer<typeof adminArticleSchema>;

/** GET /pprAdmin/articles: every article, scheduled ones too, newest date first. */
export const adminArticleListResponseSchema = resultsSchema(adminArticleSchema).extend({
  total: z.int().nonnegative(),
});

/** GET /pprAdmin/articles/{slug}: one article with its body, scheduled or published, to edit it. */
export const adminArticleDetailSchema = articleDetailSchema.extend({ scheduled: z.boolean() });
export type AdminArticleDetail = z.infer<typeof adminArticleDetailSchema>;

/** GET /content/site-stats: the home page's social-proof figures, computed from the database. */
export const siteStatsSchema = z.object({
  foundedYear: z.int(),
  yearsInBusiness: z.int().nonnegative(),
  users: z.int().nonnegative(),
  articles: z.int().nonnegative(),
});
export type SiteStats = z.infer<typeof siteStatsSchema>;

/** The calls served by `src-server/modules/content/`. */
export const CONTENT_ENDPOINTS = {
  wpGet: defineEndpoint({
    method: 'GET',
    path: '/wp/get',
    summary: 'Digest articles by keyword, newest first.',
    access: 'public',
    query: articleQuerySchema,
    response: articleListResponseSchema,
  }),
  wpArticle: defineEndpoint({
    method: 'GET',
    path: '/wp/article/{slug}',
    summary: 'One published article with its body.',
    access: 'public',
    params: articleSlugParamsSchema,
    response: articleDetailSchema,
  }),
  wpAddOrUpdate: defineEndpoint({
    method: 'POST',
    path: '/wp/addOrUpdate',
    summary: 'Create or update an article (admins).',
    access: 'admin',
    body: articleInputSchema,
    response: articleDetailSchema,
  }),
  adminArticles: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/articles',
    summary: 'Every article by keyword, scheduled ones included, newest date first (admins).',
    access: 'admin',
    query: articleQuerySchema,
    response: adminArticleListResponseSchema,
  }),
  adminArticle: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/articles/{slug}',
    summary: 'One article with its body, scheduled or published (admins).',
    access: 'admin',
    params: articleSlugParamsSchema,
    response: adminArticleDetailSchema,
  }),
  wpDelete: defineEndpoint({
    method: 'DELETE',
    path: '/wp/delete/{id}',
    summary: 'Delete an article (admins).',
    access: 'admin',
    params: idParamsSchema,
    response: successSchema,
  }),
  contentSiteStats: defineEndpoint({
    method: 'GET',
    path: '/content/site-stats',
    summary: 'Years in business, user count and article count.',
    access: 'public',
    response: siteStatsSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
