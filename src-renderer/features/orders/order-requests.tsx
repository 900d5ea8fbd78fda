import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Order } from '../../../shared/contract/orders.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { Button } from '../../ui/button.tsx';
import formStyles from '../../ui/form-field.module.css';
import { FormField, TextInput } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { failureText } from './order-common.ts';

/** Cancelling the order, with a reason; a paid order is refunded in full. */
export function CancelOrder({ order, onDone }: { order: Order; onDone: (order: Order) => void }) {
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => api.call('ordersCancel', { params: { id: order.id }, body: { reason } }),
    onSuccess: (updated) => {
      setOpen(false);
      onDone(updated);
    },
    onError: (e) => setError(isApiError(e) && e.fields.reason ? e.fields.reason : failureText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError('Give a reason for cancelling.');
      return;
    }
    cancel.mutate();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title={`Cancel order ${order.number}?`}
        description="A paid order is refunded in full."
      >
        <form onSubmit={submit} noValidate>
          <FormField label="Reason" error={error ?? undefined}>
            {(control) => (
              <TextInput {...control} value={reason} onChange={(event) => setReason(event.target.value)} />
            )}
          </FormField>
          <DialogActions>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep the order
            </Button>
            <Button type="submit" disabled={cancel.isPending}>
              Cancel the order
            </Button>
          </DialogActions>
        </form>
      </ModalDialog>
    </>
  );
}

/** Disputing an escrow order: its payment stays held while staff review it. */
export function DisputeOrder({ order, onDone }: { order: Order; onDone: () => void }) {
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dispute = useMutation({
    mutationFn: () => api.call('escrowDispute', { params: { id: order.id }, body: { reason } }),
    onSuccess: () => {
      setOpen(false);
      onDone();
    },
    onError: (e) => setError(isApiError(e) && e.fields.reason ? e.fields.reason : failureText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length === 0) {
      setError('Say what is wrong with the order.');
      return;
    }
    dispute.mutate();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Open a dispute
      </Button>
      <ModalDialog
        open={open}
        onOpenChange={(next) => {
          if (!dispute.isPending) setOpen(next);
        }}
        title={`Dispute order ${order.number}?`}
        description="The payment stays held while Ironsight staff review the dispute with you and the seller."
      >
        <form onSubmit={submit} noValidate aria-label={`Dispute order ${order.number}`}>
          <FormField label="What is wrong with the order?" error={error ?? undefined}>
            {(control) => (
              <textarea
                {...control}
                className={formStyles.input}
                rows={4}
                maxLength={1000}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </FormField>
          <DialogActions>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep waiting
            </Button>
            <Button type="submit" disabled={dispute.isPending} aria-busy={dispute.isPending}>
              Open the dispute
            </Button>
          </DialogActions>
        </form>
      </ModalDialog>
    </>
  );
}
