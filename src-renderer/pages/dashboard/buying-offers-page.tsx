import { OffersList } from '../../features/offers/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BuyingOffersPage() {
  return (
    <DashboardFrame
      heading="Offers"
      title="Offers Made"
      intro="Offers you have made to sellers and their answers."
    >
      <OffersList as="buyer" />
    </DashboardFrame>
  );
}
