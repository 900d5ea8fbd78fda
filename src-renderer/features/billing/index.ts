/** Billing: the membership plans, a seller's invoices, payments, escrow account and payment methods. */
export { BillingSummaryPanel } from './billing-summary.tsx';
export { EscrowAccountPanel } from './escrow-account.tsx';
export { InvoiceDetail } from './invoice-detail.tsx';
export { InvoiceList } from './invoice-list.tsx';
export { MembershipPlans } from './membership-plans.tsx';
export { PaymentHistory } from './payment-history.tsx';
export { PaymentMethods } from './payment-methods.tsx';
