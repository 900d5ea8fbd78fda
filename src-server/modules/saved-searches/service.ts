import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MAX_SAVED_SEARCHES,
  type SavedSearch,
  type SavedSearchFrequency,
  type savedSearchInputSchema,
} from '../../../shared/contract/saved-searches.ts';
import type { Database } from '../../db/client.ts';
import { savedSearches, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { conflict, notFound } from '../../http/errors.ts';

type SavedSearchInput = z.output<typeof savedSearchInputSchema>;
type SavedSearchRow = typeof savedSearches.$inferSelect;

export const SAVED_SEARCH_NOT_FOUND = 'No saved search with that id.';
export const SAVED_SEARCHES_FULL_MESSAGE = `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`;

function toSavedSearch(row: SavedSearchRow, user?: SavedSearch['user']): SavedSearch {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    searchQuery: row.searchQuery,
    frequency: row.frequency,
    filters: row.filters ?? null,
    createdAt: row.createdAt.toISOString(),
    ...(user ? { user } : {}),
  };
}

/** The query string as stored: without a leading '?'. */
const normaliseQuery = (searchQuery: string) => searchQuery.trim().replace(/^\?+/, '');

export interface SavedSearchListOptions {
  total: number;
  frequency?: SavedSearchFrequency;
  includeUser: boolean;
}

/** One user's saved searches, newest first; `total` counts all of them. */
export async function listSavedSearches(db: Database, ownerId: string, options: SavedSearchListOptions) {
  const where: SQL[] = [eq(savedSearches.userId, ownerId)];
  if (options.frequency) where.push(eq(savedSearches.frequency, options.frequency));
  const rows = await db
    .select()
    .from(savedSearches)
    .where(and(...where))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
    .limit(options.total);
  const [counted] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, ownerId));
  let user: SavedSearch['user'];
  if (options.includeUser) {
    const [owner] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, ownerId));
    user = owner;
  }
  return { total: counted?.n ?? 0, results: rows.map((row) => toSavedSearch(row, user)) };
}

/**
 * A saved search the caller may act on: their own, or any for an admin. Another user's search
 * answers 404 like an unknown id, so ids cannot be probed.
 */
async function ownedSavedSearch(db: Database, auth: AuthContext, id: string): Promise<SavedSearchRow> {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id));
  if (!row || (row.userId !== auth.userId && !auth.isAdmin)) throw notFound(SAVED_SEARCH_NOT_FOUND);
  return row;
}

/**
 * Saves a new search for the caller, or with `id` updates one they own (filters kept when not
 * sent). New searches are counted and inserted under a lock on the caller's row, so concurrent
 * saves cannot pass the maximum.
 */
export async function saveSearch(
  db: Database,
  auth: AuthContext,
  input: SavedSearchInput,
): Promise<SavedSearch> {
  const values = {
    name: input.name,
    searchQuery: normaliseQuery(input.searchQuery),
    frequency: input.frequency,
  };
  if (input.id) {
    const existing = await ownedSavedSearch(db, auth, input.id);
    const [updated] = await db
      .update(savedSearches)
      .set({ ...values, filters: input.filters ?? existing.filters, updatedAt: new Date() })
      .where(eq(savedSearches.id, existing.id))
      .returning();
    if (!updated) throw notFound(SAVED_SEARCH_NOT_FOUND);
    return toSavedSearch(updated);
  }
  const created = await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, auth.userId))
      .for('update');
    if (!owner) throw notFound('No such account.');
    const [counted] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, auth.userId));
    if ((counted?.n ?? 0) >= MAX_SAVED_SEARCHES) throw conflict(SAVED_SEARCHES_FULL_MESSAGE);
    const [row] = await tx
      .insert(savedSearches)
      .values({ ...values, userId: auth.userId, filters: input.filters ?? null })
      .returning();
    return row!;
  });
  return toSavedSearch(created);
}

export async function deleteSavedSearch(db: Database, auth: AuthContext, id: string): Promise<void> {
  const row = await ownedSavedSearch(db, auth, id);
  await db.delete(savedSearches).where(eq(savedSearches.id, row.id));
}
