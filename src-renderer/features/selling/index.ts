/** Selling: listing an item, a seller's listings, and a seller's payment setup (live checkout). */
export { ListItem } from './list-item.tsx';
export { LiveCheckoutForm } from './live-checkout-form.tsx';
export { MyListings } from './my-listings.tsx';
