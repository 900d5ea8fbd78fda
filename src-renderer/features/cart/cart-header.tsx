import { deferredModule } from '../../lib/deferred-module.ts';
import { useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { CartLink } from './cart-link.tsx';

/*
 * The cart is personal: neither its count nor its server copy belongs in the script every page
 * needs before it is interactive. The header shows the plain cart button (as the server rendered
 * it) and the count loads once the page has hydrated; the server sync, which checks the server's
 * answers with the cart's schema, loads only once someone is signed in.
 */
const cartHeader = deferredModule(() => import('./cart-header-parts.tsx'));
const cartSync = deferredModule(() => import('./cart-sync.tsx'));

export const preloadCartHeader = () => Promise.all([cartHeader.preload(), cartSync.preload()]);

/** The header's cart button: no count until the browser's cart has been read. */
export function CartHeaderButton() {
  const parts = cartHeader.useModule(useHydrated());
  return parts ? <parts.CartHeaderLink /> : <CartLink count={0} />;
}

/** Keeps the server copy of a signed-in buyer's cart, once the page has hydrated. */
export function CartServerSync() {
  const signedIn = useSession().status === 'signedIn';
  const parts = cartSync.useModule(useHydrated() && signedIn);
  return parts ? <parts.CartSync /> : null;
}
