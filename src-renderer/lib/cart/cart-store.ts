import { useAtomValue, useStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { useCallback } from 'react';
import type { Cart, CartItem } from '../../../shared/contract/cart.ts';
import { STORAGE_KEYS } from '../../../shared/domain/constants.ts';
import { parseUuid } from '../../../shared/domain/uuid.ts';
import { isObject } from '../stored-shape.ts';

/*
 * The browser cart: kept in localStorage under `gacart`, keyed by listing id. The
 * cart feature (checkout, server sync) builds on this store; listings only add to it.
 */

const isNullableString = (value: unknown) => value === null || typeof value === 'string';
const isId = (value: unknown) => typeof value === 'string' && parseUuid(value) !== null;

/*
 * Storage is checked for the cart's shape (shared/contract/cart.ts) here, without a schema library:
 * the header reads this store on every page, and the schema library is not part of the script every
 * page needs first. The server checks every line again when the cart is synced or bought.
 */
function isCartLine(key: string, line: unknown): line is CartItem {
  return (
    isId(key) &&
    isObject(line) &&
    isId(line.id) &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) >= 1 &&
    typeof line.price === 'number' &&
    Number.isFinite(line.price) &&
    line.price >= 0 &&
    typeof line.title === 'string' &&
    typeof line.productUrl === 'string' &&
    isNullableString(line.imageUrl) &&
    isNullableString(line.category) &&
    isNullableString(line.sellerStockNumber) &&
    isNullableString(line.upc) &&
    isNullableString(line.sku) &&
    (line.offerId === undefined || isId(line.offerId))
  );
}

/** Whether a stored value is a cart: listing id → line. */
export function isStoredCart(value: unknown): value is Cart {
  return isObject(value) && Object.entries(value).every(([key, line]) => isCartLine(key, line));
}

// No storage where there is no browser (a page rendered on the server): the cart reads as empty.
const cartStorage = createJSONStorage<Cart>(() => globalThis.localStorage);
const validatedCartStorage: typeof cartStorage = {
  ...cartStorage,
  // A damaged or foreign value in storage reads as an empty cart rather than breaking the page.
  getItem: (key, initialValue) => {
    const stored = cartStorage.getItem(key, initialValue);
    return isStoredCart(stored) ? stored : initialValue;
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

/** Where Buy now was pressed, so checkout can lead back there (`shoppingUrl`). */
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
