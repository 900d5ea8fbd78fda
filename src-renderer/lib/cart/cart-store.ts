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

/** Adds one of the listing; a listing already in the cart gets its quantity raised by 1. */
export function addOneToCart(cart: Cart, item: NewCartItem): Cart {
  const existing = cart[item.id];
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
