import { PaymentMethods } from '../../features/billing/payment-methods.tsx';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BillingPaymentMethodsPage() {
  return (
    <DashboardFrame heading="Payment Methods" intro="Cards on file for fees and purchases.">
      <PaymentMethods />
    </DashboardFrame>
  );
}
