import { z } from 'zod';
import { type PaymentOptionsInput, paymentOptionsInputSchema } from '../../../shared/contract/billing.ts';

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

export const EMPTY_PAYMENT_SETUP: PaymentSetupValues = {
  methods: [],
  payout: PayoutKind.Gateway,
  provider: '',
  merchantId: '',
  secretKey: '',
  gunTabEmail: '',
  liveCheckoutEnabled: false,
};

/**
 * The request of POST /users/addOrUpdatePaymentOptions for the typed values. Gateway fields left
 * all empty (or an empty GunTab email) mean none is set up, which live checkout then refuses.
 */
export function toPaymentOptionsInput(values: PaymentSetupValues): PaymentOptionsInput {
  const gatewayTyped = [values.provider, values.merchantId, values.secretKey].some(
    (text) => text.trim() !== '',
  );
  return {
    acceptedPaymentMethods: values.methods.reduce((flags, flag) => flags | Number(flag), 0),
    liveCheckoutEnabled: values.liveCheckoutEnabled,
    gateway:
      values.payout === PayoutKind.Gateway && gatewayTyped
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
    const result = paymentOptionsInputSchema.safeParse(toPaymentOptionsInput(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message, path: [formPath(issue.path)] });
    }
  });
