import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { FAVORITES_MAX } from '../../../shared/contract/favorites.ts';
import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { useFavorites } from '../../lib/favorites/favorites-store.ts';
import { LinkButton } from '../../ui/button.tsx';
import dialogStyles from '../../ui/modal-dialog.module.css';
import styles from './favorites.module.css';
import { LOG_IN_FOR_FAVORITES, NO_FAVORITES } from './favorites-copy.ts';

export interface FavoritesSheetDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where focus goes when the sheet closes: the header's button. */
  returnFocus: () => void;
  renderCard: (listing: ListingCard) => ReactNode;
}

/** The side sheet itself, full width on small screens and 20rem wide on larger ones. */
export function FavoritesSheetDialog({ open, onClose, returnFocus, renderCard }: FavoritesSheetDialogProps) {
  const { signedIn, favorites, count } = useFavorites();
  const location = useLocation();
  const content = useRef<HTMLDivElement>(null);

  // A favorite removed from inside the sheet takes its focused toggle away: keep focus in the sheet.
  useEffect(() => {
    void count;
    const sheet = content.current;
    if (open && sheet && !sheet.contains(document.activeElement)) sheet.focus();
  }, [open, count]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={dialogStyles.overlay} />
        <Dialog.Content
          ref={content}
          className={styles.sheet}
          aria-describedby={undefined}
          tabIndex={-1}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className={styles.sheetHeader}>
            <Dialog.Title className={styles.sheetTitle}>Favorites</Dialog.Title>
            <Dialog.Close className={dialogStyles.close} aria-label="Close">
              <X size={18} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className={styles.sheetMeta}>
            <p data-numeric="">
              {count} of {FAVORITES_MAX}
            </p>
            <Link to={paths.favorites()}>See All</Link>
          </div>
          {!signedIn ? (
            <div className={styles.empty}>
              <p>{LOG_IN_FOR_FAVORITES}</p>
              <LinkButton to={paths.login(`${location.pathname}${location.search}`)} size="sm">
                Log in
              </LinkButton>
            </div>
          ) : count === 0 ? (
            <p className={styles.empty}>{NO_FAVORITES}</p>
          ) : (
            <ul className={styles.cards} aria-label="Favorite listings">
              {favorites.map((favorite) => (
                <li key={favorite.card.id}>
                  <Suspense fallback={null}>{renderCard(favorite.card)}</Suspense>
                </li>
              ))}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
