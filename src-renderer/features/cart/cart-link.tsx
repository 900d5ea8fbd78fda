import { ShoppingCart } from 'lucide-react';
import { paths } from '../../../shared/routes/paths.ts';
import { CountBadge, IconLink } from '../../ui/icon-button.tsx';

/** The header's cart button: to /cart/view, with the number of items once there are some. */
export function CartLink({ count }: { count: number }) {
  return (
    <IconLink
      to={paths.cartView()}
      label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
      icon={<ShoppingCart size={22} />}
      badge={<CountBadge count={count} />}
    />
  );
}
