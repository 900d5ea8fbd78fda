import { z } from 'zod';
import { dateTimeSchema, MAX_IDS_PER_REQUEST, resultsSchema, uuidSchema } from './common.ts';
import { listingCardSchema } from './listings.ts';

/** A buyer keeps at most 10 favorites; 10 or more counts as the maximum (spec §5, §9). */
export const FAVORITES_MAX = 10;

export const favoriteSchema = z.object({
  id: uuidSchema,
  listingId: uuidSchema,
  userId: uuidSchema,
  /** The listing as a card, for the favorites sheet and page. */
  searchResult: listingCardSchema,
  createdAt: dateTimeSchema,
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** GET /users/favorite-listings: newest first. */
export const favoriteListResponseSchema = resultsSchema(favoriteSchema);
export type FavoriteListResponse = z.infer<typeof favoriteListResponseSchema>;

/**
 * POST /users/favorite-listings. Adding a listing that already is a favorite answers the existing
 * favorite (the toggle of spec §4 is the client's); an eleventh favorite is refused with 409.
 */
export const addFavoriteRequestSchema = z.object({ listingId: uuidSchema });
export type AddFavoriteRequest = z.infer<typeof addFavoriteRequestSchema>;

export const addFavoriteResponseSchema = favoriteSchema;

/** POST /users/delete-favorite-listings: `ids` are listing ids; ids not among the caller's favorites are ignored. */
export const deleteFavoritesRequestSchema = z.object({
  ids: z.array(uuidSchema).min(1).max(MAX_IDS_PER_REQUEST),
});
export type DeleteFavoritesRequest = z.infer<typeof deleteFavoritesRequestSchema>;

export const deleteFavoritesResponseSchema = z.object({
  success: z.literal(true),
  removed: z.int().nonnegative(),
});
export type DeleteFavoritesResponse = z.infer<typeof deleteFavoritesResponseSchema>;

/** GET /users/favorite-listings/check/{listingId} */
export const favoriteCheckParamsSchema = z.object({ listingId: uuidSchema });
export type FavoriteCheckParams = z.infer<typeof favoriteCheckParamsSchema>;

export const favoriteCheckResponseSchema = z.object({ isFavorite: z.boolean() });
export type FavoriteCheckResponse = z.infer<typeof favoriteCheckResponseSchema>;

/** GET /users/favorite-listings/at-max */
export const favoritesAtMaxResponseSchema = z.object({
  atMax: z.boolean(),
  count: z.int().nonnegative(),
  max: z.literal(FAVORITES_MAX),
});
export type FavoritesAtMaxResponse = z.infer<typeof favoritesAtMaxResponseSchema>;

export function isAtFavoritesMax(count: number): boolean {
  return count >= FAVORITES_MAX;
}
