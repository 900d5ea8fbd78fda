import { ENDPOINTS } from '../../../shared/contract/endpoints.ts';
import type { ModuleContext } from '../../module-context.ts';
import { addFavorite, favoritesAtMax, isFavorite, listFavorites, removeFavorites } from './service.ts';

/** The caller's favorite listings (spec §3, §4, §5 and §7): every call acts on the caller's own. */
export function registerFavoritesModule({ endpoint, database }: ModuleContext): void {
  const { db } = database;

  endpoint(ENDPOINTS.usersFavoriteListings, async ({ auth }) => ({
    results: await listFavorites(db, auth.userId),
  }));

  endpoint(ENDPOINTS.usersAddFavoriteListing, async ({ auth, body }) =>
    addFavorite(db, auth.userId, body.listingId),
  );

  endpoint(ENDPOINTS.usersDeleteFavoriteListings, async ({ auth, body }) => ({
    success: true as const,
    removed: await removeFavorites(db, auth.userId, body.ids),
  }));

  endpoint(ENDPOINTS.usersFavoriteListingCheck, async ({ auth, params }) => ({
    isFavorite: await isFavorite(db, auth.userId, params.listingId),
  }));

  endpoint(ENDPOINTS.usersFavoriteListingsAtMax, async ({ auth }) => favoritesAtMax(db, auth.userId));
}
