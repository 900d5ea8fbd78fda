/**
 * Search: the search view and its head, the advanced search form, and the header's search bar,
 * whose code loads when it hydrates (`HeaderSearchPart`). `absoluteUrl` gives a page's address on
 * the site for its head.
 */
export { AdvancedSearchForm } from './advanced-search-form.tsx';
export { HeaderSearchPart } from './lazy-parts.ts';
export { absoluteUrl, searchPageHead } from './search-meta.ts';
export { type SearchResultsGrid, SearchView, type SearchViewProps } from './search-view.tsx';
