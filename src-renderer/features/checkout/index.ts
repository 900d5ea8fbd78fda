/** Checkout of the cart; the cart page hands it the dealer finder to pick a dealer with. */
export { Checkout } from './checkout.tsx';
