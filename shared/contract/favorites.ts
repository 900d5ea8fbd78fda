import { z } from 'zod';
import { dateTimeSchema, MAX_IDS_PER_REQUEST, moneySchema, resultsSchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { listingCardSchema } from './listing-shapes.ts';

/** A buyer keeps at most 10 favorites; 10 or more counts as the maximum. */
export const FAVORITES_MAX = 10;

export const favoriteSchema = z.object({
  id: uuidSchema,
  listingId: uuidSchema,
  userId: uuidSchema,
  /** The listing as a card, for the favorites sheet and page. */
  searchResult: listingCardSchema,
  /** The listing's price and units in stock when it was added, to show what changed since. */
  priceWhenAdded: moneySchema,
  quantityWhenAdded: z.int().nonnegative(),
  /** Whether the listing is still for sale (active, not sold, not ended). */
  available: z.boolean(),
  createdAt: dateTimeSchema,
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** GET /users/favorite-listings: newest first. */
export const favoriteListResponseSchema = resultsSchema(favoriteSchema);
export type FavoriteListResponse = z.infer<typeof favoriteListResponseSchema>;

/**
 * POST /users/favorite-listings. Adding a listing that already is a favorite answers the existing
 * favorite (the add-or-remove toggle is the client's); an eleventh favorite is refused with 409.
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

/** The calls served by `src-server/modules/favorites/`. */
export const FAVORITES_ENDPOINTS = {
  usersFavoriteListings: defineEndpoint({
    method: 'GET',
    path: '/users/favorite-listings',
    summary: "The caller's favorites (loaded after login).",
    access: 'user',
    response: favoriteListResponseSchema,
  }),
  usersAddFavoriteListing: defineEndpoint({
    method: 'POST',
    path: '/users/favorite-listings',
    summary: 'Add a listing to the caller’s favorites (at most 10).',
    access: 'user',
    body: addFavoriteRequestSchema,
    response: addFavoriteResponseSchema,
  }),
  usersDeleteFavoriteListings: defineEndpoint({
    method: 'POST',
    path: '/users/delete-favorite-listings',
    summary: 'Remove listings from the caller’s favorites.',
    access: 'user',
    body: deleteFavoritesRequestSchema,
    response: deleteFavoritesResponseSchema,
  }),
  usersFavoriteListingCheck: defineEndpoint({
    method: 'GET',
    path: '/users/favorite-listings/check/{listingId}',
    summary: 'Whether a listing is among the caller’s favorites.',
    access: 'user',
    params: favoriteCheckParamsSchema,
    response: favoriteCheckResponseSchema,
  }),
  usersFavoriteListingsAtMax: defineEndpoint({
    method: 'GET',
    path: '/users/favorite-listings/at-max',
    summary: 'Whether the caller has reached the favorites maximum.',
    access: 'user',
    response: favoritesAtMaxResponseSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
