import { BILLING_ENDPOINTS } from '../../../shared/contract/billing.ts';
import type { PaymentGateway } from '../../core/payments/gateway.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import type { PeriodicJob } from '../../periodic-jobs.ts';
import { escrowAccount } from './escrow.ts';
import { listDisputes } from './escrow-disputes.ts';
import { disputeOrder, releaseInspectedOrders, resolveDispute } from './escrow-orders.ts';
import { payInvoice } from './invoice-payment.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { invoiceDetail, listInvoices, listPayments } from './invoice-reads.ts';
import { runInvoices } from './invoice-run.ts';
import { updateMembershipPlan } from './membership.ts';
import { addCard, listCards, makeDefaultCard, removeCard } from './payment-methods.ts';
import { secretBox } from './secret-box.ts';
import { billingSummary, paymentOptionsOf, savePaymentOptions } from './service.ts';

export interface BillingModuleOptions {
  gateway: PaymentGateway;
  /** The time fees, invoices and escrow read (tests move it on); by default the system clock. */
  now?: () => Date;
  /** How often the invoice, past-due and escrow-release jobs run. */
  intervalMs?: number;
}

/** Hourly: invoicing a closed month, freezing past-due accounts and releasing inspected escrow orders. */
export const BILLING_JOBS_MS = 60 * 60 * 1000;

/** How sellers are paid and pay: plans, fees, invoices, stored cards, escrow. */
export function registerBillingModule(
  { endpoints, database, config }: ModuleContext,
  options: BillingModuleOptions,
): ModuleParts {
  const box = secretBox(config.jwtSecret);
  const deps = {
    db: database.db,
    jwtSecret: config.jwtSecret,
    now: options.now ?? (() => new Date()),
    gateway: options.gateway,
  };
  const runBillingJobs = async (period?: string) => ({
    ...(await runInvoices(deps, period)),
    released: await releaseInspectedOrders(deps),
  });
  // Safe on several instances at once: each seller's invoice is made under an advisory lock and a
  // unique index, each freeze and release locks its row and checks its state.
  const billingJobs: PeriodicJob = {
    atBoot: async () => {},
    run: async () => {
      await runBillingJobs();
    },
    intervalMs: options.intervalMs ?? BILLING_JOBS_MS,
    failureMessage: 'billing jobs (invoices, past-due freeze, escrow release) failed',
  };

  endpoints(BILLING_ENDPOINTS, {
    usersAddOrUpdatePaymentOptions: ({ body, auth }) =>
      savePaymentOptions(database.db, box, auth.userId, body),
    usersGetPaymentOptions: ({ auth }) => paymentOptionsOf(database.db, auth.userId),
    usersGetEscrowAccount: ({ body, auth }) => escrowAccount(database.db, auth, body),
    // A plan change is prorated by the system clock (`now` above moves invoices and escrow only).
    usersUpdateMembershipPlan: ({ body, auth }) =>
      updateMembershipPlan({ ...deps, now: () => new Date() }, auth, body.plan),
    billingSummary: ({ auth }) => billingSummary(deps, auth),
    billingInvoices: ({ auth }) => listInvoices(deps, auth),
    billingInvoice: ({ auth, params }) => invoiceDetail(deps, auth, params.id),
    billingInvoicePdf: async ({ auth, params, reply }) => {
      const detail = await invoiceDetail(deps, auth, params.id);
      reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${detail.number}.pdf"`);
      return invoicePdf(detail);
    },
    billingPayInvoice: ({ auth, params, body }) => payInvoice(deps, auth, params.id, body),
    billingPayments: ({ auth }) => listPayments(deps, auth),
    billingPaymentMethods: ({ auth }) => listCards(database.db, auth.userId),
    billingAddPaymentMethod: ({ auth, body }) => addCard(deps, auth, body.card, body.makeDefault),
    billingDefaultPaymentMethod: ({ auth, params }) => makeDefaultCard(database.db, auth, params.id),
    billingDeletePaymentMethod: ({ auth, params }) => removeCard(database.db, auth, params.id),
    billingRunInvoices: ({ body }) => runBillingJobs(body.period),
    escrowDispute: ({ auth, params, body }) => disputeOrder(deps, auth, params.id, body.reason),
    adminEscrowDisputes: ({ query }) => listDisputes(database.db, query),
    adminResolveEscrow: ({ auth, params, body, request }) =>
      resolveDispute(deps, { auth, address: request.ip }, params.id, body.outcome, body.note),
  });
  return { jobs: [billingJobs] };
}
