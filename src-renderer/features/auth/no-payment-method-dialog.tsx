import { Button } from '../../ui/button.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';

export interface NoPaymentMethodDialogProps {
  open: boolean;
  onSetUpNow: () => void;
  onSkip: () => void;
}

/** 'No Accepted Payment Method': a seller without payment setup may set it up now or skip. */
export function NoPaymentMethodDialog({ open, onSetUpNow, onSkip }: NoPaymentMethodDialogProps) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onSkip();
      }}
      title="No Accepted Payment Method"
      description="Buyers can only check out with sellers who accept a payment method. Connect a payment gateway or a GunTab account before you list."
    >
      <DialogActions>
        <Button variant="secondary" onClick={onSkip}>
          Skip
        </Button>
        <Button onClick={onSetUpNow}>Set up now</Button>
      </DialogActions>
    </ModalDialog>
  );
}
