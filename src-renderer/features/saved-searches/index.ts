/** Saved searches: the search page's save button and the list of a buyer's saved searches. */
export { SaveSearchButton } from './save-search-button.tsx';
export { SavedSearchList } from './saved-search-list.tsx';
