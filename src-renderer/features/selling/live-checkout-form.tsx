import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { ApiError, isApiError } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import {
  Checkbox,
  FieldError,
  FormError,
  FormField,
  FormNotice,
  PasswordInput,
  TextInput,
} from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { usePaymentOptions } from './api/use-payment-options.ts';
import { useSavePaymentOptions } from './api/use-save-payment-options.ts';
import {
  CARD_PAYMENT_METHODS,
  OTHER_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
} from './payment-method-labels.ts';
import {
  type PaymentSetupValues,
  PayoutKind,
  paymentSetupFormSchema,
  paymentSetupValuesFrom,
  toPaymentOptionsInput,
} from './payment-setup-values.ts';
import styles from './selling.module.css';

const SERVER_FIELDS = [
  'methods',
  'provider',
  'merchantId',
  'secretKey',
  'gunTabEmail',
  'liveCheckoutEnabled',
] as const;

/** The accepted payment methods, offered in two groups. */
const METHOD_GROUPS = [
  { legend: 'Cards', methods: CARD_PAYMENT_METHODS },
  { legend: 'Other ways to pay', methods: OTHER_PAYMENT_METHODS },
] as const;

/** Maps the server's field names (gateway.provider, acceptedPaymentMethods) onto the form's. */
function serverFieldName(name: string): string {
  if (name.startsWith('gateway.')) return name.slice('gateway.'.length);
  if (name === 'acceptedPaymentMethods') return 'methods';
  return name;
}

function withFormFieldNames(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, message]) => [serverFieldName(name), message]),
  );
  return new ApiError({
    status: error.status,
    code: error.code,
    message: error.message,
    fields,
    body: error.body,
  });
}

/** Set Up Payments: accepted methods, a payment gateway or GunTab account, and live checkout. */
export function LiveCheckoutForm() {
  const stored = usePaymentOptions();
  if (stored.isPending) {
    return (
      <LoadingRegion label="Loading your payment setup">
        <div className={styles.form}>
          <Skeleton height="160px" />
          <Skeleton height="200px" />
        </div>
      </LoadingRegion>
    );
  }
  if (stored.isError) {
    return (
      <div className={styles.form}>
        <FormError>Your payment setup could not be loaded.</FormError>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void stored.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  return (
    <PaymentSetupForm
      initial={paymentSetupValuesFrom(stored.data)}
      keyOnFile={stored.data.gateway !== null}
      hasSetup={stored.data.hasAcceptedPaymentSetup}
    />
  );
}

function PaymentSetupForm({
  initial,
  keyOnFile,
  hasSetup,
}: {
  initial: PaymentSetupValues;
  /** A gateway, and with it a secret key, is stored. */
  keyOnFile: boolean;
  hasSetup: boolean;
}) {
  const save = useSavePaymentOptions();
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PaymentSetupValues>({
    resolver: zodResolver(paymentSetupFormSchema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const payout = watch('payout');
  const [secretOnFile, setSecretOnFile] = useState(keyOnFile);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    setFormError(null);
    try {
      const saved = await save.mutateAsync(toPaymentOptionsInput(values));
      // The secret key is write-only: it is not kept in the page once stored.
      resetField('secretKey', { defaultValue: '' });
      setSecretOnFile(saved.gateway !== null);
      setNotice(
        saved.hasAcceptedPaymentSetup
          ? 'Your payment setup is saved. You can now list items for sale.'
          : 'Your payment setup is saved.',
      );
    } catch (error) {
      setFormError(
        applyServerErrors(
          withFormFieldNames(error),
          setError,
          SERVER_FIELDS,
          'Your payment setup could not be saved. Please try again.',
        ),
      );
    }
  });

  const methodsErrorId = 'payment-methods-error';
  const liveErrorId = 'live-checkout-error';
  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Payment setup">
      <FormNotice>
        {notice ? (
          <>
            {notice}{' '}
            <Link className={styles.link} to={paths.listItem()}>
              List an item
            </Link>
          </>
        ) : null}
      </FormNotice>
      <FormError>{formError}</FormError>
      {hasSetup && !notice ? (
        <p className={styles.callout}>
          Your payment setup is complete. Saving this form replaces it with what the form shows.
        </p>
      ) : null}

      <fieldset className={styles.section} aria-describedby={errors.methods ? methodsErrorId : undefined}>
        <legend className={styles.legend}>Payment methods you accept</legend>
        {METHOD_GROUPS.map((group) => (
          <fieldset key={group.legend} className={styles.choiceGroup}>
            <legend className={styles.groupLabel}>{group.legend}</legend>
            <div className={styles.choices}>
              {group.methods.map((flag) => (
                <Checkbox
                  key={flag}
                  label={PAYMENT_METHOD_LABELS[flag as keyof typeof PAYMENT_METHOD_LABELS]}
                  value={String(flag)}
                  {...register('methods')}
                />
              ))}
            </div>
          </fieldset>
        ))}
        <FieldError id={methodsErrorId}>{errors.methods?.message}</FieldError>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>How buyers pay you at checkout</legend>
        <p className={styles.help}>
          Sellers need a payment gateway or an active GunTab account before listing.
        </p>
        <fieldset className={styles.choiceGroup}>
          <legend className={styles.groupLabel}>Checkout account</legend>
          <label className={styles.radio}>
            <input type="radio" value={PayoutKind.Gateway} {...register('payout')} /> Payment gateway
          </label>
          <label className={styles.radio}>
            <input type="radio" value={PayoutKind.GunTab} {...register('payout')} /> GunTab account
          </label>
        </fieldset>
        {payout === PayoutKind.Gateway ? (
          <>
            <div className={styles.row}>
              <FormField
                label="Gateway provider"
                help="For example Authorize.net or Stripe."
                error={errors.provider?.message}
              >
                {(control) => <TextInput {...control} {...register('provider')} autoComplete="off" />}
              </FormField>
              <FormField label="Merchant ID" error={errors.merchantId?.message}>
                {(control) => <TextInput {...control} {...register('merchantId')} autoComplete="off" />}
              </FormField>
            </div>
            <FormField
              label="Secret key"
              help={
                secretOnFile
                  ? 'A secret key is on file. It is never shown; enter it again each time you save, since saving replaces the key on file.'
                  : 'Stored encrypted and never shown again. Enter it each time you save your gateway.'
              }
              error={errors.secretKey?.message}
            >
              {(control) => (
                <PasswordInput {...control} {...register('secretKey')} autoComplete="new-password" />
              )}
            </FormField>
          </>
        ) : (
          <FormField label="GunTab account email" error={errors.gunTabEmail?.message}>
            {(control) => (
              <TextInput {...control} {...register('gunTabEmail')} type="email" autoComplete="email" />
            )}
          </FormField>
        )}
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Live checkout</legend>
        <Checkbox
          label="Let buyers check out on the spot (Instant Checkout)"
          aria-describedby={errors.liveCheckoutEnabled ? liveErrorId : undefined}
          aria-invalid={Boolean(errors.liveCheckoutEnabled)}
          {...register('liveCheckoutEnabled')}
        />
        <FieldError id={liveErrorId}>{errors.liveCheckoutEnabled?.message}</FieldError>
      </fieldset>

      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Payment Setup'}
        </Button>
        <LinkButton to={paths.listItem()} variant="secondary">
          Back to List an Item
        </LinkButton>
      </div>
    </form>
  );
}
