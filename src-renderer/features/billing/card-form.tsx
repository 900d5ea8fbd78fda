import { type ReactNode, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type CheckoutPayment,
  checkoutPaymentSchema,
  paymentFailureText,
} from '../../../shared/contract/orders.ts';
import { BILLING_MESSAGES } from '../../../shared/domain/billing.ts';
import { cardDigits } from '../../../shared/domain/card.ts';
import { isShipToRegion } from '../../../shared/domain/us-states.ts';
import { isApiError } from '../../lib/api-client.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { AddressFields, EMPTY_POSTAL_ADDRESS, type PostalAddressValues } from '../../ui/address-fields.tsx';
import { Button } from '../../ui/button.tsx';
import { CardFields, type CardFieldValues, EMPTY_CARD_FIELDS } from '../../ui/card-fields.tsx';
import styles from '../../ui/commerce.module.css';
import { Checkbox, FormError } from '../../ui/form-field.tsx';

/** The billing form, as typed (the card number grouped, the expiration MM/YY). */
export interface CardFormValues extends CardFieldValues, PostalAddressValues {
  /** The form's own choice (save the card, make it the default). */
  option: boolean;
}

const EMPTY: CardFormValues = { ...EMPTY_CARD_FIELDS, ...EMPTY_POSTAL_ADDRESS, option: false };

/**
 * The card is checked by the contract's own schema (the card validators in shared/domain); the state,
 * picked from a list, reads 'State is required.' until one is chosen, as the spec words it.
 */
const cardFormSchema = checkoutPaymentSchema.extend({
  state: z.string().refine(isShipToRegion, { error: BILLING_MESSAGES.stateRequired }),
  option: z.boolean(),
});

function toPayment(values: CardFormValues): CheckoutPayment {
  const address2 = values.address2.trim();
  return {
    billingFirstName: values.billingFirstName.trim(),
    billingLastName: values.billingLastName.trim(),
    cardNumber: cardDigits(values.cardNumber),
    expiration: values.expiration.trim(),
    cvv: values.cvv.trim(),
    address1: values.address1.trim(),
    ...(address2 ? { address2 } : {}),
    city: values.city.trim(),
    state: values.state as CheckoutPayment['state'],
    zip: values.zip.trim(),
  };
}

export interface CardFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** A checkbox under the card (e.g. 'Make this my default card'). */
  optionLabel: string;
  optionDefault?: boolean;
  /** Sends the card; a thrown ApiError is shown on its fields or above the button, the form kept. */
  onSubmit: (card: CheckoutPayment, option: boolean) => Promise<void>;
  secondary?: ReactNode;
}

/**
 * The card and billing address form: the card number grouped as typed, MM/YY with the
 * slash put in, each field's message under it. A refused card leaves everything typed in place.
 */
export function CardForm({
  label,
  submitLabel,
  busyLabel,
  optionLabel,
  optionDefault = false,
  onSubmit,
  secondary,
}: CardFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const form = useForm<CardFormValues>({
    defaultValues: { ...EMPTY, option: optionDefault },
    resolver: zodResolver(cardFormSchema) as never,
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(toPayment(values), values.option);
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        let matched = false;
        for (const [key, message] of Object.entries(error.fields)) {
          const field = /^card\.(\w+)$/.exec(key)?.[1];
          if (field && field in EMPTY) {
            form.setError(field as FieldPath<CardFormValues>, { type: 'server', message });
            matched = true;
          }
        }
        if (matched) return;
      }
      setFailure(
        isApiError(error)
          ? paymentFailureText(error.status, error.status === 0 ? null : (error.body ?? null))
          : paymentFailureText(0, null),
      );
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  });

  return (
    <FormProvider {...form}>
      <form className={styles.stack} onSubmit={submit} noValidate aria-label={label}>
        <CardFields />
        <AddressFields section="billing" />
        <Checkbox label={optionLabel} {...form.register('option')} />
        <FormError>{failure}</FormError>
        <div className={styles.actions}>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
          {secondary}
        </div>
      </form>
    </FormProvider>
  );
}
