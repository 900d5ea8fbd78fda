import { OffersList } from '../../features/offers/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function SellingOffersPage() {
  return (
    <DashboardFrame
      sellersOnly
      heading="Offers"
      title="Offers Received"
      intro="Offers buyers have made on your listings."
    >
      <OffersList as="seller" />
    </DashboardFrame>
  );
}
