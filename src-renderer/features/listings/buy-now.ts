import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { type NewCartItem, rememberShoppingUrl, useAddToCart } from '../../lib/cart/cart-store.ts';

/** Buy now (spec §4): one more in the cart, remember where the shopper was, go to the cart. */
export function useBuyNow(): (item: NewCartItem) => void {
  const addToCart = useAddToCart();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (item: NewCartItem) => {
      addToCart(item);
      rememberShoppingUrl(`${location.pathname}${location.search}`);
      navigate(paths.cartView());
    },
    [addToCart, navigate, location.pathname, location.search],
  );
}
