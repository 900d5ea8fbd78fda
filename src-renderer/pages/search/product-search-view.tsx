import { ProductGrid, ProductGridSkeleton } from '../../features/listings/index.ts';
import { type SearchResultsGrid, SearchView, type SearchViewProps } from '../../features/search/index.ts';

const PRODUCT_RESULTS: SearchResultsGrid = {
  results: (listings, critical) => <ProductGrid listings={listings} critical={critical} label="Listings" />,
  loading: <ProductGridSkeleton count={8} label="Loading listings" />,
};

/** A search page of product cards: the search feature composed with the listings' grid. */
export function ProductSearchView(props: Omit<SearchViewProps, 'grid'>) {
  return <SearchView {...props} grid={PRODUCT_RESULTS} />;
}
