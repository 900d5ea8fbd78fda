import { CITY_SLUGS, isCitySlug } from '../../../shared/routes/paths.ts';
import { useAppRouteParams } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

/** Find Guns Near You: one page per city (`/guns-{city}`). */
export function CityPage() {
  const slug = useAppRouteParams('city')?.city;
  const city = isCitySlug(slug) ? CITY_SLUGS[slug] : undefined;
  const place = city ? `${city.name}, ${city.state}` : 'your area';
  return (
    <PageFrame
      heading={`Guns for Sale in ${place}`}
      intro={`Local listings from sellers in and around ${city?.name ?? 'your area'}, plus dealers nearby for FFL transfers.`}
    />
  );
}
