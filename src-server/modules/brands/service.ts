import { asc, eq, sql } from 'drizzle-orm';
import type { Brand } from '../../../shared/contract/brands.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { brands } from '../../db/schema.ts';

type BrandRow = typeof brands.$inferSelect;

const toBrand = (row: BrandRow): Brand => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  keywords: row.keywords,
  logoUrl: row.logoUrl,
  shopUrl: row.shopUrl,
  metaTitle: row.metaTitle,
  metaDescription: row.metaDescription,
  focus: row.focus ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

/** Every brand, sorted by name (case-insensitively). */
export async function listBrands(db: Database): Promise<Brand[]> {
  const rows = await db
    .select()
    .from(brands)
    .orderBy(asc(sql`lower(${brands.name})`), asc(brands.slug));
  return rows.map(toBrand);
}

export async function findBrand(db: Database, slug: string): Promise<Brand | null> {
  const rows = await db.select().from(brands).where(eq(brands.slug, slug)).limit(1);
  return rows[0] ? toBrand(rows[0]) : null;
}

/** 'Smith & Wesson' → 'smith-and-wesson'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The brand a (lower-cased) search keyword belongs to: a listed keyword, the slug or the name. */
export async function brandSlugForKeyword(db: Database, keyword: string): Promise<string | null> {
  const text = keyword.trim().toLowerCase();
  if (text === '') return null;
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from brands
        where ${text} = any(keywords) or slug = ${slugify(text)} or lower(name) = ${text}
        order by (${text} = any(keywords)) desc, slug
        limit 1`,
  );
  return rows[0]?.slug ?? null;
}
