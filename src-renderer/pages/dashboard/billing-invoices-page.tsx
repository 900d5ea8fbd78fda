import { BillingSummaryPanel, InvoiceList } from '../../features/billing/index.ts';
import styles from '../../ui/commerce.module.css';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BillingInvoicesPage() {
  return (
    <DashboardFrame heading="Invoices" intro="Fees charged for your listings and membership.">
      <div className={styles.stack}>
        <BillingSummaryPanel />
        <InvoiceList />
      </div>
    </DashboardFrame>
  );
}
