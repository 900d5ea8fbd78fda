import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Order, ShipOrderRequest } from '../../../shared/contract/orders.ts';
import { CARRIERS, type Carrier, isCancellable } from '../../../shared/domain/orders.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { OFFLINE_SAVED_MESSAGE, useOutboxHandoff } from '../../lib/offline-outbox.ts';
import { Button } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError, FormField, FormNotice, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { failureText, type OrdersRole } from './order-common.ts';
import { CancelOrder, DisputeOrder } from './order-requests.tsx';

/** The buyer may dispute an escrow order once shipped and until its funds are released. */
function isDisputable(order: Order, role: OrdersRole): boolean {
  return (
    role === 'buyer' &&
    order.escrowStatus === 'held' &&
    (order.state === 'shipped' || order.state === 'delivered')
  );
}

/** What the buyer or the seller may do next with the order. */
export function OrderActions({ order, role }: { order: Order; role: OrdersRole }) {
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
  const [queued, setQueued] = useState(false);
  const handOff = useOutboxHandoff();
  const ship = useMutation({
    mutationFn: (shipment: ShipOrderRequest) =>
      api.call('ordersShip', { params: { id: order.id }, body: shipment }),
    onSuccess: onDone,
    // The desktop client keeps a shipping update it could not send; the form keeps what was typed.
    onError: async (e, shipment) => {
      const label = `Shipping update: ${shipment.carrier} ${shipment.trackingNumber}`;
      if (await handOff(e, { kind: 'orderShipping', orderId: order.id, shipment }, label)) setQueued(true);
      else setError(isApiError(e) && e.fields.trackingNumber ? e.fields.trackingNumber : failureText(e));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQueued(false);
    if (trackingNumber.trim().length < 4) {
      setError('Enter the tracking number.');
      return;
    }
    setError(null);
    ship.mutate({ carrier, trackingNumber });
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
      <FormNotice>{queued ? OFFLINE_SAVED_MESSAGE : null}</FormNotice>
    </form>
  );
}
