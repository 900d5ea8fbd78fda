import { FAVORITES_ENDPOINTS } from '../../../shared/contract/favorites.ts';
import type { ModuleContext } from '../../module-context.ts';
import { addFavorite, favoritesAtMax, isFavorite, listFavorites, removeFavorites } from './service.ts';

/** The caller's favorite listings: every call acts on the caller's own. */
export function registerFavoritesModule({ endpoints, database }: ModuleContext): void {
  const { db } = database;

  endpoints(FAVORITES_ENDPOINTS, {
    usersFavoriteListings: async ({ auth }) => ({
      results: await listFavorites(db, auth.userId),
    }),
    usersAddFavoriteListing: async ({ auth, body }) => addFavorite(db, auth.userId, body.listingId),
    usersDeleteFavoriteListings: async ({ auth, body }) => ({
      success: true as const,
      removed: await removeFavorites(db, auth.userId, body.ids),
    }),
    usersFavoriteListingCheck: async ({ auth, params }) => ({
      isFavorite: await isFavorite(db, auth.userId, params.listingId),
    }),
    usersFavoriteListingsAtMax: async ({ auth }) => favoritesAtMax(db, auth.userId),
  });
}
