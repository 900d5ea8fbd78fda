import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { shortLinks } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';

export type ShortLinkRow = typeof shortLinks.$inferSelect;

export async function findShortLinkByCode(db: Database, code: string): Promise<ShortLinkRow | null> {
  const rows = await db.select().from(shortLinks).where(eq(shortLinks.shortCode, code)).limit(1);
  return rows[0] ?? null;
}

export async function findShortLinkById(db: Database, id: string): Promise<ShortLinkRow | null> {
  const rows = await db.select().from(shortLinks).where(eq(shortLinks.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The target of a visit to `/l/{code}`, counting the click; null for an unknown code. */
export async function shortLinkTarget(db: Database, code: string): Promise<string | null> {
  const rows = await db
    .update(shortLinks)
    .set({ clicks: sql`${shortLinks.clicks} + 1` })
    .where(eq(shortLinks.shortCode, code))
    .returning({ fullLink: shortLinks.fullLink });
  return rows[0]?.fullLink ?? null;
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

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 7;

/** A random code of unambiguous letters and digits. */
export function newShortCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** Creates a link (a fresh code unless one is given) or, with `id`, changes one. A taken code is a conflict. */
export async function saveShortLink(
  db: Database,
  input: { id?: string | undefined; shortCode?: string | undefined; fullLink: string },
): Promise<ShortLinkRow> {
  try {
    if (input.id) {
      const [row] = await db
        .update(shortLinks)
        .set({ fullLink: input.fullLink, ...(input.shortCode ? { shortCode: input.shortCode } : {}) })
        .where(eq(shortLinks.id, input.id))
        .returning();
      if (!row) throw notFound('No short link with that id.');
      return row;
    }
    // A generated code that happens to be taken is drawn again; a chosen one is the caller's to change.
    for (let attempt = 0; ; attempt += 1) {
      const shortCode = input.shortCode ?? newShortCode();
      const [row] = await db
        .insert(shortLinks)
        .values({ shortCode, fullLink: input.fullLink })
        .onConflictDoNothing({ target: shortLinks.shortCode })
        .returning();
      if (row) return row;
      if (input.shortCode || attempt >= 4) throw conflict('That short code is taken.');
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('That short code is taken.');
    throw error;
  }
}

export async function deleteShortLink(db: Database, id: string): Promise<void> {
  const rows = await db.delete(shortLinks).where(eq(shortLinks.id, id)).returning({ id: shortLinks.id });
  if (rows.length === 0) throw notFound('No short link with that id.');
}
