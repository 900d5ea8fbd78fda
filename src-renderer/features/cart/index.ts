/** The cart: the header's cart button, the server copy of a signed-in buyer's cart, the cart view. */
export { CartHeaderButton, CartServerSync } from './cart-header.tsx';
export { CartView } from './cart-view.tsx';
