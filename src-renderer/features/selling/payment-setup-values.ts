import { z } from 'zod';
import {
  type PaymentOptions,
  type PaymentOptionsInput,
  paymentOptionsInputSchema,
} from '../../../shared/contract/billing.ts';
import { hasFlag } from '../../../shared/domain/flags.ts';
import { PAYMENT_METHOD_LABELS } from './payment-method-labels.ts';

export const PayoutKind = { Gateway: 'gateway', GunTab: 'gunTab', None: 'none' } as const;
export type PayoutKind = (typeof PayoutKind)[keyof typeof PayoutKind];

/** The live checkout form as typed: checkbox values are strings, every text field a string. */
export interface PaymentSetupValues {
  methods: string[];
  payout: PayoutKind;
  provider: string;
  merchantId: string;
  secretKey: string;
  gunTabEmail: string;
  liveCheckoutEnabled: boolean;
}

/** The form as the stored setup fills it; the secret key is never answered, so it starts empty. */
export function paymentSetupValuesFrom(options: PaymentOptions): PaymentSetupValues {
  return {
    methods: Object.keys(PAYMENT_METHOD_LABELS).filter((flag) =>
      hasFlag(options.acceptedPaymentMethods, Number(flag)),
    ),
    payout: options.gateway === null && options.gunTab !== null ? PayoutKind.GunTab : PayoutKind.Gateway,
    provider: options.gateway?.provider ?? '',
    merchantId: options.gateway?.merchantId ?? '',
    secretKey: '',
    gunTabEmail: options.gunTab?.email ?? '',
    liveCheckoutEnabled: options.liveCheckoutEnabled,
  };
}

/**
 * POST /users/addOrUpdatePaymentOptions replaces the whole setup and takes a gateway only with its
 * secret key, so a gateway is saved with the key typed again even when one is on file.
 */
export const SECRET_KEY_EACH_SAVE =
  'Enter your secret key. It is needed each time you save a payment gateway, even with one on file.';

const gatewayTyped = (values: PaymentSetupValues) =>
  [values.provider, values.merchantId, values.secretKey].some((text) => text.trim() !== '');

/**
 * The request of POST /users/addOrUpdatePaymentOptions for the typed values. Gateway fields left
 * all empty (or an empty GunTab email) mean none is set up, which live checkout then refuses.
 */
export function toPaymentOptionsInput(values: PaymentSetupValues): PaymentOptionsInput {
  return {
    acceptedPaymentMethods: values.methods.reduce((flags, flag) => flags | Number(flag), 0),
    liveCheckoutEnabled: values.liveCheckoutEnabled,
    gateway:
      values.payout === PayoutKind.Gateway && gatewayTyped(values)
        ? { provider: values.provider, merchantId: values.merchantId, secretKey: values.secretKey }
        : null,
    gunTabEmail:
      values.payout === PayoutKind.GunTab && values.gunTabEmail.trim() !== '' ? values.gunTabEmail : null,
  };
}

/** Where a message of the contract's schema belongs on the form. */
function formPath(path: readonly PropertyKey[]): string {
  const [head, field] = path;
  if (head === 'gateway') return typeof field === 'string' ? field : 'provider';
  if (head === 'acceptedPaymentMethods') return 'methods';
  return typeof head === 'string' ? head : 'root';
}

/** Checks the form with the contract's own schema, each message placed on the field it is about. */
export const paymentSetupFormSchema = z
  .object({
    methods: z.array(z.string()),
    payout: z.enum(PayoutKind),
    provider: z.string(),
    merchantId: z.string(),
    secretKey: z.string(),
    gunTabEmail: z.string(),
    liveCheckoutEnabled: z.boolean(),
  })
  .superRefine((values, context) => {
    const secretMissing =
      values.payout === PayoutKind.Gateway && gatewayTyped(values) && values.secretKey === '';
    if (secretMissing)
      context.addIssue({ code: 'custom', message: SECRET_KEY_EACH_SAVE, path: ['secretKey'] });
    const result = paymentOptionsInputSchema.safeParse(toPaymentOptionsInput(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      if (secretMissing && formPath(issue.path) === 'secretKey') continue;
      context.addIssue({ code: 'custom', message: issue.message, path: [formPath(issue.path)] });
    }
  });
