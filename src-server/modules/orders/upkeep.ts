import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { OrderState, transition } from '../../../shared/domain/orders.ts';
import { checkouts, orderEvents, orders, users } from '../../db/schema.ts';
import { settleCompletedOrder } from '../billing/index.ts';
import type { OrdersDeps } from './deps.ts';
import { gatewayKey } from './pay.ts';
import { release } from './reserve.ts';

/** A checkout still pending after this long was interrupted (a request takes seconds). */
export const STALE_CHECKOUT_MS = 15 * 60 * 1000;

/**
 * Undoes checkouts interrupted between reserving and recording the payment (a crash or a lost
 * connection): payments already authorized or captured are voided or refunded through the gateway
 * (with the checkout's own keys, so a repeat never refunds twice), then the stock goes back and the
 * checkout is deleted with its orders. The buyer sees no order and may check out again.
 */
export async function recoverStaleCheckouts(deps: OrdersDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const stale = await deps.db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.status, 'pending'),
        sql`${checkouts.createdAt} < ${new Date(now.getTime() - STALE_CHECKOUT_MS)}`,
      ),
    )
    .limit(100);
  for (const { id } of stale) {
    const taken = await deps.db
      .select({ id: orders.id, reference: orders.paymentReference, total: orders.total })
      .from(orders)
      .where(and(eq(orders.checkoutId, id), isNotNull(orders.paymentReference)));
    for (const order of taken) {
      await deps.gateway.refund({
        idempotencyKey: gatewayKey(id, order.id, 'void'),
        paymentId: order.reference ?? '',
        amount: Number(order.total),
      });
    }
    await release(deps, id);
  }
  return stale.length;
}

/** Days after delivery when an order the buyer has not confirmed completes by itself. */
export const AUTO_COMPLETE_DAYS = 14;

/** Completes delivered orders whose buyer did not confirm within AUTO_COMPLETE_DAYS; counts the sales. */
export async function completeDeliveredOrders(deps: OrdersDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.state, OrderState.Delivered),
        sql`${orders.updatedAt} < ${new Date(now.getTime() - AUTO_COMPLETE_DAYS * 86_400_000)}`,
        // A disputed escrow order waits for staff.
        sql`${orders.escrowStatus} is distinct from 'disputed'`,
      ),
    )
    .limit(500);
  let completed = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!row) return false;
      const next = transition(row.state, 'complete');
      if (!next.ok) return false;
      await tx.update(orders).set({ state: next.state, updatedAt: now }).where(eq(orders.id, id));
      await tx.insert(orderEvents).values({
        orderId: id,
        state: next.state,
        actor: 'system',
        note: `Completed ${AUTO_COMPLETE_DAYS} days after delivery.`,
        createdAt: now,
      });
      await tx
        .update(users)
        .set({ totalCompletedSales: sql`${users.totalCompletedSales} + 1` })
        .where(eq(users.id, row.sellerId));
      await settleCompletedOrder(tx, row, now);
      return true;
    });
    if (done) completed += 1;
  }
  return completed;
}
