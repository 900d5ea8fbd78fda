import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  type BillingForm,
  makeBillingFormSchema,
  toUnfreezePayload,
} from '../../../shared/domain/billing.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { US_STATES } from '../../../shared/domain/us-states.ts';
import { HELP_URL } from '../../../shared/routes/external.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { AddressFields, EMPTY_POSTAL_ADDRESS } from '../../ui/address-fields.tsx';
import { Button } from '../../ui/button.tsx';
import { CardFields, EMPTY_CARD_FIELDS } from '../../ui/card-fields.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { useUnfreeze } from './api/use-unfreeze.ts';
import styles from './auth.module.css';
import { type PastDueDetails, paymentErrorMessage } from './login-flow.ts';

const billingFormSchema = makeBillingFormSchema();

/** The modal's own words for the card and address fields. */
const PAST_DUE_CARD_LABELS = { billingFirstName: 'First name', billingLastName: 'Last name', cvv: 'CVV' };
const PAST_DUE_ADDRESS_LABELS = { address2: 'Apartment, suite, etc.', zip: 'Zip code' };

export interface PastDueDialogProps {
  details: PastDueDetails;
  onClose: () => void;
  /** Called with the token the payment answered; the login then continues. */
  onPaid: (jwt: string) => Promise<void>;
}

/** 'Past Due Balance Notice': the amount, a card and billing form, Pay Now and Contact Support. */
export function PastDueDialog({ details, onClose, onPaid }: PastDueDialogProps) {
  const unfreeze = useUnfreeze();
  const [busy, setBusy] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const form = useForm<BillingForm>({
    resolver: zodResolver(billingFormSchema),
    mode: 'onTouched',
    defaultValues: { ...EMPTY_CARD_FIELDS, ...EMPTY_POSTAL_ADDRESS },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    setPaymentError(null);
    try {
      const payload = toUnfreezePayload(values, details.email, details.freezeReason);
      const result = await unfreeze.mutateAsync({
        body: { ...payload, ...(details.unfreezeToken ? { unfreezeToken: details.unfreezeToken } : {}) },
      });
      await onPaid(result.jwt);
    } catch (error) {
      setPaymentError(paymentErrorMessage(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <ModalDialog
      open
      wide
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title="Past Due Balance Notice"
      description={
        <>
          Your account is on hold for a past-due balance of{' '}
          <strong data-numeric="">{formatPrice(details.pastDueAmount)}</strong>. Pay it now to continue.
        </>
      }
    >
      <FormProvider {...form}>
        <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Pay past-due balance">
          <FormError>{paymentError}</FormError>
          <CardFields labels={PAST_DUE_CARD_LABELS} rowClassName={styles.row} />
          <AddressFields labels={PAST_DUE_ADDRESS_LABELS} regions={US_STATES} rowClassName={styles.row3} />
          <DialogActions>
            <a className={styles.link} href={HELP_URL} target="_blank" rel="noopener noreferrer">
              Contact Support
            </a>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Submitting...' : 'Pay Now'}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </ModalDialog>
  );
}
