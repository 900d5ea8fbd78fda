import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../shared/contract/orders.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { type OrderState, orderStateLabel, orderStateNextStep } from '../../../shared/domain/orders.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useListParams } from '../../lib/use-list-params.ts';
import { Button } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError } from '../../ui/form-field.tsx';
import { type ListTab, ListTabs, Pager } from '../../ui/list-controls.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { capitalize, type OrdersRole } from './order-common.ts';
import { OrderDetail } from './order-detail.tsx';

type StatesTab = ListTab & { states?: OrderState[] };
const TABS: readonly [StatesTab, ...StatesTab[]] = [
  { key: 'all', label: 'All' },
  { key: 'open', label: 'To ship', states: ['placed', 'paid', 'awaitingDealer'] },
  { key: 'shipped', label: 'Shipped', states: ['shipped', 'delivered'] },
  { key: 'completed', label: 'Completed', states: ['completed'] },
  { key: 'cancelled', label: 'Cancelled', states: ['cancelled', 'refunded'] },
];
const PAGE_SIZE = 10;

/** A buyer's or a seller's orders: state tabs, pages, each order's details and its next steps. */
export function OrdersList({ as: role }: { as: OrdersRole }) {
  const api = useApiClient();
  const { tab, page, params, go, selectTab, setPage } = useListParams(TABS);
  const openId = params.get('order');
  const list = useQuery({
    queryKey: ['orders', role, tab.key, page],
    queryFn: () =>
      api.call('ordersGetAll', {
        body: { role, page, pageSize: PAGE_SIZE, ...(tab.states ? { states: tab.states } : {}) },
      }),
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <div className={styles.stack}>
      <ListTabs label="Order states" tabs={TABS} current={tab.key} onSelect={selectTab} />
      {list.isPending ? (
        <LoadingRegion label="Loading orders">
          <Skeleton height="6rem" />
        </LoadingRegion>
      ) : list.isError ? (
        <div className={styles.stack}>
          <FormError>Your orders could not be loaded. Please try again.</FormError>
          <div className={styles.actions}>
            <Button onClick={() => void list.refetch()}>Try again</Button>
          </div>
        </div>
      ) : list.data.results.length === 0 ? (
        <p>{role === 'buyer' ? 'You have no orders here yet.' : 'No orders of your listings here yet.'}</p>
      ) : (
        <ul className={styles.lines} aria-label="Orders">
          {list.data.results.map((order) => (
            <OrderSummary
              key={order.id}
              order={order}
              role={role}
              open={order.id === openId}
              onToggle={() => go({ order: order.id === openId ? null : order.id })}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

function OrderSummary({
  order,
  role,
  open,
  onToggle,
}: {
  order: Order;
  role: OrdersRole;
  open: boolean;
  onToggle: () => void;
}) {
  const detailsId = `order-${order.id}`;
  const other = role === 'buyer' ? `from ${order.seller.displayName}` : `to ${order.buyer.displayName}`;
  const nextStep = orderStateNextStep(order.state, role);
  return (
    <li className={styles.panel}>
      <div className={styles.actions}>
        <h2 className={styles.panelHeading}>Order {order.number}</h2>
        <span data-state={order.state}>{capitalize(orderStateLabel(order.state))}</span>
        <span className={styles.muted}>
          {other}, {formatPrice(order.total)}, {new Date(order.createdAt).toLocaleDateString('en-US')}
        </span>
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={onToggle}
        >
          {open ? 'Hide details' : 'Details'}
        </Button>
      </div>
      {nextStep ? <p className={styles.muted}>{nextStep}</p> : null}
      {order.trackingUrl || order.trackingNumber ? <Tracking order={order} /> : null}
      {open ? (
        <div id={detailsId}>
          <OrderDetail orderId={order.id} role={role} />
        </div>
      ) : null}
    </li>
  );
}

function Tracking({ order }: { order: Order }) {
  return (
    <p>
      Shipped with {order.carrier}, tracking{' '}
      {order.trackingUrl ? (
        <a href={order.trackingUrl} target="_blank" rel="noreferrer">
          {order.trackingNumber}
        </a>
      ) : (
        order.trackingNumber
      )}
    </p>
  );
}
