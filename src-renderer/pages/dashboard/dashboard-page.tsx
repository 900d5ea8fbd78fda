import { DashboardSummaryCards } from '../../features/dashboard/index.ts';
import { OutboxPanel } from '../../features/desktop-sync/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';
import styles from './dashboard-page.module.css';

export function DashboardPage() {
  return (
    <DashboardFrame heading="Dashboard" intro="Your buying, selling, messages and billing in one place.">
      <div className={styles.sections}>
        {/* The desktop client only: changes made offline, waiting to be sent. */}
        <OutboxPanel />
        <DashboardSummaryCards />
      </div>
    </DashboardFrame>
  );
}
