import { AuctionsList } from '../../features/auctions/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BuyingBidsPage() {
  return (
    <DashboardFrame
      heading="Bids"
      title="Auctions You Bid On"
      intro="Auctions you bid on: winning, outbid, won or lost."
    >
      <AuctionsList as="bidder" />
    </DashboardFrame>
  );
}
