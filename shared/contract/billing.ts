import { z } from 'zod';
import { unfreezePayloadSchema } from '../domain/billing.ts';
import { plainText } from '../domain/text.ts';
import { BILLING_LEDGER_ENDPOINTS } from './billing-ledger.ts';
import { dateTimeSchema, emailSchema, moneySchema, signedMoneySchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { paymentMethodsSchema } from './listing-shapes.ts';
import { freshTokenSchema, membershipPlanSchema } from './user-profile.ts';

// ---------------------------------------------------------------------------------------------
// POST /users/unfreeze: pay the past-due balance
// ---------------------------------------------------------------------------------------------

/**
 * The unfreeze payload (build it with `toUnfreezePayload` from domain/billing), plus
 * the `unfreezeToken` of the login 402 answer. A caller signed in to the same account may send its
 * bearer token instead.
 */
export const unfreezeRequestSchema = unfreezePayloadSchema.extend({
  unfreezeToken: plainText().min(1).max(2048).optional(),
});
export type UnfreezeRequest = z.input<typeof unfreezeRequestSchema>;

/**
 * 200: paid; the account is unfrozen and `jwt` signs the user in. A declined payment answers 402
 * with the envelope, whose message the modal shows as given; a failure without a processor
 * message carries 'Error processing payment contact support'.
 */
export const unfreezeResponseSchema = z.object({
  jwt: z.string().min(1),
  message: z.string().nullable(),
});
export type UnfreezeResponse = z.infer<typeof unfreezeResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /users/addOrUpdatePaymentOptions: how a seller is paid
// ---------------------------------------------------------------------------------------------

export const paymentGatewayInputSchema = z.object({
  provider: plainText().trim().min(1).max(50),
  merchantId: plainText().trim().min(1).max(100),
  /** Write-only: stored encrypted, never answered back. */
  secretKey: plainText().min(1).max(500),
});
export type PaymentGatewayInput = z.infer<typeof paymentGatewayInputSchema>;

/**
 * The seller's whole payment setup, replacing the previous one. Live checkout needs a payment
 * gateway or a GunTab account.
 */
export const paymentOptionsInputSchema = z
  .object({
    acceptedPaymentMethods: paymentMethodsSchema,
    liveCheckoutEnabled: z.boolean(),
    gateway: paymentGatewayInputSchema.nullable().default(null),
    gunTabEmail: emailSchema.nullable().default(null),
  })
  .refine((input) => !input.liveCheckoutEnabled || input.gateway !== null || input.gunTabEmail !== null, {
    error: 'Live checkout needs a payment gateway or a GunTab account.',
    path: ['liveCheckoutEnabled'],
  });
export type PaymentOptionsInput = z.input<typeof paymentOptionsInputSchema>;

export const paymentOptionsSchema = z.object({
  acceptedPaymentMethods: paymentMethodsSchema,
  liveCheckoutEnabled: z.boolean(),
  gateway: z.object({ provider: z.string(), merchantId: z.string() }).nullable(),
  gunTab: z.object({ email: z.string(), active: z.boolean() }).nullable(),
  /** A gateway or an active GunTab account is set up: the seller may list. */
  hasAcceptedPaymentSetup: z.boolean(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// POST /users/updateMembershipPlan
// ---------------------------------------------------------------------------------------------

/** The role changes, so a fresh token comes back. */
export const updateMembershipPlanRequestSchema = z.object({ plan: membershipPlanSchema });
export type UpdateMembershipPlanRequest = z.infer<typeof updateMembershipPlanRequestSchema>;

export const updateMembershipPlanResponseSchema = z.object({
  plan: membershipPlanSchema,
  jwtToken: freshTokenSchema,
});
export type UpdateMembershipPlanResponse = z.infer<typeof updateMembershipPlanResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Escrow and credit
// ---------------------------------------------------------------------------------------------

/** POST /users/getEscrowAccount: find the account by user id, email, or both (they must agree). */
export const escrowLookupRequestSchema = z
  .object({ email: emailSchema.optional(), userId: uuidSchema.optional() })
  .refine((body) => body.email !== undefined || body.userId !== undefined, {
    error: 'Give an email or a user id.',
  });
export type EscrowLookupRequest = z.input<typeof escrowLookupRequestSchema>;

export const EscrowEntryKind = {
  Credit: 'Credit',
  Debit: 'Debit',
  Hold: 'Hold',
  Release: 'Release',
  Refund: 'Refund',
  Payout: 'Payout',
} as const;
export type EscrowEntryKind = (typeof EscrowEntryKind)[keyof typeof EscrowEntryKind];

export const escrowEntrySchema = z.object({
  id: uuidSchema,
  kind: z.enum(EscrowEntryKind),
  amount: signedMoneySchema,
  description: z.string(),
  createdAt: dateTimeSchema,
});
export type EscrowEntry = z.infer<typeof escrowEntrySchema>;

export const escrowAccountSchema = z.object({
  userId: uuidSchema,
  email: z.string(),
  /** Available balance. */
  balance: signedMoneySchema,
  /** Held for orders in progress. */
  pendingBalance: moneySchema,
  /** Newest first, at most 100. */
  entries: z.array(escrowEntrySchema),
});
export type EscrowAccount = z.infer<typeof escrowAccountSchema>;

/** POST /pprAdmin/add-credit-to-user. */
export const creditTransactionRequestSchema = z.object({
  userId: uuidSchema,
  amount: moneySchema.min(0.01),
  description: plainText().trim().min(1, { error: 'Describe the credit.' }).max(500),
});
export type CreditTransactionRequest = z.input<typeof creditTransactionRequestSchema>;

export const creditTransactionSchema = z.object({
  id: uuidSchema,
  userId: uuidSchema,
  amount: moneySchema,
  description: z.string(),
  /** The admin who added it. */
  createdBy: uuidSchema,
  createdAt: dateTimeSchema,
  /** The user's escrow balance after the credit. */
  balance: signedMoneySchema,
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

/**
 * The calls served by `src-server/modules/billing/`: payment setup, escrow accounts and plan changes,
 * and the fees, invoices, stored cards and escrow disputes of billing-ledger.ts.
 */
export const BILLING_ENDPOINTS = {
  usersGetEscrowAccount: defineEndpoint({
    method: 'POST',
    path: '/users/getEscrowAccount',
    summary: "A user's escrow account, by email or user id: the caller's own (admins: anyone's).",
    access: 'user',
    owner: 'account',
    ownerId: 'body.userId',
    refusesImpersonation: true,
    body: escrowLookupRequestSchema,
    response: escrowAccountSchema,
  }),
  usersAddOrUpdatePaymentOptions: defineEndpoint({
    method: 'POST',
    path: '/users/addOrUpdatePaymentOptions',
    refusesImpersonation: true,
    summary: 'Set how the caller is paid: accepted methods, gateway, GunTab.',
    access: 'seller',
    body: paymentOptionsInputSchema,
    response: paymentOptionsSchema,
  }),
  usersGetPaymentOptions: defineEndpoint({
    method: 'GET',
    path: '/users/payment-options',
    summary: "The caller's payment setup as stored (the gateway's secret key is never answered).",
    access: 'seller',
    response: paymentOptionsSchema,
  }),
  usersUpdateMembershipPlan: defineEndpoint({
    method: 'POST',
    path: '/users/updateMembershipPlan',
    refusesImpersonation: true,
    summary: "Change the caller's membership plan; answers a fresh token.",
    access: 'user',
    body: updateMembershipPlanRequestSchema,
    response: updateMembershipPlanResponseSchema,
  }),
  ...BILLING_LEDGER_ENDPOINTS,
} as const satisfies Record<string, EndpointDefinition>;
