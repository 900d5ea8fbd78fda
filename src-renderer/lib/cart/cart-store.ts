// Must run before the cart's schema is used.
import '../../zod-config.ts';
import { useAtomValue, useStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { useCallback } from 'react';
import { type Cart, type CartItem, cartSchema } from '../../../shared/contract/cart.ts';
import { STORAGE_KEYS } from '../../../shared/domain/constants.ts';

/*
 * The browser cart (spec §3, §4): kept in localStorage under `gacart`, keyed by listing id. The
 * cart feature (checkout, server sync) builds on this store; listings only add to it.
 */

// No storage where there is no browser (a page rendered on the server): the cart reads as empty.
const cartStorage = createJSONStorage<Cart>(() => globalThis.localStorage);
const validatedCartStorage: typeof cartStorage = {
  ...cartStorage,
  // A damaged or foreign value in storage reads as an empty cart rather than breaking the page.
  getItem: (key, initialValue) => {
    const parsed = cartSchema.safeParse(cartStorage.getItem(key, initialValue));
    return parsed.success ? parsed.data : initialValue;
  },
};

export const cartAtom = atomWithStorage<Cart>(STORAGE_KEYS.cart, {}, validatedCartStorage, {
  getOnInit: true,
});

/** The item to add, without its quantity. */
export type NewCartItem = Omit<CartItem, 'quantity'>;

/**
 * Adds one of the listing; a listing already in the cart gets its quantity raised by 1. A line
 * holding an accepted offer stays as agreed (its quantity and price are the offer's).
 */
export function addOneToCart(cart: Cart, item: NewCartItem): Cart {
  const existing = cart[item.id];
  if (existing?.offerId) return cart;
  return {
    ...cart,
    [item.id]: existing ? { ...existing, quantity: existing.quantity + 1 } : { ...item, quantity: 1 },
  };
}

export function cartItemCount(cart: Cart): number {
  return Object.values(cart).reduce((sum, item) => sum + item.quantity, 0);
}

/** Where Buy now was pressed, so checkout can lead back there (spec §4, `shoppingUrl`). */
export function rememberShoppingUrl(url: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.shoppingUrl, url);
  } catch {
    // Storage may be full or blocked; the shopping URL is a convenience only.
  }
}

export function useCartCount(): number {
  return cartItemCount(useAtomValue(cartAtom));
}

type JotaiStore = ReturnType<typeof useStore>;

/** Adds one of the listing to the cart held by a store (the app's, outside React). */
export function addToCart(store: JotaiStore, item: NewCartItem): void {
  // Storage is read afresh: another tab (or a page that never mounted the atom) may have changed it.
  store.set(cartAtom, addOneToCart(validatedCartStorage.getItem(STORAGE_KEYS.cart, {}), item));
}

export function useAddToCart(): (item: NewCartItem) => void {
  const store = useStore();
  return useCallback((item: NewCartItem) => addToCart(store, item), [store]);
}

/** The cart as the browser holds it, and whether storage has been read (always true in a browser). */
export function useCart(): Cart {
  return useAtomValue(cartAtom);
}

/** Sets a line's quantity (at least 1, at most `max` when the stock is known); an offer's line keeps its own. */
export function withQuantity(cart: Cart, id: string, quantity: number, max?: number): Cart {
  const item = cart[id];
  if (!item || item.offerId) return cart;
  const capped = Math.max(1, Math.min(quantity, max ?? Number.POSITIVE_INFINITY));
  return capped === item.quantity ? cart : { ...cart, [id]: { ...item, quantity: capped } };
}

/** Puts an accepted offer in the cart as its listing's line, replacing any line of that listing. */
export function withOfferLine(cart: Cart, item: CartItem & { offerId: string }): Cart {
  return { ...cart, [item.id]: item };
}

/** Puts an accepted offer in the cart held by a store (read afresh, as `addToCart` does). */
export function putOfferInCart(store: JotaiStore, item: CartItem & { offerId: string }): void {
  store.set(cartAtom, withOfferLine(validatedCartStorage.getItem(STORAGE_KEYS.cart, {}), item));
}

export function withoutItem(cart: Cart, id: string): Cart {
  if (!(id in cart)) return cart;
  const { [id]: _removed, ...rest } = cart;
  return rest;
}

/** The shopping URL remembered by Buy now, or the home page. */
export function shoppingUrl(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.shoppingUrl) || '/';
  } catch {
    return '/';
  }
}
