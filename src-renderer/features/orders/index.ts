/** A buyer's or seller's orders. */
export { OrdersList } from './orders.tsx';
