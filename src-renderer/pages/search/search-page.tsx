import { useLocation } from 'react-router';
import { parseSearchParams } from '../../../shared/search/search-url.ts';
import { useAlertSettings } from '../../features/alerts/index.ts';
import { SaveSearchButton } from '../../features/saved-searches/index.ts';
import { searchPageHead } from '../../features/search/index.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import { ProductSearchView } from './product-search-view.tsx';

export function SearchPage() {
  const { search } = useLocation();
  const params = parseSearchParams(search);
  useDocumentHead(searchPageHead(params));
  // A signed-in buyer's default frequency from Buyer Tools; visitors get the usual default.
  const alertSettings = useAlertSettings();
  const heading = params.keyword
    ? `Results for "${params.keyword}"`
    : params.listingType === 'local'
      ? 'Local Listings'
      : 'Search Listings';
  return (
    <ProductSearchView
      heading={heading}
      intro="Listings from private sellers and licensed dealers that match your search."
    >
      <SaveSearchButton defaultFrequency={alertSettings.data?.defaultFrequency} />
    </ProductSearchView>
  );
}
