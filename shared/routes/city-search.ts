import type { SearchRouteParams } from '../search/search-url.ts';
import { type CitySlug, SHOP_LOCAL_DEFAULTS } from './paths.ts';

/** A downtown ZIP code of each 'Find Guns Near You' city: the centre of its /guns-{city} search. */
export const CITY_ZIP_CODES: Readonly<Record<CitySlug, string>> = {
  houston: '77002',
  sanantonio: '78205',
  austin: '78701',
  dallas: '75201',
  tyler: '75701',
  elpaso: '79901',
  plano: '75074',
  losangeles: '90012',
  chicago: '60602',
  phoenix: '85003',
  philadelphia: '19107',
  sandiego: '92101',
  sanjose: '95113',
  fortworth: '76102',
  charlotte: '28202',
  seattle: '98101',
  denver: '80202',
  washington: '20001',
  nashville: '37203',
  detroit: '48226',
};

/** The search behind a city page: listings within the Shop Local distance of the city's ZIP. */
export function citySearchParams(slug: CitySlug): SearchRouteParams {
  return { zipCode: CITY_ZIP_CODES[slug], distance: SHOP_LOCAL_DEFAULTS.distance };
}
