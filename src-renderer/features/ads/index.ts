/** Paid placements: an ad zone of a page and the product focus block. */
export { AdZone } from './ad-zone.tsx';
export { ProductFocus } from './product-focus.tsx';
