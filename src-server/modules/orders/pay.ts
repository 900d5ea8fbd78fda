import { and, eq, inArray, sql } from 'drizzle-orm';
import { ErrorMessage } from '../../../shared/contract/common.ts';
import { PAYMENT_DECLINED_CODE, type ParsedCheckoutRequest } from '../../../shared/contract/orders.ts';
import { cardDigits } from '../../../shared/domain/card.ts';
import { OrderState, stateAfterPayment, transition } from '../../../shared/domain/orders.ts';
import { announceAccountSignals } from '../../core/live-signals.ts';
import { type GatewayResult, GatewayUnavailableError } from '../../core/payments/gateway.ts';
import { markOffersPurchased } from '../../core/reservations.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { checkouts, orderEvents, orderItems, orders } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { holdOrderFunds } from '../billing/index.ts';
import type { OrdersDeps } from './deps.ts';
import { type PlacedOrder, release } from './reserve.ts';

const paymentDeclined = (message: string) => new AppError(402, PAYMENT_DECLINED_CODE, message);
const gatewayUnavailable = () => new AppError(502, 'payment_gateway_unavailable', ErrorMessage.PaymentFailed);

/** The text of a declined payment: the processor's reason as given, else 'contact support'. */
export function declineText(result: Extract<GatewayResult, { approved: false }>): string {
  return result.error?.trim() ? result.error : ErrorMessage.PaymentContactSupport;
}

/** The gateway's idempotency key of one step (authorize, capture, void) of one order of a checkout. */
export const gatewayKey = (checkoutId: string, orderId: string, step: string) =>
  `checkout-${checkoutId}-${orderId}-${step}`;

/** Steps 2 and 3 of `checkout`: authorize and capture every order, then record the result. */
export async function pay(
  deps: OrdersDeps,
  checkoutId: string,
  placed: readonly PlacedOrder[],
  body: ParsedCheckoutRequest,
): Promise<void> {
  const payment = body.payment;
  const [month, year] = payment.expiration.trim().split('/').map(Number);
  const card = {
    number: cardDigits(payment.cardNumber),
    cvc: payment.cvv.trim(),
    expMonth: month ?? 0,
    expYear: 2000 + (year ?? 0),
    holderName: `${payment.billingFirstName.trim()} ${payment.billingLastName.trim()}`,
    billing: {
      address: payment.address1.trim(),
      city: payment.city.trim(),
      state: payment.state,
      zip: payment.zip.trim(),
    },
  };
  const authorized: { order: PlacedOrder; paymentId: string }[] = [];
  let failure: AppError | null = null;
  try {
    for (const order of placed) {
      const result = await deps.gateway.authorize({
        idempotencyKey: gatewayKey(checkoutId, order.id, 'authorize'),
        amount: order.total,
        card,
        description: `Ironsight order ${order.id}`,
      });
      if (!result.approved) {
        if (result.message) deps.log.warn({ checkoutId, gatewayMessage: result.message }, 'payment declined');
        failure = paymentDeclined(declineText(result));
        break;
      }
      authorized.push({ order, paymentId: result.paymentId });
      // Noted at once, so a checkout interrupted from here on can be voided by `recoverStaleCheckouts`.
      await notePayment(deps.db, order.id, result.paymentId, 'authorized');
    }
    if (!failure) {
      for (const { order, paymentId } of authorized) {
        const captured = await deps.gateway.capture({
          idempotencyKey: gatewayKey(checkoutId, order.id, 'capture'),
          paymentId,
          amount: order.total,
        });
        if (!captured.approved) {
          failure = paymentDeclined(declineText(captured));
          break;
        }
        await notePayment(deps.db, order.id, paymentId, 'captured');
      }
    }
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    deps.log.error({ checkoutId }, 'payment gateway unavailable');
    failure = gatewayUnavailable();
  }

  if (failure) {
    for (const { order, paymentId } of authorized) {
      try {
        await deps.gateway.refund({
          idempotencyKey: gatewayKey(checkoutId, order.id, 'void'),
          paymentId,
          amount: order.total,
        });
      } catch (error) {
        deps.log.error({ checkoutId, orderId: order.id, err: error }, 'void of an authorization failed');
      }
    }
    await release(deps, checkoutId);
    throw failure;
  }

  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
    if (row?.status !== 'pending') return;
    for (const { order, paymentId } of authorized) {
      // Escrow: the captured amount is held in the buyer's escrow, in this transaction.
      if (body.escrow) {
        await holdOrderFunds(tx, { id: order.id, buyerId: row.buyerId, total: order.total });
        await tx.update(orders).set({ escrowStatus: 'held' }).where(eq(orders.id, order.id));
      }
      let state: OrderState = OrderState.Placed;
      const paid = transition(state, 'pay');
      if (!paid.ok) throw new Error(paid.message);
      state = paid.state;
      await tx
        .insert(orderEvents)
        .values({ orderId: order.id, state, actor: 'system', note: 'Payment captured.', createdAt: now });
      if (stateAfterPayment(order.shipsToDealer) === OrderState.AwaitingDealer) {
        const waiting = transition(state, 'awaitDealer');
        if (!waiting.ok) throw new Error(waiting.message);
        state = waiting.state;
        await tx
          .insert(orderEvents)
          .values({ orderId: order.id, state, actor: 'system', createdAt: new Date(now.getTime() + 1) });
      }
      await tx
        .update(orders)
        .set({ state, paymentReference: paymentId, paymentStatus: 'captured', updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.state, OrderState.Placed)));
    }
    await tx
      .update(checkouts)
      .set({ status: 'completed', updatedAt: now })
      .where(eq(checkouts.id, checkoutId));
    await markOffersPurchased(tx, checkoutId, now);
    await announceNewOrders(
      tx,
      authorized.map(({ order }) => order.id),
    );
  });
}

/**
 * Tells each seller's live channel of their new paid orders (the desktop client's tray counts them
 * and notifies): the order's number, the title of its priciest line, its line count and total.
 */
async function announceNewOrders(tx: DbExecutor, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await tx
    .select({
      id: orders.id,
      sellerId: orders.sellerId,
      number: orders.number,
      total: orders.total,
      title: sql<string>`(array_agg(${orderItems.title} order by ${orderItems.price} desc, ${orderItems.title}))[1]`,
      itemCount: sql<number>`count(*)::int`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(inArray(orders.id, [...orderIds]))
    .groupBy(orders.id);
  await announceAccountSignals(
    tx,
    rows.map((row) => ({
      userId: row.sellerId,
      kind: 'order',
      orderId: row.id,
      number: Number(row.number),
      title: row.title.slice(0, 200),
      itemCount: Number(row.itemCount),
      total: Number(row.total),
    })),
  );
}

async function notePayment(
  db: Database,
  orderId: string,
  paymentId: string,
  status: 'authorized' | 'captured',
) {
  await db
    .update(orders)
    .set({ paymentReference: paymentId, paymentStatus: status })
    .where(and(eq(orders.id, orderId), eq(orders.state, OrderState.Placed)));
}
