import { and, eq, sql } from 'drizzle-orm';
import type { EscrowOrder } from '../../../shared/contract/billing-ledger.ts';
import {
  ESCROW_INSPECTION_DAYS,
  finalValueFeeCents,
  MEMBERSHIP_PLANS,
  planOfRoles,
  toCents,
} from '../../../shared/domain/membership.ts';
import { OrderState, transition } from '../../../shared/domain/orders.ts';
import { type AdminActor, audit } from '../../core/audit-log.ts';
import { GatewayUnavailableError, type PaymentGateway } from '../../core/payments/gateway.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { orderEvents, orders, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { DISPUTE_NOTE_PREFIX } from './escrow-disputes.ts';
import { LedgerKind, postMovement } from './ledger.ts';

type OrderRow = typeof orders.$inferSelect;

export const ESCROW_MESSAGES = {
  notFound: 'Order not found.',
  notEscrow: 'This order was not paid through escrow.',
  onlyBuyerDisputes: 'Only the buyer can dispute this order.',
  notDisputable: 'An escrow order can be disputed once shipped and until its funds are released.',
  notDisputed: 'This order has no open dispute.',
  refundFailed: 'The refund did not go through at the payment gateway; try again.',
} as const;

const DAY_MS = 86_400_000;

const escrowOrderOf = (row: OrderRow): EscrowOrder => ({
  orderId: row.id,
  state: row.state,
  escrowStatus: row.escrowStatus ?? 'held',
});

/** Checkout's paid step for an escrow order: the captured amount is held in the buyer's escrow. */
export async function holdOrderFunds(tx: DbExecutor, order: { id: string; buyerId: string; total: number }) {
  await postMovement(
    tx,
    LedgerKind.EscrowHold,
    { buyer: order.buyerId },
    toCents(order.total),
    `Held for order ${order.id.slice(0, 8)}`,
    { orderId: order.id },
  );
}

/**
 * A sale completes (the buyer confirms, or the order completes by itself): the seller is charged the
 * final value fee of their plan on the items' price, and escrow funds still held go to the seller.
 * Runs in the completing transaction.
 */
export async function settleCompletedOrder(tx: DbExecutor, row: OrderRow, now: Date): Promise<void> {
  const [seller] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, row.sellerId));
  const plan = planOfRoles(seller?.roles ?? []);
  const fee = finalValueFeeCents(plan, toCents(Number(row.subtotal)));
  if (fee > 0) {
    await postMovement(
      tx,
      LedgerKind.FinalValueFee,
      { user: row.sellerId },
      fee,
      `Final value fee (${MEMBERSHIP_PLANS[plan].name}), order ${row.id.slice(0, 8)}`,
      { orderId: row.id, idempotencyKey: `final-value-fee-${row.id}`, at: now },
    );
  }
  if (row.escrowStatus === 'held' || row.escrowStatus === 'disputed') {
    await postMovement(
      tx,
      LedgerKind.EscrowRelease,
      { buyer: row.buyerId, seller: row.sellerId },
      toCents(Number(row.total)),
      `Escrow released, order ${row.id.slice(0, 8)}`,
      { orderId: row.id },
    );
    await tx.update(orders).set({ escrowStatus: 'released' }).where(eq(orders.id, row.id));
  }
}

/** A refunded escrow order: the held funds leave the buyer's escrow for their card. */
export async function refundHeldFunds(tx: DbExecutor, row: OrderRow): Promise<void> {
  if (row.escrowStatus !== 'held' && row.escrowStatus !== 'disputed') return;
  await postMovement(
    tx,
    LedgerKind.EscrowRefund,
    { buyer: row.buyerId },
    toCents(Number(row.total)),
    `Escrow refunded, order ${row.id.slice(0, 8)}`,
    { orderId: row.id },
  );
  await tx.update(orders).set({ escrowStatus: 'refunded' }).where(eq(orders.id, row.id));
}

export interface EscrowDeps {
  db: Database;
  gateway: PaymentGateway;
  now: () => Date;
}

/** Completes an order (delivered → completed) with its history, the sale count and the settlement. */
async function completeInTransaction(
  tx: DbExecutor,
  row: OrderRow,
  actor: 'buyer' | 'admin' | 'system',
  note: string,
  now: Date,
) {
  const next = transition(row.state, 'complete');
  if (!next.ok) throw conflict(next.message);
  await tx.update(orders).set({ state: next.state, updatedAt: now }).where(eq(orders.id, row.id));
  await tx.insert(orderEvents).values({ orderId: row.id, state: next.state, actor, note, createdAt: now });
  await tx
    .update(users)
    .set({ totalCompletedSales: sql`${users.totalCompletedSales} + 1` })
    .where(eq(users.id, row.sellerId));
  await settleCompletedOrder(tx, row, now);
}

/** POST /orders/dispute/{id}: the buyer stops the release of an escrow order's funds until staff decide. */
export async function disputeOrder(
  deps: EscrowDeps,
  auth: AuthContext,
  id: string,
  reason: string,
): Promise<EscrowOrder> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row || (row.buyerId !== auth.userId && row.sellerId !== auth.userId && !auth.isAdmin))
      throw notFound(ESCROW_MESSAGES.notFound);
    if (row.buyerId !== auth.userId) throw forbidden(ESCROW_MESSAGES.onlyBuyerDisputes);
    if (!row.escrowStatus) throw conflict(ESCROW_MESSAGES.notEscrow);
    if (
      row.escrowStatus !== 'held' ||
      (row.state !== OrderState.Shipped && row.state !== OrderState.Delivered)
    )
      throw conflict(ESCROW_MESSAGES.notDisputable);
    const [updated] = await tx
      .update(orders)
      .set({ escrowStatus: 'disputed', disputeReason: reason.trim(), updatedAt: now })
      .where(eq(orders.id, id))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: id,
      state: row.state,
      actor: 'buyer',
      note: `${DISPUTE_NOTE_PREFIX}${reason.trim()}`,
      createdAt: now,
    });
    return escrowOrderOf(updated ?? row);
  });
}

/**
 * POST /pprAdmin/escrow/resolve/{id}: staff decide a dispute. `refund`: the payment is refunded
 * through the gateway (keyed by the order, so a retry never refunds twice), then one transaction
 * moves the order to refunded and the held funds out of escrow. `release`: the order completes and
 * the funds go to the seller. The decision is written to the audit log (the buyer as its target) in
 * the same transaction.
 */
export async function resolveDispute(
  deps: EscrowDeps,
  actor: AdminActor,
  id: string,
  outcome: 'refund' | 'release',
  note: string,
): Promise<EscrowOrder> {
  const [current] = await deps.db.select().from(orders).where(eq(orders.id, id));
  if (!current) throw notFound(ESCROW_MESSAGES.notFound);
  if (current.escrowStatus !== 'disputed') throw conflict(ESCROW_MESSAGES.notDisputed);
  const now = deps.now();
  if (outcome === 'refund') {
    if (!current.paymentReference) throw conflict(ESCROW_MESSAGES.refundFailed);
    try {
      const result = await deps.gateway.refund({
        idempotencyKey: `order-${id}-escrow-refund`,
        paymentId: current.paymentReference,
        amount: Number(current.total),
      });
      if (!result.approved)
        throw new AppError(502, 'payment_gateway_unavailable', ESCROW_MESSAGES.refundFailed);
    } catch (error) {
      if (error instanceof GatewayUnavailableError)
        throw new AppError(502, 'payment_gateway_unavailable', ESCROW_MESSAGES.refundFailed);
      throw error;
    }
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (row?.escrowStatus !== 'disputed') throw conflict(ESCROW_MESSAGES.notDisputed);
    const text = `Dispute resolved by staff (${outcome}): ${note.trim()}`;
    if (outcome === 'refund') {
      const next = transition(row.state, 'refund');
      if (!next.ok) throw conflict(next.message);
      await tx
        .update(orders)
        .set({ state: next.state, paymentStatus: 'refunded', refundedAmount: row.total, updatedAt: now })
        .where(eq(orders.id, id));
      await tx
        .insert(orderEvents)
        .values({ orderId: id, state: next.state, actor: 'admin', note: text, createdAt: now });
      await refundHeldFunds(tx, row);
    } else {
      let ready = row;
      if (row.state === OrderState.Shipped) {
        await tx.update(orders).set({ state: OrderState.Delivered, updatedAt: now }).where(eq(orders.id, id));
        await tx
          .insert(orderEvents)
          .values({ orderId: id, state: OrderState.Delivered, actor: 'admin', createdAt: now });
        ready = { ...row, state: OrderState.Delivered };
      }
      await completeInTransaction(tx, ready, 'admin', text, new Date(now.getTime() + 1));
    }
    const [after] = await tx.select().from(orders).where(eq(orders.id, id));
    const [buyer] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, row.buyerId));
    await audit(
      tx,
      actor,
      'resolveEscrowDispute',
      buyer ?? null,
      { orderId: id, state: row.state, escrowStatus: row.escrowStatus },
      {
        orderId: id,
        sellerId: row.sellerId,
        outcome,
        note: note.trim(),
        amount: Number(row.total),
        state: after?.state ?? row.state,
        escrowStatus: after?.escrowStatus ?? row.escrowStatus,
      },
    );
    return escrowOrderOf(after ?? row);
  });
}

/**
 * Releases escrow orders delivered more than ESCROW_INSPECTION_DAYS ago with no dispute: each
 * completes in its own transaction, the row locked and its state checked, so two servers running
 * the job release an order once.
 */
export async function releaseInspectedOrders(deps: EscrowDeps): Promise<number> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - ESCROW_INSPECTION_DAYS * DAY_MS);
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.state, OrderState.Delivered),
        eq(orders.escrowStatus, 'held'),
        sql`(select max(e.created_at) from order_events e where e.order_id = ${orders.id} and e.state = 'delivered') < ${cutoff}`,
      ),
    )
    .limit(500);
  let released = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!row || row.state !== OrderState.Delivered || row.escrowStatus !== 'held') return false;
      await completeInTransaction(
        tx,
        row,
        'system',
        `Inspection period of ${ESCROW_INSPECTION_DAYS} days ended; escrow released.`,
        now,
      );
      return true;
    });
    if (done) released += 1;
  }
  return released;
}
