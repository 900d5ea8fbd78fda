import { useSearchParams } from 'react-router';
import { parseSearchParams } from '../../../shared/routes/paths.ts';
import { PageFrame } from '../page-frame.tsx';

export function SearchPage() {
  const [query] = useSearchParams();
  const { keyword, listingType } = parseSearchParams(query);
  const heading = keyword
    ? `Results for "${keyword}"`
    : listingType === 'local'
      ? 'Local Listings'
      : 'Search Listings';
  return (
    <PageFrame
      heading={heading}
      title={keyword ? `${keyword} for Sale` : heading}
      intro="Listings from private sellers and licensed dealers that match your search."
    />
  );
}
