import { CartView } from '../../features/cart/index.ts';
import { PageFrame } from '../page-frame.tsx';

export function CartViewPage() {
  return (
    <PageFrame heading="Your Cart" title="Cart" intro="Items you are about to buy and the total to pay.">
      <CartView />
    </PageFrame>
  );
}
