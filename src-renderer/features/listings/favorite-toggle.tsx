import { Heart } from 'lucide-react';
import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import { favoriteToggleState } from '../../../shared/domain/listing-card.ts';
import { useFavoriteActions, useFavorites } from '../../lib/favorites/favorites-store.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { requestLogin } from '../../lib/session/login-request.ts';
import styles from './favorite-toggle.module.css';

export interface FavoriteToggleProps {
  /** The listing as a card: what the favorites sheet shows until the server's list arrives. */
  listing: ListingCard;
}

const LABELS = {
  remove: 'Remove from favorites',
  add: 'Add to favorites',
  addDisabled: 'Favorites are full (10 of 10)',
} as const;

/**
 * The favorite toggle: remove when the listing is a favorite, add while under the
 * maximum, a disabled add at it. A guest is asked to sign in and the favorite is added once they
 * have (the page's data refreshes behind the modal). Changes reach the server from the store.
 */
export function FavoriteToggle({ listing }: FavoriteToggleProps) {
  const platform = usePlatform();
  const favorites = useFavorites();
  const { toggle, keep } = useFavoriteActions();
  const isFavorite = favorites.isFavorite(listing.id);
  const state = favoriteToggleState(isFavorite, favorites.count);
  const onClick = async () => {
    if (favorites.signedIn) {
      toggle(listing);
      return;
    }
    // A stored token whose session is still being read: not a guest, so no login modal.
    if (await platform.getToken()) return;
    if (await requestLogin('Log in to save your favorites.')) keep(listing);
  };
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={isFavorite}
      aria-label={`${LABELS[state]}: ${listing.title}`}
      title={LABELS[state]}
      disabled={state === 'addDisabled'}
      data-state={state}
      onClick={() => void onClick()}
    >
      <Heart size={20} aria-hidden="true" fill={isFavorite ? 'currentColor' : 'none'} />
    </button>
  );
}
