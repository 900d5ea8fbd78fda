import { MyListings } from '../../features/selling/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function SellingListingsPage() {
  return (
    <DashboardFrame
      sellersOnly
      heading="Listings"
      title="My Listings"
      intro="Items you have listed; close, relist or remove them here."
    >
      <MyListings />
    </DashboardFrame>
  );
}
