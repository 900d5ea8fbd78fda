import { DashboardFrame } from './dashboard-frame.tsx';

export function BillingPaymentsPage() {
  return <DashboardFrame heading="Payments" intro="Payments you have made to Ironsight." />;
}
