import { type FormEvent, useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import formFieldStyles from '../../ui/form-field.module.css';
import { FormError, FormField } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { useCancelAuction } from './api.ts';
import styles from './auctions.module.css';

export interface CancelAuctionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  listingId: string;
  title: string;
}

/** Staff only: ends a running auction without a sale, with a reason its seller and bidders are told. */
export function CancelAuctionDialog({
  open,
  onOpenChange: setOpen,
  listingId,
  title,
}: CancelAuctionDialogProps) {
  const cancel = useCancelAuction(listingId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (reason.trim() === '') {
      setError('Say why the auction is cancelled.');
      return;
    }
    setError(undefined);
    try {
      await cancel.mutateAsync(reason.trim());
      setOpen(false);
    } catch (caught) {
      if (isApiError(caught) && caught.status > 0 && caught.status < 500) {
        if (caught.fields?.reason) setError(caught.fields.reason);
        else setFailure(caught.message);
      } else setFailure('The auction could not be cancelled right now. Please try again.');
    }
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={setOpen}
      title="Cancel this auction"
      description={`${title}: it ends without a sale and leaves the catalogue. The seller and every bidder are told your reason.`}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Reason" error={error}>
          {(control) => (
            <textarea
              {...control}
              className={formFieldStyles.input}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              maxLength={500}
            />
          )}
        </FormField>
        <FormError>{failure}</FormError>
        <DialogActions>
          <Button type="submit" disabled={cancel.isPending} aria-busy={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel auction'}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep it running
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
