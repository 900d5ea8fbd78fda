import { type ChangeEvent, type ComponentPropsWithRef, type ReactNode, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type CheckoutPayment,
  checkoutPaymentSchema,
  paymentFailureText,
} from '../../../shared/contract/orders.ts';
import { BILLING_MESSAGES } from '../../../shared/domain/billing.ts';
import { cardDigits, formatCardNumber, formatExpirationInput } from '../../../shared/domain/card.ts';
import { isShipToRegion, SHIP_TO_REGIONS } from '../../../shared/domain/us-states.ts';
import { isApiError } from '../../lib/api-client.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { Checkbox, FormError, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';

/** The billing form, as typed (the card number grouped, the expiration MM/YY). */
export interface CardFormValues {
  billingFirstName: string;
  billingLastName: string;
  cardNumber: string;
  expiration: string;
  cvv: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  /** The form's own choice (save the card, make it the default). */
  option: boolean;
}

const EMPTY: CardFormValues = {
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
  option: false,
};

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
  const { register, handleSubmit, setValue, setError, formState } = useForm<CardFormValues>({
    defaultValues: { ...EMPTY, option: optionDefault },
    resolver: zodResolver(cardFormSchema) as never,
    mode: 'onTouched',
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
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
            setError(field as FieldPath<CardFormValues>, { type: 'server', message });
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
    <form className={styles.stack} onSubmit={submit} noValidate aria-label={label}>
      <div className={styles.row}>
        <TextField
          label="First name on card"
          error={errors.billingFirstName?.message}
          {...register('billingFirstName')}
          autoComplete="billing given-name"
        />
        <TextField
          label="Last name on card"
          error={errors.billingLastName?.message}
          {...register('billingLastName')}
          autoComplete="billing family-name"
        />
      </div>
      <TextField
        label="Card number"
        error={errors.cardNumber?.message}
        {...register('cardNumber', {
          onChange: (event: ChangeEvent<HTMLInputElement>) =>
            setValue('cardNumber', formatCardNumber(event.target.value)),
        })}
        autoComplete="cc-number"
        inputMode="numeric"
      />
      <div className={styles.row}>
        <TextField
          label="Expiration (MM/YY)"
          error={errors.expiration?.message}
          {...register('expiration', {
            onChange: (event: ChangeEvent<HTMLInputElement>) =>
              setValue('expiration', formatExpirationInput(event.target.value)),
          })}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
          placeholder="MM/YY"
        />
        <TextField
          label="Security code"
          error={errors.cvv?.message}
          {...register('cvv')}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
        />
      </div>
      <TextField
        label="Billing address"
        error={errors.address1?.message}
        {...register('address1')}
        autoComplete="billing address-line1"
      />
      <TextField
        label="Billing address line 2"
        optional
        error={errors.address2?.message}
        {...register('address2')}
        autoComplete="billing address-line2"
      />
      <div className={styles.row}>
        <TextField
          label="Billing city"
          error={errors.city?.message}
          {...register('city')}
          autoComplete="billing address-level2"
        />
        <FormField label="Billing state" error={errors.state?.message}>
          {(control) => (
            <SelectInput {...control} {...register('state')} autoComplete="billing address-level1">
              <option value="">Choose…</option>
              {SHIP_TO_REGIONS.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <TextField
          label="Billing ZIP code"
          error={errors.zip?.message}
          {...register('zip')}
          autoComplete="billing postal-code"
          inputMode="numeric"
        />
      </div>
      <Checkbox label={optionLabel} {...register('option')} />
      <FormError>{failure}</FormError>
      <div className={styles.actions}>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}

type InputProps = ComponentPropsWithRef<'input'> & {
  label: string;
  error?: string | undefined;
  optional?: boolean;
};

function TextField({ label, error, optional, ...input }: InputProps) {
  return (
    <FormField label={label} error={error} optional={optional}>
      {(control) => <TextInput {...control} {...input} />}
    </FormField>
  );
}
