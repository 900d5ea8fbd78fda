import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import type { NewCartItem } from '../../lib/cart/cart-store.ts';

/**
 * Buy now: one more in the cart, remember where the shopper was, go to the cart. The cart
 * store (and the schema that checks what storage holds) loads on the first press, not with the grid.
 */
export function useBuyNow(): (item: NewCartItem) => void {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (item: NewCartItem) => {
      const shoppingUrl = `${location.pathname}${location.search}`;
      void import('../../lib/cart/cart-store.ts').then(({ addToCart, rememberShoppingUrl }) => {
        addToCart(store, item);
        rememberShoppingUrl(shoppingUrl);
        navigate(paths.cartView());
      });
    },
    [store, navigate, location.pathname, location.search],
  );
}
