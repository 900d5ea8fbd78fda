import { AuctionsList } from '../../features/auctions/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function SellingAuctionsPage() {
  return (
    <DashboardFrame
      heading="Auctions"
      title="Your Auctions"
      intro="Your auctions with their bids and reserve."
    >
      <AuctionsList as="seller" />
    </DashboardFrame>
  );
}
