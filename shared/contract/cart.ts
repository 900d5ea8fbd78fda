import { z } from 'zod';
import { MAX_IDS_PER_REQUEST, moneySchema, successSchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** One line of the browser cart (`gacart`), keyed by listing id. */
export const cartItemSchema = z.object({
  id: uuidSchema,
  quantity: z.int().min(1),
  price: moneySchema,
  title: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string().nullable(),
  sellerStockNumber: z.string().nullable(),
  upc: z.string().nullable(),
  sku: z.string().nullable(),
  productUrl: z.string(),
  /** The buyer's accepted offer: the line is bought at its price and quantity, which stay fixed. */
  offerId: uuidSchema.optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The browser cart: listing id → line. */
export const cartSchema = z.record(uuidSchema, cartItemSchema);
export type Cart = z.infer<typeof cartSchema>;

export const orderItemSchema = z.object({
  listingId: uuidSchema,
  quantity: z.int().min(1).max(10_000),
  price: moneySchema,
  /** The buyer's accepted offer the line is bought at; checkout checks it again. */
  offerId: uuidSchema.optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * POST /users/sync-cart: the whole cart, replacing the server copy. Each key is its item's
 * listing id. The server prices orders from its own listings; `price` and `subtotal` are what the
 * buyer saw.
 */
export const syncCartRequestSchema = z
  .object({
    orderItems: z.record(uuidSchema, orderItemSchema),
    subtotal: moneySchema,
  })
  .refine((body) => Object.entries(body.orderItems).every(([key, item]) => key === item.listingId), {
    error: 'Each order item is keyed by its listing id.',
    path: ['orderItems'],
  })
  .refine((body) => Object.keys(body.orderItems).length <= MAX_IDS_PER_REQUEST, {
    error: `A cart holds at most ${MAX_IDS_PER_REQUEST} listings.`,
    path: ['orderItems'],
  });
export type SyncCartRequest = z.input<typeof syncCartRequestSchema>;

/** Builds the sync body from the browser cart. */
export function toSyncCartRequest(cart: Cart): SyncCartRequest {
  const orderItems: Record<string, OrderItem> = {};
  let cents = 0;
  for (const [listingId, item] of Object.entries(cart)) {
    orderItems[listingId] = {
      listingId,
      quantity: item.quantity,
      price: item.price,
      ...(item.offerId ? { offerId: item.offerId } : {}),
    };
    cents += Math.round(item.price * 100) * item.quantity;
  }
  return { orderItems, subtotal: cents / 100 };
}

/**
 * GET /users/cart: the server copy of the caller's cart, as browser cart lines built from the
 * listings it names (a listing deleted since is left out). `price` is the price the buyer saw when
 * the cart was last synced, so a changed price still shows as changed.
 */
export const serverCartResponseSchema = z.object({ items: z.array(cartItemSchema) });
export type ServerCartResponse = z.infer<typeof serverCartResponseSchema>;

/**
 * The cart after signing in: the listings of both copies, each with the larger of its two
 * quantities; a line in both keeps the browser's details (what the buyer saw last). A line bought at
 * an accepted offer keeps the offer's price and quantity, from whichever copy names the offer.
 */
export function mergeCarts(browser: Cart, server: readonly CartItem[]): Cart {
  const merged: Cart = { ...browser };
  for (const item of server) {
    const local = merged[item.id];
    if (!local || (item.offerId && !local.offerId)) merged[item.id] = item;
    else if (!local.offerId)
      merged[item.id] = { ...local, quantity: Math.max(local.quantity, item.quantity) };
  }
  return merged;
}

/** The calls served by `src-server/modules/cart/`. */
export const CART_ENDPOINTS = {
  usersSyncCart: defineEndpoint({
    method: 'POST',
    path: '/users/sync-cart',
    summary: "Replace the server copy of the caller's cart.",
    access: 'user',
    body: syncCartRequestSchema,
    response: successSchema,
  }),
  usersCart: defineEndpoint({
    method: 'GET',
    path: '/users/cart',
    summary: "The server copy of the caller's cart, merged into the browser's at sign-in.",
    access: 'user',
    response: serverCartResponseSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
