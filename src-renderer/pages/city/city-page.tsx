import { cityPageMeta } from '../../../shared/page-meta-builders.ts';
import { citySearchParams } from '../../../shared/routes/city-search.ts';
import { CITY_SLUGS, isCitySlug } from '../../../shared/routes/paths.ts';
import { useAppRouteParams } from '../../lib/app-route.ts';
import { headFromPageMeta, useDocumentHead } from '../../lib/document-head.ts';
import { pageOrigin } from '../../lib/page-origin.ts';
import { ProductSearchView } from '../search/product-search-view.tsx';

/** Find Guns Near You: one page per city (`/guns-{city}`), searching around the city's ZIP. */
export function CityPage() {
  const slug = useAppRouteParams('city')?.city;
  const valid = isCitySlug(slug);
  const city = valid ? CITY_SLUGS[slug] : undefined;
  const place = city ? `${city.name}, ${city.state}` : 'your area';
  const meta = valid ? cityPageMeta(pageOrigin(), slug) : null;
  useDocumentHead(meta ? headFromPageMeta(meta) : { title: `Guns for Sale in ${place}` });
  return (
    <ProductSearchView
      key={slug}
      heading={`Guns for Sale in ${place}`}
      intro={`Listings from sellers in and around ${city?.name ?? 'your area'}, plus dealers nearby for FFL transfers.`}
      base={valid ? citySearchParams(slug) : {}}
    />
  );
}
