import { DashboardFrame } from './dashboard-frame.tsx';

export function SellingToolsPage() {
  return (
    <DashboardFrame
      heading="Seller Tools"
      intro="Bulk inventory upload, the seller API and your distributor feed."
    />
  );
}
