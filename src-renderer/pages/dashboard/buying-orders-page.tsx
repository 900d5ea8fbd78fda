import { OrdersList } from '../../features/orders/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';

export function BuyingOrdersPage() {
  return (
    <DashboardFrame
      heading="Orders"
      title="Purchase Orders"
      intro="Items you have bought and where each order stands."
    >
      <OrdersList as="buyer" />
    </DashboardFrame>
  );
}
