import { type ChangeEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type BillingForm,
  makeBillingFormSchema,
  toUnfreezePayload,
} from '../../../shared/domain/billing.ts';
import { formatCardNumber, formatExpirationInput } from '../../../shared/domain/card.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { US_STATES } from '../../../shared/domain/us-states.ts';
import { HELP_URL } from '../../../shared/routes/external.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { useUnfreeze } from './api/use-unfreeze.ts';
import styles from './auth.module.css';
import { type PastDueDetails, paymentErrorMessage } from './login-flow.ts';

const billingFormSchema = makeBillingFormSchema();

/** Keeps the MM/YY slash automatic without trapping the cursor when the user deletes it. */
export function nextExpirationValue(previous: string, typed: string): string {
  const formatted = formatExpirationInput(typed);
  const deleting = typed.length < previous.length;
  return deleting && formatted.length > typed.length ? typed.replace(/\D/g, '') : formatted;
}

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
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<BillingForm>({
    resolver: zodResolver(billingFormSchema),
    mode: 'onTouched',
    defaultValues: {
      billingFirstName: '',
      billingLastName: '',
      cardNumber: '',
      expiration: '',
      cvv: '',
      address1: '',
      address2: '',
      city: '',
      state: '',
      zip: '',
    },
  });

  const revalidate = (field: keyof BillingForm) => Boolean(touchedFields[field]) || isSubmitted;

  const cardNumber = register('cardNumber');
  const expiration = register('expiration');

  const onSubmit = handleSubmit(async (form) => {
    setBusy(true);
    setPaymentError(null);
    try {
      const payload = toUnfreezePayload(form, details.email, details.freezeReason);
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
      <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Pay past-due balance">
        <FormError>{paymentError}</FormError>
        <div className={styles.row}>
          <FormField label="First name" error={errors.billingFirstName?.message}>
            {(control) => (
              <TextInput {...control} {...register('billingFirstName')} autoComplete="cc-given-name" />
            )}
          </FormField>
          <FormField label="Last name" error={errors.billingLastName?.message}>
            {(control) => (
              <TextInput {...control} {...register('billingLastName')} autoComplete="cc-family-name" />
            )}
          </FormField>
        </div>
        <FormField label="Card number" error={errors.cardNumber?.message}>
          {(control) => (
            <TextInput
              {...control}
              {...cardNumber}
              onChange={async (event: ChangeEvent<HTMLInputElement>) => {
                setValue('cardNumber', formatCardNumber(event.target.value), {
                  shouldValidate: revalidate('cardNumber'),
                });
              }}
              inputMode="numeric"
              autoComplete="cc-number"
            />
          )}
        </FormField>
        <div className={styles.row}>
          <FormField label="Expiration (MM/YY)" error={errors.expiration?.message}>
            {(control) => (
              <TextInput
                {...control}
                {...expiration}
                onChange={(event: ChangeEvent<HTMLInputElement>) => {
                  setValue('expiration', nextExpirationValue(getValues('expiration'), event.target.value), {
                    shouldValidate: revalidate('expiration'),
                  });
                }}
                maxLength={5}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
              />
            )}
          </FormField>
          <FormField label="CVV" error={errors.cvv?.message}>
            {(control) => (
              <TextInput
                {...control}
                {...register('cvv')}
                maxLength={4}
                inputMode="numeric"
                autoComplete="cc-csc"
              />
            )}
          </FormField>
        </div>
        <FormField label="Address" error={errors.address1?.message}>
          {(control) => <TextInput {...control} {...register('address1')} autoComplete="address-line1" />}
        </FormField>
        <FormField label="Apartment, suite, etc." optional>
          {(control) => <TextInput {...control} {...register('address2')} autoComplete="address-line2" />}
        </FormField>
        <div className={styles.row3}>
          <FormField label="City" error={errors.city?.message}>
            {(control) => <TextInput {...control} {...register('city')} autoComplete="address-level2" />}
          </FormField>
          <FormField label="State" error={errors.state?.message}>
            {(control) => (
              <SelectInput {...control} {...register('state')} autoComplete="address-level1">
                <option value="">Choose…</option>
                {US_STATES.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.name}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Zip code" error={errors.zip?.message}>
            {(control) => (
              <TextInput {...control} {...register('zip')} inputMode="numeric" autoComplete="postal-code" />
            )}
          </FormField>
        </div>
        <DialogActions>
          <a className={styles.link} href={HELP_URL} target="_blank" rel="noopener noreferrer">
            Contact Support
          </a>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Submitting...' : 'Pay Now'}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
