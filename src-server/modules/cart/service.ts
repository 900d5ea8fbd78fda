import { eq, inArray } from 'drizzle-orm';
import type { CartItem, OrderItem, SyncCartRequest } from '../../../shared/contract/cart.ts';
import { familyById } from '../../../shared/domain/category.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import type { Database } from '../../db/client.ts';
import { listings, userCarts } from '../../db/schema.ts';

/** Replaces the server copy of a user's cart with the one the browser sent (spec §4). */
export async function storeCart(db: Database, userId: string, body: SyncCartRequest): Promise<void> {
  const items: OrderItem[] = Object.values(body.orderItems).map(
    ({ listingId, quantity, price, offerId }) => ({
      listingId,
      quantity,
      price,
      ...(offerId ? { offerId } : {}),
    }),
  );
  const subtotal = body.subtotal.toFixed(2);
  await db
    .insert(userCarts)
    .values({ userId, items, subtotal })
    .onConflictDoUpdate({ target: userCarts.userId, set: { items, subtotal, updatedAt: new Date() } });
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
