import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shortLinks } from '../../db/schema.ts';

export type ShortLinkRow = typeof shortLinks.$inferSelect;

export async function findShortLinkByCode(db: Database, code: string): Promise<ShortLinkRow | null> {
  const rows = await db.select().from(shortLinks).where(eq(shortLinks.shortCode, code)).limit(1);
  return rows[0] ?? null;
}

export async function findShortLinkById(db: Database, id: string): Promise<ShortLinkRow | null> {
  const rows = await db.select().from(shortLinks).where(eq(shortLinks.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function shortLinkTarget(db: Database, code: string): Promise<string | null> {
  return (await findShortLinkByCode(db, code))?.fullLink ?? null;
}

export interface ShortLinkFilters {
  ids?: string[] | undefined;
  shortCodes?: string[] | undefined;
  fullLink?: string | undefined;
}

/** Links matching any of the given ids, codes or target, oldest first. */
export async function findShortLinks(db: Database, filters: ShortLinkFilters): Promise<ShortLinkRow[]> {
  const conditions = [
    filters.ids?.length ? inArray(shortLinks.id, filters.ids) : undefined,
    filters.shortCodes?.length ? inArray(shortLinks.shortCode, filters.shortCodes) : undefined,
    filters.fullLink ? eq(shortLinks.fullLink, filters.fullLink) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(shortLinks)
    .where(or(...conditions))
    .orderBy(asc(shortLinks.createdAt))
    .limit(100);
}
