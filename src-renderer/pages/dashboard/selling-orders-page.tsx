import { OrdersList } from '../../features/orders/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function SellingOrdersPage() {
  return (
    <DashboardFrame
      sellersOnly
      heading="Orders"
      title="Sales Orders"
      intro="Orders buyers have placed for your listings and what to do next."
    >
      <OrdersList as="seller" />
    </DashboardFrame>
  );
}
