/**
 * Fees, invoices, payments, stored cards and escrow disputes. Amounts are answered in
 * dollars like the rest of the API; the server keeps them as integer cents in its ledger.
 */
import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import {
  dateTimeSchema,
  idParamsSchema,
  MAX_PAGE_SIZE,
  moneySchema,
  optionalQueryNumber,
  pagedSchema,
  signedMoneySchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { checkoutPaymentSchema, orderStateSchema } from './orders.ts';
import { freshTokenSchema, membershipPlanSchema } from './user-profile.ts';

export const invoiceStatusSchema = z.enum(['open', 'paid']);

export const invoiceLineSchema = z.object({
  kind: z.string(),
  description: z.string(),
  /** Negative for a proration credit. */
  amount: signedMoneySchema,
  postedAt: dateTimeSchema,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSummarySchema = z.object({
  id: uuidSchema,
  number: z.string(),
  /** The calendar month billed, '2026-03'. */
  period: z.string(),
  status: invoiceStatusSchema,
  total: signedMoneySchema,
  /** Taken from the account's credit balance when the invoice was issued. */
  creditApplied: moneySchema,
  paid: moneySchema,
  amountDue: moneySchema,
  issuedAt: dateTimeSchema,
  dueAt: dateTimeSchema,
  paidAt: dateTimeSchema.nullable(),
  pastDue: z.boolean(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  lines: z.array(invoiceLineSchema),
  billedTo: z.object({ name: z.string(), email: z.string() }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceListSchema = z.object({ results: z.array(invoiceSummarySchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** Pay with a stored card, or a card typed in the billing form (kept when `saveCard`). */
export const payInvoiceRequestSchema = z
  .object({
    paymentMethodId: uuidSchema.optional(),
    card: checkoutPaymentSchema.optional(),
    saveCard: z.boolean().default(false),
  })
  .refine((body) => (body.paymentMethodId === undefined) !== (body.card === undefined), {
    error: 'Choose a stored card or enter a card.',
  });
export type PayInvoiceRequest = z.input<typeof payInvoiceRequestSchema>;

export const payInvoiceResponseSchema = z.object({
  invoice: invoiceSummarySchema,
  /** A fresh token when the payment lifted a freeze for non-payment; null otherwise. */
  jwtToken: freshTokenSchema.nullable(),
});
export type PayInvoiceResponse = z.infer<typeof payInvoiceResponseSchema>;

export const accountPaymentSchema = z.object({
  id: uuidSchema,
  purpose: z.enum(['PastDue', 'Invoice']),
  amount: moneySchema,
  status: z.enum(['Approved', 'Declined']),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: dateTimeSchema,
});
export type AccountPayment = z.infer<typeof accountPaymentSchema>;
export const accountPaymentListSchema = z.object({ results: z.array(accountPaymentSchema) });

export const storedCardSchema = z.object({
  id: uuidSchema,
  brand: z.string().nullable(),
  last4: z.string(),
  expMonth: z.int(),
  expYear: z.int(),
  holderName: z.string(),
  isDefault: z.boolean(),
  createdAt: dateTimeSchema,
});
export type StoredCard = z.infer<typeof storedCardSchema>;
export const storedCardListSchema = z.object({ results: z.array(storedCardSchema) });
export type StoredCardList = z.infer<typeof storedCardListSchema>;

export const addPaymentMethodRequestSchema = z.object({
  card: checkoutPaymentSchema,
  makeDefault: z.boolean().default(false),
});
export type AddPaymentMethodRequest = z.input<typeof addPaymentMethodRequestSchema>;

/** The caller's money at a glance: the plan, balances from the ledger, what is owed. */
export const billingSummarySchema = z.object({
  plan: membershipPlanSchema,
  /** Credit and released escrow the account may spend (applied first to invoices). */
  availableBalance: moneySchema,
  /** Paid by the caller through escrow and not yet released or refunded. */
  escrowHeld: moneySchema,
  /** Charges not yet on an invoice. */
  unbilled: signedMoneySchema,
  /** Open invoices' amounts due. */
  amountDue: moneySchema,
  pastDueAmount: moneySchema,
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const runInvoicesRequestSchema = z.object({
  /** The month to invoice, '2026-03'; by default the month before now. */
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Give the month as YYYY-MM.' })
    .optional(),
});
/** Invoices made, accounts newly frozen, escrow orders released after their inspection. */
export const runInvoicesResponseSchema = z.object({ invoiced: z.int(), frozen: z.int(), released: z.int() });

export const disputeRequestSchema = z.object({
  reason: plainText().trim().min(1, { error: 'Say what is wrong with the order.' }).max(1000),
});
export type DisputeRequest = z.input<typeof disputeRequestSchema>;

export const resolveEscrowRequestSchema = z.object({
  outcome: z.enum(['refund', 'release']),
  note: plainText().trim().min(1, { error: 'Note why.' }).max(1000),
});
export type ResolveEscrowRequest = z.input<typeof resolveEscrowRequestSchema>;

export const escrowOrderSchema = z.object({
  orderId: uuidSchema,
  state: z.string(),
  escrowStatus: z.enum(['held', 'disputed', 'released', 'refunded']),
});
export type EscrowOrder = z.infer<typeof escrowOrderSchema>;

/** Open: the funds wait for staff. Resolved: refunded to the buyer or released to the seller. */
export const DISPUTE_LIST_STATUSES = ['open', 'resolved'] as const;
export type DisputeListStatus = (typeof DISPUTE_LIST_STATUSES)[number];

/** GET /pprAdmin/escrow/disputes: open disputes (oldest first) by default, or resolved ones (newest first). */
export const adminDisputesQuerySchema = z.object({
  status: z.enum(DISPUTE_LIST_STATUSES).default('open'),
  page: optionalQueryNumber(z.int().min(1).max(10_000)),
  pageSize: optionalQueryNumber(z.int().min(1).max(MAX_PAGE_SIZE)),
});
export type AdminDisputesQuery = z.input<typeof adminDisputesQuerySchema>;

const disputePartySchema = z.object({ id: uuidSchema, name: z.string(), email: z.string() });

export const escrowDisputeSchema = z.object({
  orderId: uuidSchema,
  /** The number the buyer and seller see on the order ("IS-000123"). */
  orderNumber: z.string(),
  state: orderStateSchema,
  buyer: disputePartySchema,
  seller: disputePartySchema,
  /** The order's total, held in escrow while the dispute is open. */
  amount: moneySchema,
  /** What the buyer said is wrong. */
  reason: z.string(),
  disputedAt: dateTimeSchema,
  /** Null while open. */
  resolution: z
    .object({
      outcome: z.enum(['refund', 'release']),
      /** The staff member who decided; null when the dispute closed without staff (the buyer confirmed receipt). */
      resolvedBy: z.object({ id: uuidSchema, email: z.string() }).nullable(),
      resolvedAt: dateTimeSchema,
      /** The staff note given with the decision. */
      note: z.string().nullable(),
    })
    .nullable(),
});
export type EscrowDispute = z.infer<typeof escrowDisputeSchema>;
export const adminDisputesResponseSchema = pagedSchema(escrowDisputeSchema);
export type AdminDisputesResponse = z.infer<typeof adminDisputesResponseSchema>;

export const membershipChangeSchema = z.object({
  plan: membershipPlanSchema,
  jwtToken: freshTokenSchema,
});

export const BILLING_LEDGER_ENDPOINTS = {
  billingSummary: defineEndpoint({
    method: 'GET',
    path: '/billing/summary',
    summary: "The caller's plan, balances and amounts owed.",
    access: 'user',
    response: billingSummarySchema,
  }),
  billingInvoices: defineEndpoint({
    method: 'GET',
    path: '/billing/invoices',
    summary: "The caller's invoices, newest first.",
    access: 'user',
    response: invoiceListSchema,
  }),
  billingInvoice: defineEndpoint({
    method: 'GET',
    path: '/billing/invoices/{id}',
    summary: 'One invoice of the caller, with its lines (another account’s answers 404).',
    access: 'user',
    params: idParamsSchema,
    response: invoiceDetailSchema,
  }),
  billingInvoicePdf: defineEndpoint({
    method: 'GET',
    path: '/billing/invoices/{id}/pdf',
    summary: 'One invoice of the caller as a PDF.',
    access: 'user',
    params: idParamsSchema,
    response: z.instanceof(Uint8Array),
    produces: 'file',
  }),
  billingPayInvoice: defineEndpoint({
    method: 'POST',
    path: '/billing/invoices/{id}/pay',
    summary: 'Pay an open invoice with a stored or a new card.',
    access: 'user',
    refusesImpersonation: true,
    params: idParamsSchema,
    body: payInvoiceRequestSchema,
    response: payInvoiceResponseSchema,
    rateLimited: true,
  }),
  billingPayments: defineEndpoint({
    method: 'GET',
    path: '/billing/payments',
    summary: "The caller's card payments (invoices, past-due balance), newest first.",
    access: 'user',
    response: accountPaymentListSchema,
  }),
  billingPaymentMethods: defineEndpoint({
    method: 'GET',
    path: '/billing/payment-methods',
    summary: "The caller's stored cards.",
    access: 'user',
    response: storedCardListSchema,
  }),
  billingAddPaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/billing/payment-methods',
    summary: 'Store a card as a gateway token (the number is never kept).',
    access: 'user',
    refusesImpersonation: true,
    body: addPaymentMethodRequestSchema,
    response: storedCardListSchema,
    rateLimited: true,
  }),
  billingDefaultPaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/billing/payment-methods/{id}/default',
    summary: 'Make a stored card the default.',
    access: 'user',
    refusesImpersonation: true,
    params: idParamsSchema,
    response: storedCardListSchema,
  }),
  billingDeletePaymentMethod: defineEndpoint({
    method: 'DELETE',
    path: '/billing/payment-methods/{id}',
    summary: 'Remove a stored card.',
    access: 'user',
    refusesImpersonation: true,
    params: idParamsSchema,
    response: storedCardListSchema,
  }),
  billingRunInvoices: defineEndpoint({
    method: 'POST',
    path: '/billing/invoices/run',
    summary:
      'Run the billing jobs now: invoicing (a month already invoiced is skipped), the past-due freeze, escrow releases.',
    access: 'admin',
    body: runInvoicesRequestSchema,
    response: runInvoicesResponseSchema,
  }),
  escrowDispute: defineEndpoint({
    method: 'POST',
    path: '/orders/dispute/{id}',
    summary: 'The buyer disputes an escrow order during inspection: the funds stay held.',
    access: 'user',
    params: idParamsSchema,
    body: disputeRequestSchema,
    response: escrowOrderSchema,
  }),
  adminEscrowDisputes: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/escrow/disputes',
    summary: 'Escrow disputes: open ones (oldest first) by default, or resolved ones with their outcome.',
    access: 'admin',
    query: adminDisputesQuerySchema,
    response: adminDisputesResponseSchema,
  }),
  adminResolveEscrow: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/escrow/resolve/{id}',
    summary:
      'Resolve a disputed escrow order: refund the buyer or release to the seller (written to the audit log).',
    access: 'admin',
    params: idParamsSchema,
    body: resolveEscrowRequestSchema,
    response: escrowOrderSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;

export const STORED_CARD_LIMIT = 5;
export type ParsedPayInvoiceRequest = z.output<typeof payInvoiceRequestSchema>;
export type ParsedAddPaymentMethodRequest = z.output<typeof addPaymentMethodRequestSchema>;
