import type { SellerListing } from '../../../shared/contract/seller-listings.ts';
import { Button } from '../../ui/button.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import type { ListingAction } from './api/listing-actions.ts';
import styles from './my-listings.module.css';
import type { ListingActions } from './use-listing-actions.ts';

const DONE: Readonly<Record<ListingAction, string>> = {
  close: 'Closed',
  relist: 'Relisted',
  delete: 'Deleted',
};

/** What the last action came to, listing by listing; it takes focus when shown. */
export function ListingActionResults({ actions: { results, resultsRef } }: { actions: ListingActions }) {
  return (
    <div ref={resultsRef} tabIndex={-1} className={styles.results}>
      {results ? (
        <div role="status">
          <p className={styles.resultsHeading}>
            {results.filter((line) => line.ok).length} of {results.length} done.
          </p>
          <ul className={styles.resultList}>
            {results.map((line) => (
              <li key={line.id} className={line.ok ? styles.ok : styles.failed}>
                {line.title}: {line.ok ? DONE[line.action] : line.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** What closing does, said before it is done: the listings come off sale and can be relisted. */
function closeDescription(listings: readonly SellerListing[] | null): string | undefined {
  if (!listings || listings.length === 0) return undefined;
  const which = listings.length === 1 ? `“${listings[0]?.title}”` : `${listings.length} listings`;
  return `${which} will come off sale: buyers can no longer find or buy ${listings.length === 1 ? 'it' : 'them'}. You can relist from the Closed tab.`;
}

/** Asks before closing one listing or the selection. */
export function CloseListingsDialog({ actions }: { actions: ListingActions }) {
  const { confirmClose, setConfirmClose } = actions;
  const several = confirmClose !== null && confirmClose.length > 1;
  return (
    <ModalDialog
      open={confirmClose !== null}
      onOpenChange={(open) => {
        if (!open) setConfirmClose(null);
      }}
      title={several ? `Close ${confirmClose.length} listings?` : 'Close this listing?'}
      description={closeDescription(confirmClose)}
    >
      <DialogActions>
        <Button variant="secondary" onClick={() => setConfirmClose(null)}>
          {several ? 'Keep listings' : 'Keep listing'}
        </Button>
        <Button onClick={actions.closeConfirmed}>
          {several ? `Close ${confirmClose.length} listings` : 'Close listing'}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

/** Asks before deleting a listing for good. */
export function DeleteListingDialog({ actions }: { actions: ListingActions }) {
  const { confirmDelete, setConfirmDelete } = actions;
  return (
    <ModalDialog
      open={confirmDelete !== null}
      onOpenChange={(open) => {
        if (!open) setConfirmDelete(null);
      }}
      title="Delete this listing?"
      description={
        confirmDelete
          ? `“${confirmDelete.title}” will be removed for good. This cannot be undone.`
          : undefined
      }
    >
      <DialogActions>
        <Button variant="secondary" onClick={() => setConfirmDelete(null)}>
          Keep listing
        </Button>
        <Button onClick={() => void actions.deleteConfirmed()}>Delete listing</Button>
      </DialogActions>
    </ModalDialog>
  );
}
