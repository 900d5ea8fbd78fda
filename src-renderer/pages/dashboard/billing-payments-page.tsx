import { EscrowAccountPanel, PaymentHistory } from '../../features/billing/index.ts';
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
