import { DashboardFrame } from './dashboard-frame.tsx';

export function BillingInvoicesPage() {
  return <DashboardFrame heading="Invoices" intro="Fees charged for your listings and membership." />;
}
