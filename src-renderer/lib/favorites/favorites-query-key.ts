/** Where the server's list of the caller's favorites is cached (GET /users/favorite-listings). */
export const FAVORITES_QUERY_KEY = ['favorites', 'list'] as const;
