import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type {
  AdminArticle,
  AdminArticleDetail,
  Article,
  ArticleDetail,
  ArticleInput,
  SiteStats,
} from '../../../shared/contract/content.ts';
import { COMPANY_FOUNDED_YEAR, yearsInBusiness } from '../../../shared/domain/company.ts';
import { RESPONSIVE_IMAGE_WIDTHS } from '../../../shared/domain/constants.ts';
import { htmlToText } from '../../../shared/domain/html-text.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import { articles, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { sanitizeDescription } from '../listings/index.ts';

type ArticleRow = typeof articles.$inferSelect;

/** Reading speed behind an article's reading time. */
const WORDS_PER_MINUTE = 220;

export const articlePath = (slug: string) => `/digest/${slug}`;

/** Minutes to read a body: at least one. */
export function readingMinutes(bodyHtml: string): number {
  const words = htmlToText(bodyHtml).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The responsive widths of a featured image: listing photos and the stock artwork take `?w=`. */
function imageSizes(url: string | null): Article['featuredImageSizes'] {
  if (!url) return [];
  const join = url.includes('?') ? '&' : '?';
  return [RESPONSIVE_IMAGE_WIDTHS.small, RESPONSIVE_IMAGE_WIDTHS.medium].map((width) => ({
    width,
    url: url.startsWith('/media/listings/') ? `${url}${join}w=${width}` : url,
  }));
}

function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    link: articlePath(row.slug),
    date: row.publishedAt.toISOString(),
    featuredImage: row.featuredImage,
    featuredImageSizes: imageSizes(row.featuredImage),
    authorName: row.authorName,
    authorAvatar: row.authorAvatar,
    description: row.description,
    readingTime: row.readingTime,
    brandTags: row.brandTags,
  };
}

const toDetail = (row: ArticleRow): ArticleDetail => ({
  ...toArticle(row),
  bodyHtml: row.bodyHtml,
  updatedAt: row.updatedAt.toISOString(),
});

const published = (now: Date) => lte(articles.publishedAt, now);

/** Who reads: the digest sees published articles only; the console also those scheduled for later. */
type Reader = 'digest' | 'console';

const visibleTo = (reader: Reader, now: Date) => (reader === 'digest' ? published(now) : undefined);

const isScheduled = (row: ArticleRow, now: Date) => row.publishedAt.getTime() > now.getTime();

/**
 * Articles newest first: all of them, or those whose title or description match the keyword's
 * words (full text, English stemming), whose title holds it, or that carry it as a brand tag.
 */
async function findArticleRows(
  db: Database,
  query: { keyword?: string | undefined; page: number; perPage: number },
  reader: Reader,
  now: Date,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const keyword = query.keyword?.trim() ?? '';
  const matches = keyword
    ? sql`(${articles.searchVector} @@ websearch_to_tsquery('english', ${keyword})
          or ${articles.title} ilike ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
          or ${keyword.toLowerCase()} = any(${articles.brandTags}))`
    : undefined;
  const where = and(visibleTo(reader, now), matches);
  const found = await pagedRead(
    { page: query.page, pageSize: query.perPage },
    {
      count: () => db.select({ total: count() }).from(articles).where(where),
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(articles)
          .where(where)
          .orderBy(desc(articles.publishedAt), articles.slug)
          .limit(limit)
          .offset(offset),
    },
  );
  return { rows: found.results, total: found.total };
}

type ArticleQueryInput = Parameters<typeof findArticleRows>[1];

/** The digest's articles: published ones only. */
export async function searchArticles(
  db: Database,
  query: ArticleQueryInput,
  now = new Date(),
): Promise<{ results: Article[]; total: number }> {
  const { rows, total } = await findArticleRows(db, query, 'digest', now);
  return { results: rows.map(toArticle), total };
}

/** The console's list: scheduled articles too, each marked. */
export async function searchAllArticles(
  db: Database,
  query: ArticleQueryInput,
  now = new Date(),
): Promise<{ results: AdminArticle[]; total: number }> {
  const { rows, total } = await findArticleRows(db, query, 'console', now);
  return { results: rows.map((row) => ({ ...toArticle(row), scheduled: isScheduled(row, now) })), total };
}

async function articleRowBySlug(db: Database, slug: string, reader: Reader, now: Date) {
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), visibleTo(reader, now)))
    .limit(1);
  return rows[0] ?? null;
}

/** A published article, as the digest shows it. */
export async function findArticle(
  db: Database,
  slug: string,
  now = new Date(),
): Promise<ArticleDetail | null> {
  const row = await articleRowBySlug(db, slug, 'digest', now);
  return row ? toDetail(row) : null;
}

/** Any article, scheduled or published, for the console's editor. */
export async function findArticleToEdit(
  db: Database,
  slug: string,
  now = new Date(),
): Promise<AdminArticleDetail | null> {
  const row = await articleRowBySlug(db, slug, 'console', now);
  return row ? { ...toDetail(row), scheduled: isScheduled(row, now) } : null;
}

/** Every published article's slug and last change, for the sitemaps. */
export async function articleSlugs(db: Database, now = new Date()) {
  return db
    .select({ slug: articles.slug, title: articles.title, updatedAt: articles.updatedAt })
    .from(articles)
    .where(published(now))
    .orderBy(desc(articles.publishedAt));
}

type ParsedArticleInput = Omit<ArticleInput, 'authorAvatar' | 'featuredImage' | 'brandTags'> & {
  authorAvatar: string | null;
  featuredImage: string | null;
  brandTags: string[];
};

/** Creates or updates an article; its body is sanitized and its reading time computed here. */
export async function saveArticle(db: Database, input: ParsedArticleInput): Promise<ArticleDetail> {
  const bodyHtml = sanitizeDescription(input.bodyHtml);
  const values = {
    slug: input.slug,
    title: input.title,
    description: input.description,
    bodyHtml,
    authorName: input.authorName,
    authorAvatar: input.authorAvatar,
    featuredImage: input.featuredImage,
    brandTags: [...new Set(input.brandTags)],
    readingTime: readingMinutes(bodyHtml),
    updatedAt: new Date(),
    ...(input.publishedAt ? { publishedAt: new Date(input.publishedAt) } : {}),
  };
  const taken = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.slug, input.slug))
    .limit(1);
  if (taken[0] && taken[0].id !== input.id) throw conflict('Another article already has this slug.');
  if (input.id) {
    const [row] = await db.update(articles).set(values).where(eq(articles.id, input.id)).returning();
    if (!row) throw notFound('No article with that id.');
    return toDetail(row);
  }
  const [row] = await db
    .insert(articles)
    .values({ ...values, publishedAt: values.publishedAt ?? new Date() })
    .returning();
  return toDetail(row!);
}

export async function deleteArticle(db: Database, id: string): Promise<void> {
  const rows = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  if (rows.length === 0) throw notFound('No article with that id.');
}

/** The social-proof figures: years since the founding year, accounts and published articles. */
export async function siteStats(db: Database, now = new Date()): Promise<SiteStats> {
  const [userRows, articleRows] = await Promise.all([
    db.select({ total: count() }).from(users),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${articles} where ${articles.publishedAt} <= ${now}`,
    ),
  ]);
  return {
    foundedYear: COMPANY_FOUNDED_YEAR,
    yearsInBusiness: yearsInBusiness(now),
    users: userRows[0]?.total ?? 0,
    articles: articleRows[0]?.total ?? 0,
  };
}
