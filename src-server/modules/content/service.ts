import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Article, ArticleDetail, ArticleInput, SiteStats } from '../../../shared/contract/content.ts';
import { COMPANY_FOUNDED_YEAR, yearsInBusiness } from '../../../shared/domain/company.ts';
import { RESPONSIVE_IMAGE_WIDTHS } from '../../../shared/domain/constants.ts';
import { htmlToText } from '../../../shared/domain/html-text.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { articles, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { sanitizeDescription } from '../listings/description.ts';

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

/**
 * Published articles, newest first: all of them, or those whose title or description match the
 * keyword's words (full text, English stemming), whose title holds it, or that carry it as a brand tag.
 */
export async function searchArticles(
  db: Database,
  query: { keyword?: string | undefined; page: number; perPage: number },
  now = new Date(),
): Promise<{ results: Article[]; total: number }> {
  const keyword = query.keyword?.trim() ?? '';
  const matches = keyword
    ? sql`(${articles.searchVector} @@ websearch_to_tsquery('english', ${keyword})
          or ${articles.title} ilike ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
          or ${keyword.toLowerCase()} = any(${articles.brandTags}))`
    : undefined;
  const where = and(published(now), matches);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(desc(articles.publishedAt), articles.slug)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return { results: rows.map(toArticle), total: totals[0]?.total ?? 0 };
}

export async function findArticle(
  db: Database,
  slug: string,
  now = new Date(),
): Promise<ArticleDetail | null> {
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), published(now)))
    .limit(1);
  return rows[0] ? toDetail(rows[0]) : null;
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
