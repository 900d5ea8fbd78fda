import {
  FFL_RADIUS_CHOICES,
  FFL_RADIUS_DEFAULT,
  FFL_RADIUS_MAX,
  FFL_RADIUS_MIN,
  type FflSearchQuery,
} from '../../../shared/contract/ffl.ts';

/** What the dealer finder searches for: a ZIP code and radius, a name, or both; and the page shown. */
export interface FflSearch {
  zip: string;
  radius: number;
  name: string;
  page: number;
}

export const EMPTY_FFL_SEARCH: FflSearch = { zip: '', radius: FFL_RADIUS_DEFAULT, name: '', page: 1 };

/** A search worth sending: it has a ZIP code or a name. */
export const isFflSearchReady = (search: FflSearch): boolean => search.zip !== '' || search.name !== '';

const radiusOf = (text: string | null): number => {
  const value = Number(text);
  return Number.isInteger(value) && value >= FFL_RADIUS_MIN && value <= FFL_RADIUS_MAX
    ? value
    : FFL_RADIUS_DEFAULT;
};

/** The search a page address holds (`?zip=75207&radius=25&name=&page=2`); unknown values fall back. */
export function fflSearchFromParams(params: URLSearchParams): FflSearch {
  const page = Number(params.get('page'));
  return {
    zip: (params.get('zip') ?? '').trim(),
    radius: radiusOf(params.get('radius')),
    name: (params.get('name') ?? '').trim(),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The page address of a search: only what it holds, in a stable order. */
export function fflSearchToParams(search: FflSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.zip) {
    params.set('zip', search.zip);
    params.set('radius', String(search.radius));
  }
  if (search.name) params.set('name', search.name);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** The query of GET /ffl/search for a ready search. */
export function fflSearchQuery(search: FflSearch, pageSize: number): FflSearchQuery {
  return {
    ...(search.zip ? { zip: search.zip, radius: search.radius } : {}),
    ...(search.name ? { name: search.name } : {}),
    page: search.page,
    pageSize,
  };
}

export const RADIUS_CHOICES = FFL_RADIUS_CHOICES;
