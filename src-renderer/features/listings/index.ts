/**
 * Listings: a listing's page (view, skeleton, head), the product grids of the home, search and
 * brand pages, a brand's focus block, and their queries. `LazyProductCard` is the product card for
 * the favorites sheet, loaded when first rendered rather than with every page.
 */
export { useBrand } from './api/use-brand.ts';
export { type HomeList, useHomeList } from './api/use-home-list.ts';
export { useLegacyListing } from './api/use-legacy-listing.ts';
export { listingQueryKey, useListing } from './api/use-listing.ts';
export { BrandFocus } from './brand-focus.tsx';
export { LazyProductCard } from './lazy-parts.ts';
export { listingHead } from './listing-meta.ts';
export { ListingSkeleton } from './listing-skeleton.tsx';
export { ListingView } from './listing-view.tsx';
export { ProductGrid, ProductGridSkeleton } from './product-grid.tsx';
