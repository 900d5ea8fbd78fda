import { deferredModule } from '../../lib/deferred-module.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { CartLink } from './cart-link.tsx';

/*
 * The cart is personal, and reading it validates stored data with the cart's schema. Neither belongs
 * in the script every page needs before it is interactive: the header shows the plain cart button
 * (as the server rendered it), and the count and the server sync load once the page has hydrated.
 */
const cartHeader = deferredModule(() => import('./cart-header-parts.tsx'));

export const preloadCartHeader = cartHeader.preload;

/** The header's cart button: no count until the browser's cart has been read. */
export function CartHeaderButton() {
  const parts = cartHeader.useModule(useHydrated());
  return parts ? <parts.CartHeaderLink /> : <CartLink count={0} />;
}

/** Keeps the server copy of a signed-in buyer's cart, once the page has hydrated. */
export function CartServerSync() {
  const parts = cartHeader.useModule(useHydrated());
  return parts ? <parts.CartSync /> : null;
}
