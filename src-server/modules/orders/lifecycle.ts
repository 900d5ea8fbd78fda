import { eq, sql } from 'drizzle-orm';
import type { CancelOrderRequest, Order, ShipOrderRequest } from '../../../shared/contract/orders.ts';
import { type OrderEvent, OrderState, transition } from '../../../shared/domain/orders.ts';
import type { DbExecutor } from '../../db/client.ts';
import { orderEvents, orderItems, orders, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { orderMessages } from '../../mail/order-messages.ts';
import { refundHeldFunds, settleCompletedOrder } from '../billing/index.ts';
import { ORDER_MESSAGES, type OrdersDeps } from './deps.ts';
import { mailParties } from './mail.ts';
import { getOrder, type OrderRow, partyOf } from './read.ts';
import { endUnusedLicenseCopyAccess, returnStock } from './reserve.ts';

/* An order's state changes after checkout: shipped, delivered, completed by the buyer, or cancelled. */

interface Change {
  event: OrderEvent;
  /** Who may make it (an admin always may). */
  allowed: readonly ('buyer' | 'seller')[];
  forbiddenMessage: string;
  note?: string | null;
  set?: Partial<typeof orders.$inferInsert>;
}

/**
 * Applies one event to an order in one transaction, the row locked: the caller's part checked, the
 * state machine consulted, the order and its history written. Answers the row before and after.
 */
async function applyChange(
  deps: OrdersDeps,
  auth: AuthContext,
  id: string,
  change: Change,
  extra?: (tx: DbExecutor, row: OrderRow) => Promise<void>,
): Promise<{ before: OrderRow; party: 'buyer' | 'seller' | 'admin' }> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw notFound(ORDER_MESSAGES.notFound);
    const party = partyOf(row, auth);
    if (party !== 'admin' && !change.allowed.includes(party)) throw forbidden(change.forbiddenMessage);
    const next = transition(row.state, change.event);
    if (!next.ok) throw conflict(next.message);
    await tx
      .update(orders)
      .set({ ...change.set, state: next.state, updatedAt: now })
      .where(eq(orders.id, id));
    await tx
      .insert(orderEvents)
      .values({ orderId: id, state: next.state, actor: party, note: change.note ?? null, createdAt: now });
    await extra?.(tx, row);
    return { before: row, party };
  });
}

export async function shipOrder(
  deps: OrdersDeps,
  auth: AuthContext,
  id: string,
  body: ShipOrderRequest,
): Promise<Order> {
  const trackingNumber = body.trackingNumber.trim();
  await applyChange(deps, auth, id, {
    event: 'ship',
    allowed: ['seller'],
    forbiddenMessage: ORDER_MESSAGES.onlySellerShips,
    note: `${body.carrier} ${trackingNumber}`,
    set: { carrier: body.carrier, trackingNumber },
  });
  const order = await getOrder(deps, auth, id);
  await mailParties(deps, id, (facts, people) => [
    orderMessages.shipped(people.buyer.email, people.buyer.firstName, facts, body.carrier, trackingNumber),
    ...(people.dealer
      ? [orderMessages.shipped(people.dealer.email, people.dealer.name, facts, body.carrier, trackingNumber)]
      : []),
  ]);
  return order;
}

export async function deliverOrder(deps: OrdersDeps, auth: AuthContext, id: string): Promise<Order> {
  await applyChange(deps, auth, id, {
    event: 'deliver',
    allowed: ['seller'],
    forbiddenMessage: ORDER_MESSAGES.onlySellerDelivers,
  });
  const order = await getOrder(deps, auth, id);
  await mailParties(deps, id, (facts, people) => [
    orderMessages.delivered(people.buyer.email, people.buyer.firstName, facts),
    orderMessages.delivered(people.seller.email, people.seller.firstName, facts),
  ]);
  return order;
}

/** The buyer confirms receipt; the sale then counts in the seller's completed sales (product cards). */
export async function completeOrder(deps: OrdersDeps, auth: AuthContext, id: string): Promise<Order> {
  await applyChange(
    deps,
    auth,
    id,
    { event: 'complete', allowed: ['buyer'], forbiddenMessage: ORDER_MESSAGES.onlyBuyerCompletes },
    async (tx, row) => {
      await tx
        .update(users)
        .set({ totalCompletedSales: sql`${users.totalCompletedSales} + 1` })
        .where(eq(users.id, row.sellerId));
      // The final value fee, and the release of escrow funds (the buyer's confirmation ends the inspection).
      await settleCompletedOrder(tx, row, deps.now?.() ?? new Date());
    },
  );
  const order = await getOrder(deps, auth, id);
  await mailParties(deps, id, (facts, people) => [
    orderMessages.completed(people.seller.email, people.seller.firstName, facts),
  ]);
  return order;
}

/**
 * The buyer or the seller cancels before shipping: one transaction cancels the order and puts the
 * stock back; then the captured payment is refunded through the gateway (its key is the order's,
 * so a retry never refunds twice) and the order moves to refunded. If the gateway fails, the order
 * stays cancelled with its payment captured, and cancelling again retries the refund.
 */
export async function cancelOrder(
  deps: OrdersDeps,
  auth: AuthContext,
  id: string,
  body: CancelOrderRequest,
): Promise<Order> {
  const reason = body.reason.trim();
  const [current] = await deps.db.select().from(orders).where(eq(orders.id, id));
  if (!current) throw notFound(ORDER_MESSAGES.notFound);
  const party = partyOf(current, auth);
  const retryRefund = current.state === OrderState.Cancelled && current.paymentStatus === 'captured';
  if (!retryRefund) {
    await applyChange(
      deps,
      auth,
      id,
      {
        event: 'cancel',
        allowed: ['buyer', 'seller'],
        forbiddenMessage: ORDER_MESSAGES.notFound,
        note: reason,
        set: { cancelReason: reason },
      },
      async (tx, row) => {
        // A placed order belongs to a checkout still paying; undoing that checkout returns its stock.
        if (row.state === OrderState.Placed) throw conflict(ORDER_MESSAGES.stillPaying);
        if (row.dealerId) await endUnusedLicenseCopyAccess(deps, tx, row.dealerId, row.sellerId);
        await returnStock(tx, eq(orderItems.orderId, row.id));
      },
    );
  }
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, id));
  let refunded = false;
  if (row && row.paymentStatus === 'captured' && row.paymentReference) {
    try {
      const result = await deps.gateway.refund({
        idempotencyKey: `order-${id}-refund`,
        paymentId: row.paymentReference,
        amount: Number(row.total),
      });
      if (result.approved) {
        const now = deps.now?.() ?? new Date();
        await deps.db.transaction(async (tx) => {
          const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
          if (locked?.paymentStatus !== 'captured') return;
          const next = transition(locked.state, 'refund');
          if (!next.ok) throw conflict(next.message);
          await tx
            .update(orders)
            .set({
              state: next.state,
              paymentStatus: 'refunded',
              refundedAmount: locked.total,
              updatedAt: now,
            })
            .where(eq(orders.id, id));
          await tx.insert(orderEvents).values({
            orderId: id,
            state: next.state,
            actor: 'system',
            note: 'Payment refunded.',
            createdAt: now,
          });
          await refundHeldFunds(tx, locked);
        });
        refunded = true;
      } else {
        deps.log.error(
          { orderId: id, gatewayMessage: result.message, gatewayError: result.error },
          'refund declined',
        );
      }
    } catch (error) {
      deps.log.error({ orderId: id, err: error }, 'refund failed');
    }
  }
  const order = await getOrder(deps, auth, id);
  if (!retryRefund) {
    await mailParties(deps, id, (facts, people) => [
      orderMessages.cancelled(people.buyer.email, people.buyer.firstName, facts, reason, refunded),
      orderMessages.cancelled(people.seller.email, people.seller.firstName, facts, reason, refunded),
      ...(people.dealer
        ? [orderMessages.cancelled(people.dealer.email, people.dealer.name, facts, reason, refunded)]
        : []),
    ]);
  }
  if (party !== 'admin' && retryRefund && !refunded)
    throw new AppError(502, 'payment_gateway_unavailable', ORDER_MESSAGES.refundFailed);
  return order;
}
