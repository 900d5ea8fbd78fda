import { useLocation } from 'react-router';
import { parseSearchParams } from '../../../shared/search/search-url.ts';
import { searchPageHead } from '../../features/search/search-meta.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import { ProductSearchView } from './product-search-view.tsx';

export function SearchPage() {
  const { search } = useLocation();
  const params = parseSearchParams(search);
  useDocumentHead(searchPageHead(params));
  const heading = params.keyword
    ? `Results for "${params.keyword}"`
    : params.listingType === 'local'
      ? 'Local Listings'
      : 'Search Listings';
  return (
    <ProductSearchView
      heading={heading}
      intro="Listings from private sellers and licensed dealers that match your search."
    />
  );
}
