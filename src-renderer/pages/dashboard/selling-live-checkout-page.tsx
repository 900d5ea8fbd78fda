import { LiveCheckoutForm } from '../../features/selling/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function SellingLiveCheckoutPage() {
  return (
    <DashboardFrame
      sellersOnly
      heading="Set Up Payments"
      intro="Connect a payment gateway or a GunTab account so buyers can check out on the spot."
    >
      <LiveCheckoutForm />
    </DashboardFrame>
  );
}
