/**
 * Favorites: the favorites page's list, the shell's sync of a signed-in user's favorites, and the
 * header's favorites button and sheet, whose code loads when it hydrates (`FavoritesSheetPart`).
 */
export { FavoritesList } from './favorites-list.tsx';
export { FavoritesSyncSlot } from './favorites-sync-slot.tsx';
export { FavoritesSheetPart } from './lazy-parts.ts';
