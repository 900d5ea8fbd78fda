import { Heart } from 'lucide-react';
import { favoriteToggleState } from '../../../shared/domain/listing-card.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { requestLogin } from '../../lib/session/login-request.ts';
import styles from './favorite-toggle.module.css';

export interface FavoriteToggleProps {
  listingTitle: string;
  isFavorite: boolean;
  /** How many favorites the user has; the add is disabled at the maximum. */
  favoritesCount?: number;
  /** After a guest signs in through the modal; defaults to reloading the page (spec §4). */
  onSignedIn?: () => void;
}

const LABELS = {
  remove: 'Remove from favorites',
  add: 'Add to favorites',
  addDisabled: 'Favorites are full (10 of 10)',
} as const;

/**
 * The card's favorite toggle. A guest is asked to sign in and the page reloads on success.
 * Adding and removing for signed-in users arrives with the favorites feature; until then the
 * toggle shows the listing's state and does nothing more for them.
 */
export function FavoriteToggle({
  listingTitle,
  isFavorite,
  favoritesCount = 0,
  onSignedIn = () => window.location.reload(),
}: FavoriteToggleProps) {
  const platform = usePlatform();
  const state = favoriteToggleState(isFavorite, favoritesCount);
  const onClick = async () => {
    if (await platform.getToken()) return;
    if (await requestLogin('Log in to save your favorites.')) onSignedIn();
  };
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={isFavorite}
      aria-label={`${LABELS[state]}: ${listingTitle}`}
      title={LABELS[state]}
      disabled={state === 'addDisabled'}
      data-state={state}
      onClick={() => void onClick()}
    >
      <Heart size={20} aria-hidden="true" fill={isFavorite ? 'currentColor' : 'none'} />
    </button>
  );
}
