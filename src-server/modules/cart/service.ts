import { eq, inArray } from 'drizzle-orm';
import type { CartItem, OrderItem, SyncCartRequest } from '../../../shared/contract/cart.ts';
import { familyById } from '../../../shared/domain/category.ts';
import { LISTING_SALE_MESSAGES, ListingSaleState, listingSaleState } from '../../../shared/domain/listing.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import type { Database } from '../../db/client.ts';
import { listings, userCarts } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/** Replaces the server copy of a user's cart with the one the browser sent. */
export async function storeCart(db: Database, userId: string, body: SyncCartRequest): Promise<void> {
  const items: OrderItem[] = Object.values(body.orderItems).map(
    ({ listingId, quantity, price, offerId }) => ({
      listingId,
      quantity,
      price,
      ...(offerId ? { offerId } : {}),
    }),
  );
  const refused = await linesNotOnSale(db, userId, items);
  const kept = refused ? items.filter((item) => !(`orderItems.${item.listingId}` in refused)) : items;
  // The buyer's figure, less the refused lines when some were left out.
  const subtotal = refused ? subtotalOf(kept) : body.subtotal.toFixed(2);
  await db
    .insert(userCarts)
    .values({ userId, items: kept, subtotal })
    .onConflictDoUpdate({
      target: userCarts.userId,
      set: { items: kept, subtotal, updatedAt: new Date() },
    });
  // The rest of the cart is stored; the refused lines are named, so one cannot hold back the others.
  const [first] = Object.values(refused ?? {});
  if (refused && first) throw new AppError(409, 'conflict', first, { fields: refused });
}

function subtotalOf(items: readonly OrderItem[]): string {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return (cents / 100).toFixed(2);
}

/**
 * A listing joins the cart only while it is on sale (shared/domain/listing.ts): the new lines that may
 * not, each with its reason, keyed as request fields; undefined when every line may. Lines the stored
 * copy already holds stay whatever their listing became since: the cart shows them as unavailable and
 * checkout refuses them, and the buyer removes them there.
 */
async function linesNotOnSale(
  db: Database,
  userId: string,
  items: readonly OrderItem[],
): Promise<Record<string, string> | undefined> {
  if (items.length === 0) return undefined;
  const [stored] = await db
    .select({ items: userCarts.items })
    .from(userCarts)
    .where(eq(userCarts.userId, userId));
  const had = new Set((stored?.items ?? []).map((item) => item.listingId));
  const added = items.filter((item) => !had.has(item.listingId)).map((item) => item.listingId);
  if (added.length === 0) return undefined;
  const rows = await db
    .select({
      id: listings.id,
      isActive: listings.isActive,
      isSold: listings.isSold,
      listingOptions: listings.listingOptions,
      quantity: listings.quantity,
      listingEndDate: listings.listingEndDate,
    })
    .from(listings)
    .where(inArray(listings.id, added));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const now = new Date();
  const fields: Record<string, string> = {};
  for (const id of added) {
    const listing = byId.get(id);
    const state = listing ? listingSaleState(listing, now) : ListingSaleState.Closed;
    if (state !== ListingSaleState.OnSale) fields[`orderItems.${id}`] = LISTING_SALE_MESSAGES[state];
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * The server copy of a user's cart as browser cart lines: each stored line with its listing's
 * title, picture and page. Lines whose listing no longer exists are left out; the price stays the
 * one the buyer saw, so the cart can flag a change.
 */
export async function readCart(db: Database, userId: string): Promise<CartItem[]> {
  const [cart] = await db
    .select({ items: userCarts.items })
    .from(userCarts)
    .where(eq(userCarts.userId, userId));
  if (!cart || cart.items.length === 0) return [];
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      thumbnailPicture: listings.thumbnailPicture,
      familyId: listings.familyId,
      sellerStockNumber: listings.sellerStockNumber,
      upc: listings.upc,
      sku: listings.sku,
    })
    .from(listings)
    .where(
      inArray(
        listings.id,
        cart.items.map((item) => item.listingId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const result: CartItem[] = [];
  for (const item of cart.items) {
    const listing = byId.get(item.listingId);
    if (!listing) continue;
    result.push({
      id: listing.id,
      quantity: item.quantity,
      price: item.price,
      title: listing.title,
      imageUrl: listing.thumbnailPicture,
      category: familyById(listing.familyId)?.key ?? null,
      sellerStockNumber: listing.sellerStockNumber,
      upc: listing.upc,
      sku: listing.sku,
      productUrl: listingPath(listing.id, listing.title),
      ...(item.offerId ? { offerId: item.offerId } : {}),
    });
  }
  return result;
}
