import { formatPrice } from '../../shared/domain/listing-card.ts';
import styles from './commerce.module.css';

/** What one seller's order comes to: its items, their shipping and the two together. */
export interface OrderAmounts {
  subtotal: number;
  shipping: number;
  total: number;
}

/** An order's subtotal, shipping and total, as the cart, checkout and order pages show them. */
export function OrderTotals({ amounts }: { amounts: OrderAmounts }) {
  return (
    <dl className={styles.totals}>
      <dt>Subtotal</dt>
      <dd>{formatPrice(amounts.subtotal)}</dd>
      <dt>Shipping</dt>
      <dd>{formatPrice(amounts.shipping)}</dd>
      <dt>Total</dt>
      <dd>{formatPrice(amounts.total)}</dd>
    </dl>
  );
}
