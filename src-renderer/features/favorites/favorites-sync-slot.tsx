import { deferredModule } from '../../lib/deferred-module.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/*
 * Keeping the browser's favorites and the server's in step checks answers with their schemas: it
 * loads once the page has hydrated, not with the script every page needs first. Changes made before
 * it arrives wait in the favorites store, as changes the server has not confirmed yet.
 */
const sync = deferredModule(() => import('./favorites-sync.tsx'));

export const preloadFavoritesSync = sync.preload;

/** The app shell's favorites sync (signed-in users), once the page has hydrated. */
export function FavoritesSyncSlot() {
  const parts = sync.useModule(useHydrated());
  return parts ? <parts.FavoritesSync /> : null;
}
