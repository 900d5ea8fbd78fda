import type { SearchListingType } from '../../../shared/search/search-url.ts';

/** The choices the search forms offer, in the words the shopper reads. */
export const LISTING_TYPE_LABELS: Readonly<Record<SearchListingType, string>> = {
  national: 'Ships nationwide',
  local: 'Local pickup',
  auction: 'Auction',
};

export const DISTANCES = [10, 25, 50, 100, 250, 500] as const;
export const LISTED_WITHIN_DAYS = [1, 3, 7, 14, 30] as const;
