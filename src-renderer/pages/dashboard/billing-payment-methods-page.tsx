import { PaymentMethods } from '../../features/billing/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BillingPaymentMethodsPage() {
  return (
    <DashboardFrame heading="Payment Methods" intro="Cards on file for fees and purchases.">
      <PaymentMethods />
    </DashboardFrame>
  );
}
