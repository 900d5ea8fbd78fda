import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Brand, brandInputSchema } from '../../../shared/contract/brands.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { brands } from '../../db/schema.ts';
import type { BlobStore } from '../../files/blob-store.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { removePhotos, storePhotos } from '../listings/index.ts';

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

type ParsedBrandInput = z.output<typeof brandInputSchema>;

/**
 * Creates a brand or, with `id`, updates it. Images named by `logoFile` / a tile's `imageFile` come
 * from the uploaded files (each decoded and re-encoded, so only real images are kept); a named file
 * that was not sent is refused, as is a file no field names.
 */
export async function saveBrand(
  db: Database,
  blobs: BlobStore,
  input: ParsedBrandInput,
  files: readonly UploadedFile[],
): Promise<Brand> {
  const byName = new Map(files.map((file) => [file.fileName || file.name, file]));
  const named = [input.logoFile, ...(input.focus?.products.map((product) => product.imageFile) ?? [])].filter(
    (name): name is string => name !== undefined,
  );
  const missing = named.find((name) => !byName.has(name));
  if (missing)
    throw badRequest(`No uploaded file is named "${missing}".`, { files: `Send the file "${missing}".` });
  const unused = [...byName.keys()].find((name) => !named.includes(name));
  if (unused)
    throw badRequest(`The file "${unused}" is not used by the brand.`, {
      files: `Name "${unused}" in the brand.`,
    });

  const uniqueNames = [...new Set(named)];
  const stored = await storePhotos(
    blobs,
    uniqueNames.map((name) => byName.get(name)!),
  );
  const urlOf = new Map(uniqueNames.map((name, index) => [name, stored[index]!.src]));
  const values = {
    slug: input.slug,
    name: input.name,
    keywords: [...new Set(input.keywords)],
    logoUrl: input.logoFile ? (urlOf.get(input.logoFile) ?? null) : input.logoUrl,
    shopUrl: input.shopUrl,
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    focus: input.focus
      ? {
          name: input.focus.name,
          heroSubtext: input.focus.heroSubtext,
          products: input.focus.products.map((product) => ({
            name: product.name,
            imageUrl: product.imageFile ? (urlOf.get(product.imageFile) ?? '') : (product.imageUrl ?? ''),
            imageAlt: product.imageAlt,
            actionUrl: product.actionUrl,
          })),
        }
      : null,
    updatedAt: new Date(),
  };
  try {
    return await db.transaction(async (tx) => {
      const taken = await tx
        .select({ id: brands.id })
        .from(brands)
        .where(eq(brands.slug, input.slug))
        .limit(1);
      if (taken[0] && taken[0].id !== input.id) throw conflict('Another brand already has this slug.');
      if (input.id) {
        const [row] = await tx.update(brands).set(values).where(eq(brands.id, input.id)).returning();
        if (!row) throw notFound('No brand with that id.');
        return toBrand(row);
      }
      const [row] = await tx.insert(brands).values(values).returning();
      return toBrand(row!);
    });
  } catch (error) {
    // Nothing refers to images of a brand that was not saved.
    await removePhotos(blobs, stored);
    throw error;
  }
}
