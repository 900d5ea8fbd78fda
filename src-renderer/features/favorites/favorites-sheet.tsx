import { Heart } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import { FAVORITES_MAX } from '../../../shared/domain/listing-card.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { useFavorites } from '../../lib/favorites/favorites-store.ts';
import { DotBadge, IconButton } from '../../ui/icon-button.tsx';

// The sheet (a dialog with its focus trap) loads when the button is about to be used, not with every page.
const loadDialog = () => import('./favorites-sheet-dialog.tsx');
const FavoritesSheetDialog = lazy(() => loadDialog().then((m) => ({ default: m.FavoritesSheetDialog })));

/** Loads the sheet's code ahead of the first open (pointer over or focus on the button). */
export const preloadFavoritesSheet = () => loadDialog().then(() => undefined);

export interface FavoritesSheetProps {
  /** How a favorite shows: the listing's product card, handed in by the app shell. */
  renderCard: (listing: ListingCard) => ReactNode;
}

const onFavoritesPage = (pathname: string) =>
  pathname.replace(/\/+$/, '').toLowerCase() === paths.favorites().toLowerCase();

/**
 * The header's Favorites button and its side sheet: the count out of 10, See All, the
 * favorites as product cards, or the empty state for a signed-in user or a guest. A red dot shows
 * while there is at least one favorite. On the favorites page itself the button leads there
 * (reloading it) instead of opening the sheet. The sheet is a modal dialog: focus stays inside,
 * Escape closes it and focus returns to the button.
 */
export function FavoritesSheet({ renderCard }: FavoritesSheetProps) {
  const { count } = useFavorites();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // A followed link (a card, See All, Log in) closes the sheet.
  const [locationKey, setLocationKey] = useState(location.key);
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    setOpen(false);
  }

  const label = count > 0 ? `Favorites, ${count} of ${FAVORITES_MAX}` : 'Favorites';
  return (
    <>
      <IconButton
        ref={button}
        label={label}
        icon={<Heart size={22} />}
        badge={count > 0 ? <DotBadge /> : null}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void preloadFavoritesSheet().catch(() => undefined)}
        onFocus={() => void preloadFavoritesSheet().catch(() => undefined)}
        onClick={() => {
          if (onFavoritesPage(location.pathname)) {
            void navigate(paths.favorites());
            return;
          }
          setRequested(true);
          setOpen(true);
        }}
      />
      {/* Once loaded, the dialog stays mounted so closing it hands focus back to the button. */}
      {requested ? (
        <Suspense fallback={null}>
          <FavoritesSheetDialog
            open={open}
            onClose={() => setOpen(false)}
            returnFocus={() => button.current?.focus()}
            renderCard={renderCard}
          />
        </Suspense>
      ) : null}
    </>
  );
}
