import { EscrowAccountPanel } from '../../features/billing/escrow-account.tsx';
import { PaymentHistory } from '../../features/billing/payment-history.tsx';
import styles from '../../ui/commerce.module.css';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BillingPaymentsPage() {
  return (
    <DashboardFrame heading="Payments" intro="Payments you have made to Ironsight, and your escrow balance.">
      <div className={styles.stack}>
        <EscrowAccountPanel />
        <PaymentHistory />
      </div>
    </DashboardFrame>
  );
}
