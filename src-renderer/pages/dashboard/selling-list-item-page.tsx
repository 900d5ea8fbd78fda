import { DashboardFrame } from './dashboard-frame.tsx';

export function SellingListItemPage() {
  return (
    <DashboardFrame
      heading="List an Item"
      intro="Describe your item, add photos and set a price to put it up for sale."
    />
  );
}
