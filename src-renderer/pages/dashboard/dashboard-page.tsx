import { DashboardSummaryCards } from '../../features/dashboard/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function DashboardPage() {
  return (
    <DashboardFrame heading="Dashboard" intro="Your buying, selling, messages and billing in one place.">
      <DashboardSummaryCards />
    </DashboardFrame>
  );
}
