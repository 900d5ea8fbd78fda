import { citySearchParams } from '../../../shared/routes/city-search.ts';
import { CITY_SLUGS, isCitySlug, paths } from '../../../shared/routes/paths.ts';
import { absoluteUrl } from '../../features/search/search-meta.ts';
import { SearchView } from '../../features/search/search-view.tsx';
import { useAppRouteParams } from '../../lib/app-route.ts';
import { useDocumentHead } from '../../lib/document-head.ts';

/** Find Guns Near You: one page per city (`/guns-{city}`), searching around the city's ZIP. */
export function CityPage() {
  const slug = useAppRouteParams('city')?.city;
  const valid = isCitySlug(slug);
  const city = valid ? CITY_SLUGS[slug] : undefined;
  const place = city ? `${city.name}, ${city.state}` : 'your area';
  useDocumentHead({
    title: `Guns for Sale in ${place}`,
    description: `Local and online listings of firearms, ammunition and gear near ${place}, from private sellers and licensed dealers.`,
    canonical: valid ? absoluteUrl(paths.city(slug)) : undefined,
  });
  return (
    <SearchView
      key={slug}
      heading={`Guns for Sale in ${place}`}
      intro={`Listings from sellers in and around ${city?.name ?? 'your area'}, plus dealers nearby for FFL transfers.`}
      base={valid ? citySearchParams(slug) : {}}
    />
  );
}
