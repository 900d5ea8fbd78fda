import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { FAVORITES_MAX, type Favorite, isAtFavoritesMax } from '../../../shared/contract/favorites.ts';
import { type Database, type DbExecutor, queryRows } from '../../db/client.ts';
import { favorites, listings, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { CARD_JSON, type CardJson, OFFERED, toCard, toIso } from '../listings/index.ts';

export const FAVORITES_FULL_MESSAGE = `You can keep at most ${FAVORITES_MAX} favorites. Remove one to add another.`;

interface FavoriteRow extends Record<string, unknown> {
  id: string;
  listing_id: string;
  user_id: string;
  created_at: string | Date;
  price_when_added: string | number;
  quantity_when_added: number;
  available: boolean;
  card: CardJson;
}

/** Favorites of one user with their listing cards (built as every other card is), newest first. */
async function favoriteRows(db: Database, userId: string, listingId?: string): Promise<Favorite[]> {
  const rows = await queryRows<FavoriteRow>(
    db,
    sql`select f.id, f.listing_id, f.user_id, f.created_at, f.price_when_added, f.quantity_when_added,
          ${OFFERED} as available, ${CARD_JSON} as card
        from favorites f
        join listings l on l.id = f.listing_id
        join users u on u.id = l.user_id
        where f.user_id = ${userId}::uuid
          ${listingId === undefined ? sql`` : sql`and f.listing_id = ${listingId}::uuid`}
        order by f.created_at desc, f.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    listingId: row.listing_id,
    userId: row.user_id,
    searchResult: { ...toCard(row.card), fav: true },
    priceWhenAdded: Number(row.price_when_added),
    quantityWhenAdded: Math.max(0, row.quantity_when_added),
    available: row.available,
    createdAt: toIso(row.created_at),
  }));
}

export function listFavorites(db: Database, userId: string): Promise<Favorite[]> {
  return favoriteRows(db, userId);
}

async function favoriteCount(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
  return row?.n ?? 0;
}

/**
 * Adds a listing to the caller's favorites, keeping its price and stock of the moment so the buyer
 * sees what changed since. Per the contract the add is idempotent: a listing that already is a
 * favorite answers the existing favorite (the add-or-remove toggle is the client's). The user's row is
 * locked for the count and the insert, so concurrent adds (two tabs, two server instances) cannot
 * pass the maximum on either database.
 */
export async function addFavorite(db: Database, userId: string, listingId: string): Promise<Favorite> {
  await db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!owner) throw notFound('No such account.');
    const [listing] = await tx
      .select({ id: listings.id, price: listings.price, quantity: listings.quantity })
      .from(listings)
      .where(eq(listings.id, listingId));
    if (!listing) throw notFound('No listing with that id.');
    const [existing] = await tx
      .select({ id: favorites.id })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
    if (existing) return;
    if (isAtFavoritesMax(await favoriteCount(tx, userId))) throw conflict(FAVORITES_FULL_MESSAGE);
    await tx
      .insert(favorites)
      .values({
        userId,
        listingId,
        priceWhenAdded: listing.price,
        quantityWhenAdded: Math.max(0, listing.quantity),
      })
      .onConflictDoNothing();
  });
  const [favorite] = await favoriteRows(db, userId, listingId);
  // Only if the listing was deleted between the insert and this read.
  if (!favorite) throw notFound('No listing with that id.');
  return favorite;
}

/** Removes the given listings from the caller's favorites; ids that are not among them are ignored. */
export async function removeFavorites(
  db: Database,
  userId: string,
  listingIds: readonly string[],
): Promise<number> {
  const ids = [...new Set(listingIds.map((id) => id.toLowerCase()))];
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.listingId, ids)))
    .returning({ id: favorites.id });
  return removed.length;
}

export async function isFavorite(db: Database, userId: string, listingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
  return row !== undefined;
}

export async function favoritesAtMax(db: Database, userId: string) {
  const n = await favoriteCount(db, userId);
  return { atMax: isAtFavoritesMax(n), count: n, max: FAVORITES_MAX } as const;
}
