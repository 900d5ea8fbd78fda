import { z } from 'zod';
import { MAX_IDS_PER_REQUEST, moneySchema, successSchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** One line of the browser cart (`gacart`), keyed by listing id (spec §3). */
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
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The browser cart: listing id → line. */
export const cartSchema = z.record(uuidSchema, cartItemSchema);
export type Cart = z.infer<typeof cartSchema>;

export const orderItemSchema = z.object({
  listingId: uuidSchema,
  quantity: z.int().min(1).max(10_000),
  price: moneySchema,
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
    orderItems[listingId] = { listingId, quantity: item.quantity, price: item.price };
    cents += Math.round(item.price * 100) * item.quantity;
  }
  return { orderItems, subtotal: cents / 100 };
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
    planned: true,
  }),
} as const satisfies Record<string, EndpointDefinition>;
