import { useCartCount } from '../../lib/cart/cart-store.ts';
import { CartLink } from './cart-link.tsx';

/** The cart button with the count of the browser's cart. */
export function CartHeaderLink() {
  return <CartLink count={useCartCount()} />;
}
