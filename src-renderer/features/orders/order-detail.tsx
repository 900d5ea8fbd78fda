import { useQuery } from '@tanstack/react-query';
import type { Order, OrderShipping } from '../../../shared/contract/orders.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { ESCROW_INSPECTION_DAYS } from '../../../shared/domain/membership.ts';
import { orderStateLabel } from '../../../shared/domain/orders.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError } from '../../ui/form-field.tsx';
import { OrderTotals } from '../../ui/order-totals.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { LicenseCopyButton } from './license-copy-button.tsx';
import { OrderActions } from './order-actions.tsx';
import { capitalize, type OrdersRole } from './order-common.ts';

/** GET /orders/{id}: items, where it ships, the payment, its history, and what the caller may do next. */
export function OrderDetail({ orderId, role }: { orderId: string; role: OrdersRole }) {
  const api = useApiClient();
  const detail = useQuery({
    queryKey: ['orders', 'one', orderId],
    queryFn: () => api.call('ordersGet', { params: { id: orderId } }),
  });
  if (detail.isPending) {
    return (
      <LoadingRegion label="Loading the order">
        <Skeleton height="6rem" />
      </LoadingRegion>
    );
  }
  if (detail.isError) return <FormError>The order could not be loaded. Please try again.</FormError>;
  const order = detail.data;
  return (
    <div className={styles.stack}>
      <table className={styles.table}>
        <caption className={styles.muted}>Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.listingId}>
              <td>{item.title}</td>
              <td>{item.quantity}</td>
              <td>{formatPrice(item.price)}</td>
              <td>{formatPrice(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <OrderTotals amounts={order} />
      <ShipTo shipTo={order.shipTo} role={role} />
      <p>
        Paid by {order.payment.brand ?? 'card'}
        {order.payment.last4 ? ` ending ${order.payment.last4}` : ''} ({order.payment.status})
        {order.payment.refundedAmount > 0 ? `, ${formatPrice(order.payment.refundedAmount)} refunded` : ''}
      </p>
      {order.escrowStatus ? <EscrowStatus order={order} role={role} /> : null}
      {order.cancelReason ? <p>Cancelled: {order.cancelReason}</p> : null}
      <h3 className={styles.lineTitle}>History</h3>
      <ol>
        {order.history.map((event) => (
          <li key={`${event.state}-${event.at}`}>
            {capitalize(orderStateLabel(event.state))} by {event.by} on{' '}
            {new Date(event.at).toLocaleString('en-US')}
            {event.note ? `: ${event.note}` : ''}
          </li>
        ))}
      </ol>
      <OrderActions order={order} role={role} />
    </div>
  );
}

function ShipTo({ shipTo, role }: { shipTo: OrderShipping; role: OrdersRole }) {
  if (shipTo.kind === 'dealer') {
    const { dealer } = shipTo;
    return (
      <div>
        <h3 className={styles.lineTitle}>Ships to licensed dealer</h3>
        <p>
          {dealer.businessName}, {dealer.street}, {dealer.city}, {dealer.state} {dealer.zip}
          <br />
          License {dealer.licenseNumber}
          {dealer.phone ? `, ${dealer.phone}` : ''}
        </p>
        {role === 'seller' ? (
          dealer.licenseCopyUrl ? (
            <LicenseCopyButton dealerId={dealer.id} />
          ) : (
            <p className={styles.muted}>
              The dealer has no license copy on file; ask the dealer for one before shipping.
            </p>
          )
        ) : null}
      </div>
    );
  }
  const { address } = shipTo;
  return (
    <div>
      <h3 className={styles.lineTitle}>Ships to</h3>
      <p>
        {address.firstName} {address.lastName}, {address.address1}
        {address.address2 ? `, ${address.address2}` : ''}, {address.city}, {address.state} {address.zip}
      </p>
    </div>
  );
}

const ESCROW_TEXT: Record<NonNullable<Order['escrowStatus']>, string> = {
  held: 'Held by Ironsight',
  disputed: 'Held while the dispute is reviewed',
  released: 'Released to the seller',
  refunded: 'Refunded to the buyer',
};

/** Where an escrow order's payment is, and when the inspection ends once delivered. */
function EscrowStatus({ order, role }: { order: Order; role: OrdersRole }) {
  const status = order.escrowStatus;
  if (!status) return null;
  const delivered = order.history.findLast((event) => event.state === 'delivered');
  const inspectionEnds =
    status === 'held' && order.state === 'delivered' && delivered
      ? new Date(new Date(delivered.at).getTime() + ESCROW_INSPECTION_DAYS * 86_400_000)
      : null;
  return (
    <div>
      <h3 className={styles.lineTitle}>Paid through escrow</h3>
      <p>
        Payment: <span data-escrow={status}>{ESCROW_TEXT[status]}</span>
      </p>
      {status === 'held' && order.state !== 'delivered' ? (
        <p className={styles.muted}>
          The payment is released to the seller after delivery and a {ESCROW_INSPECTION_DAYS}-day inspection.
        </p>
      ) : null}
      {inspectionEnds ? (
        <p className={styles.muted}>
          {role === 'buyer'
            ? `Inspect the order: the payment goes to the seller on ${inspectionEnds.toLocaleString('en-US')} unless you confirm receipt sooner or open a dispute.`
            : `The payment is released to you on ${inspectionEnds.toLocaleString('en-US')} unless the buyer confirms receipt sooner or opens a dispute.`}
        </p>
      ) : null}
    </div>
  );
}
