import { InvoiceDetail } from '../../features/billing/index.ts';
import { useAppRouteParams } from '../../lib/app-route.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BillingInvoicePage() {
  const id = useAppRouteParams('dashboard.billing.invoice')?.id ?? '';
  return (
    <DashboardFrame heading="Invoice" intro="The invoice's charges, credit and payment.">
      <InvoiceDetail key={id} id={id} />
    </DashboardFrame>
  );
}
