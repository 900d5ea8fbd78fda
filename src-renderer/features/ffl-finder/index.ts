/**
 * The dealer finder and a dealer's own profile. `FflFinder` is the /ffl page's finder and, with
 * `onSelect`, checkout's dealer picker; `DealerProfileSection` is a dealer's own settings.
 */
export { DealerProfileSection } from './dealer-profile-section.tsx';
export { FflFinder } from './ffl-finder.tsx';
export { type FflSearch, fflSearchFromParams, fflSearchToParams } from './search-state.ts';
