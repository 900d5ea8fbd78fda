import { DashboardFrame } from './dashboard-frame.tsx';

export function SellingOffersPage() {
  return (
    <DashboardFrame
      heading="Offers"
      title="Offers Received"
      intro="Offers buyers have made on your listings."
    />
  );
}
