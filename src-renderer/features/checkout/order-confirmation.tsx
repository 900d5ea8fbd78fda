import { Link } from 'react-router';
import type { CheckoutResponse } from '../../../shared/contract/orders.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { LinkButton } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';

/** After paying: the orders made, one per seller, with links to follow them. */
export function OrderConfirmation({ result }: { result: CheckoutResponse }) {
  return (
    <section className={styles.panel} aria-labelledby="checkout-done" role="status">
      <h2 id="checkout-done" className={styles.panelHeading}>
        Thank you, your order is placed
      </h2>
      <p>
        {result.orders.length === 1 ? 'Your order' : `Your ${result.orders.length} orders`} for a total of{' '}
        {formatPrice(result.total)}:
      </p>
      <ul className={styles.lines}>
        {result.orders.map((order) => (
          <li key={order.id}>
            <Link to={`${paths.to('dashboard.buying.orders')}?order=${order.id}`}>Order {order.number}</Link>{' '}
            from {order.seller.displayName}, {formatPrice(order.total)}
            {order.shipTo.kind === 'dealer' ? `, shipping to ${order.shipTo.dealer.businessName}` : ''}
            {order.escrowStatus ? ', paid through escrow' : ''}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <LinkButton to={paths.to('dashboard.buying.orders')}>View my orders</LinkButton>
      </div>
    </section>
  );
}
