import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Order, OrderShipping } from '../../../shared/contract/orders.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { ESCROW_INSPECTION_DAYS } from '../../../shared/domain/membership.ts';
import {
  CARRIERS,
  type Carrier,
  isCancellable,
  type OrderState,
  orderStateLabel,
  orderStateNextStep,
} from '../../../shared/domain/orders.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useListParams } from '../../lib/use-list-params.ts';
import { Button } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import formStyles from '../../ui/form-field.module.css';
import { FormError, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { type ListTab, ListTabs, Pager } from '../../ui/list-controls.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';

export type OrdersRole = 'buyer' | 'seller';

type StatesTab = ListTab & { states?: OrderState[] };
const TABS: readonly [StatesTab, ...StatesTab[]] = [
  { key: 'all', label: 'All' },
  { key: 'open', label: 'To ship', states: ['placed', 'paid', 'awaitingDealer'] },
  { key: 'shipped', label: 'Shipped', states: ['shipped', 'delivered'] },
  { key: 'completed', label: 'Completed', states: ['completed'] },
  { key: 'cancelled', label: 'Cancelled', states: ['cancelled', 'refunded'] },
];
const PAGE_SIZE = 10;

function failureText(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.status < 500
    ? error.message
    : 'The order could not be changed right now. Please try again.';
}

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

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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

/** GET /orders/{id}: items, where it ships, the payment, its history, and what the caller may do next. */
function OrderDetail({ orderId, role }: { orderId: string; role: OrdersRole }) {
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
      <dl className={styles.totals}>
        <dt>Subtotal</dt>
        <dd>{formatPrice(order.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{formatPrice(order.shipping)}</dd>
        <dt>Total</dt>
        <dd>{formatPrice(order.total)}</dd>
      </dl>
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

/** The file's type from its first bytes: the license copy is a PDF, JPEG or PNG. */
function mediaTypeOf(bytes: Uint8Array): string {
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
    return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  return 'application/octet-stream';
}

/**
 * Opens the receiving dealer's license copy to print. The file is fetched with the seller's
 * credentials (the order grants them) and shown from the browser's memory.
 */
function LicenseCopyButton({ dealerId }: { dealerId: string }) {
  const api = useApiClient();
  const [error, setError] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: () => api.call('fflLicenseCopy', { params: { id: dealerId } }),
    onSuccess: (bytes) => {
      setError(null);
      const data = bytes as Uint8Array<ArrayBuffer>;
      const url = URL.createObjectURL(new Blob([data], { type: mediaTypeOf(data) }));
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    onError: (e) =>
      setError(isApiError(e) && e.status === 404 ? 'The license copy is not on file.' : failureText(e)),
  });
  return (
    <div>
      <Button variant="secondary" size="sm" onClick={() => open.mutate()} disabled={open.isPending}>
        Print the dealer's license copy
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}

function OrderActions({ order, role }: { order: Order; role: OrdersRole }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const done = (updated: Order) => {
    setError(null);
    queryClient.setQueryData(['orders', 'one', updated.id], updated);
    void queryClient.invalidateQueries({ queryKey: ['orders', role] });
  };
  const deliver = useMutation({
    mutationFn: () => api.call('ordersDeliver', { params: { id: order.id } }),
    onSuccess: done,
    onError: (e) => setError(failureText(e)),
  });
  const complete = useMutation({
    mutationFn: () => api.call('ordersComplete', { params: { id: order.id } }),
    onSuccess: done,
    onError: (e) => setError(failureText(e)),
  });
  const onDisputed = () => {
    setError(null);
    void queryClient.invalidateQueries({ queryKey: ['orders', 'one', order.id] });
    void queryClient.invalidateQueries({ queryKey: ['orders', role] });
  };
  const canShip = role === 'seller' && (order.state === 'paid' || order.state === 'awaitingDealer');
  return (
    <div className={styles.stack}>
      {canShip ? <ShipForm order={order} onDone={done} /> : null}
      <div className={styles.actions}>
        {role === 'seller' && order.state === 'shipped' ? (
          <Button onClick={() => deliver.mutate()} disabled={deliver.isPending}>
            Mark delivered
          </Button>
        ) : null}
        {role === 'buyer' && order.state === 'delivered' ? (
          <Button onClick={() => complete.mutate()} disabled={complete.isPending}>
            Confirm I received it
          </Button>
        ) : null}
        {isDisputable(order, role) ? <DisputeOrder order={order} onDone={onDisputed} /> : null}
        {isCancellable(order.state) ? <CancelOrder order={order} onDone={done} /> : null}
      </div>
      <FormError>{error}</FormError>
    </div>
  );
}

function ShipForm({ order, onDone }: { order: Order; onDone: (order: Order) => void }) {
  const api = useApiClient();
  const [carrier, setCarrier] = useState<Carrier>('UPS');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ship = useMutation({
    mutationFn: () => api.call('ordersShip', { params: { id: order.id }, body: { carrier, trackingNumber } }),
    onSuccess: onDone,
    onError: (e) =>
      setError(isApiError(e) && e.fields.trackingNumber ? e.fields.trackingNumber : failureText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trackingNumber.trim().length < 4) {
      setError('Enter the tracking number.');
      return;
    }
    ship.mutate();
  };
  return (
    <form className={styles.panel} onSubmit={submit} aria-label={`Ship order ${order.number}`} noValidate>
      <div className={styles.row}>
        <FormField label="Carrier">
          {(control) => (
            <SelectInput
              {...control}
              value={carrier}
              onChange={(event) => setCarrier(event.target.value as Carrier)}
            >
              {CARRIERS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField label="Tracking number" error={error ?? undefined}>
          {(control) => (
            <TextInput
              {...control}
              value={trackingNumber}
              onChange={(event) => setTrackingNumber(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={ship.isPending}>
          Mark shipped
        </Button>
      </div>
    </form>
  );
}

function CancelOrder({ order, onDone }: { order: Order; onDone: (order: Order) => void }) {
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => api.call('ordersCancel', { params: { id: order.id }, body: { reason } }),
    onSuccess: (updated) => {
      setOpen(false);
      onDone(updated);
    },
    onError: (e) => setError(isApiError(e) && e.fields.reason ? e.fields.reason : failureText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError('Give a reason for cancelling.');
      return;
    }
    cancel.mutate();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title={`Cancel order ${order.number}?`}
        description="A paid order is refunded in full."
      >
        <form onSubmit={submit} noValidate>
          <FormField label="Reason" error={error ?? undefined}>
            {(control) => (
              <TextInput {...control} value={reason} onChange={(event) => setReason(event.target.value)} />
            )}
          </FormField>
          <DialogActions>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep the order
            </Button>
            <Button type="submit" disabled={cancel.isPending}>
              Cancel the order
            </Button>
          </DialogActions>
        </form>
      </ModalDialog>
    </>
  );
}

const ESCROW_TEXT: Record<NonNullable<Order['escrowStatus']>, string> = {
  held: 'Held by Ironsight',
  disputed: 'Held while the dispute is reviewed',
  released: 'Released to the seller',
  refunded: 'Refunded to the buyer',
};

/** The buyer may dispute an escrow order once shipped and until its funds are released. */
function isDisputable(order: Order, role: OrdersRole): boolean {
  return (
    role === 'buyer' &&
    order.escrowStatus === 'held' &&
    (order.state === 'shipped' || order.state === 'delivered')
  );
}

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

function DisputeOrder({ order, onDone }: { order: Order; onDone: () => void }) {
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dispute = useMutation({
    mutationFn: () => api.call('escrowDispute', { params: { id: order.id }, body: { reason } }),
    onSuccess: () => {
      setOpen(false);
      onDone();
    },
    onError: (e) => setError(isApiError(e) && e.fields.reason ? e.fields.reason : failureText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length === 0) {
      setError('Say what is wrong with the order.');
      return;
    }
    dispute.mutate();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Open a dispute
      </Button>
      <ModalDialog
        open={open}
        onOpenChange={(next) => {
          if (!dispute.isPending) setOpen(next);
        }}
        title={`Dispute order ${order.number}?`}
        description="The payment stays held while Ironsight staff review the dispute with you and the seller."
      >
        <form onSubmit={submit} noValidate aria-label={`Dispute order ${order.number}`}>
          <FormField label="What is wrong with the order?" error={error ?? undefined}>
            {(control) => (
              <textarea
                {...control}
                className={formStyles.input}
                rows={4}
                maxLength={1000}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </FormField>
          <DialogActions>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep waiting
            </Button>
            <Button type="submit" disabled={dispute.isPending} aria-busy={dispute.isPending}>
              Open the dispute
            </Button>
          </DialogActions>
        </form>
      </ModalDialog>
    </>
  );
}
