import type { Favorite } from '../../shared/contract/favorites.ts';
import type { ListingCard } from '../../shared/contract/listing-shapes.ts';
import { listingCard } from './listing-fixtures.ts';

/** The user the fake token signs in (fakeToken's default claims). */
export const FAVORITES_USER_ID = 'd1000000-0000-4000-8000-000000000001';

/** The n-th listing of a test, as a card. */
export const numberedCard = (n: number, overrides: Partial<ListingCard> = {}): ListingCard =>
  listingCard({ id: `3f2b9c1e-7a4d-4e8b-9c0f-${String(n).padStart(12, '0')}`, ...overrides });

/** A favorite as the server answers it, added on day n of 2026 at the listing's present price and stock. */
export function favoriteOf(listing: ListingCard, n: number, overrides: Partial<Favorite> = {}): Favorite {
  return {
    id: `f0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    listingId: listing.id,
    userId: FAVORITES_USER_ID,
    searchResult: { ...listing, fav: true },
    priceWhenAdded: listing.displayPrice,
    quantityWhenAdded: listing.quantity,
    available: true,
    createdAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
    ...overrides,
  };
}
