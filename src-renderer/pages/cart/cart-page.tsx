import { PageFrame } from '../page-frame.tsx';

export function CartPage() {
  return (
    <PageFrame
      heading="Checkout"
      intro="Review your items, choose a licensed dealer for any firearm and pay for your order."
    />
  );
}
