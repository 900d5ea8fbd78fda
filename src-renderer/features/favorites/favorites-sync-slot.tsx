import { useAtomValue } from 'jotai';
import { deferredModule } from '../../lib/deferred-module.ts';
import { favoritesAtom } from '../../lib/favorites/favorites-store.ts';
import { useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/*
 * Keeping the browser's favorites and the server's in step checks answers with their schemas: it
 * loads once the page has hydrated, not with the script every page needs first, and only when
 * there is something to keep: someone signed in, or favorites kept in this browser (whose cards it
 * checks). Changes made before it arrives wait in the favorites store, as changes the server has
 * not confirmed yet.
 */
const sync = deferredModule(() => import('./favorites-sync.tsx'));

export const preloadFavoritesSync = sync.preload;

/** The app shell's favorites sync, once the page has hydrated. */
export function FavoritesSyncSlot() {
  const signedIn = useSession().status === 'signedIn';
  const stored = useAtomValue(favoritesAtom);
  const needed = signedIn || Object.keys(stored.items).length > 0 || Object.keys(stored.pending).length > 0;
  const parts = sync.useModule(useHydrated() && needed);
  return parts ? <parts.FavoritesSync /> : null;
}
