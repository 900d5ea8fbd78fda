/** The orders a search can ask for: the URL's `sort` and the request's are the same values. */
export const SearchSort = {
  Relevance: 'relevance',
  PriceAsc: 'price-asc',
  PriceDesc: 'price-desc',
  Newest: 'newest',
  Distance: 'distance',
  /** Running auctions first, soonest end first; then every other listing, newest first. */
  EndingSoonest: 'ending-soonest',
} as const;
export type SearchSort = (typeof SearchSort)[keyof typeof SearchSort];

export const SEARCH_SORTS: readonly SearchSort[] = Object.values(SearchSort);
