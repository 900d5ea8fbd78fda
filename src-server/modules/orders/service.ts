import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { ErrorMessage } from '../../../shared/contract/common.ts';
import {
  type CancelOrderRequest,
  type CheckoutResponse,
  type ItemBlock,
  type Order,
  type OrdersGetAllResponse,
  PAYMENT_DECLINED_CODE,
  type ParsedCheckoutRequest,
  type QuoteResponse,
  type ShipOrderRequest,
} from '../../../shared/contract/orders.ts';
import {
  CARD_MESSAGES,
  cardDigits,
  detectCardBrand,
  validateCardNumber,
} from '../../../shared/domain/card.ts';
import { familyById } from '../../../shared/domain/category.ts';
import { requiredMinimumAge } from '../../../shared/domain/compliance.ts';
import {
  type Carrier,
  type OrderEvent,
  OrderState,
  orderNumber,
  stateAfterPayment,
  trackingUrl,
  transition,
} from '../../../shared/domain/orders.ts';
import {
  CART_MESSAGES,
  complianceItemOf,
  type DealerDirectory,
  type EvaluatedGroup,
  evaluateCart,
  loadCartListings,
  type ReceivingDealer,
  resolveDestinations,
  totalOf,
} from '../../core/cart.ts';
import {
  type GatewayResult,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../core/payments/gateway.ts';
import {
  applyCartOffers,
  attachOffersToCheckout,
  markOffersPurchased,
  offersOfCheckout,
} from '../../core/reservations.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { checkouts, fflDealers, listings, orderEvents, orderItems, orders, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { type OrderMailFacts, orderMessages } from '../../mail/order-messages.ts';
import { holdOrderFunds, refundHeldFunds, settleCompletedOrder } from '../billing/index.ts';
import { notifyOfferParties } from '../offers/index.ts';
import { licenseCopyUrl } from './dealers.ts';

export interface OrdersDeps {
  db: Database;
  gateway: PaymentGateway;
  dealers: DealerDirectory;
  mailer: Mailer;
  publicOrigin: string;
  log: {
    warn(object: Record<string, unknown>, message: string): void;
    error(object: Record<string, unknown>, message: string): void;
  };
  now?: () => Date;
}

export const ORDER_MESSAGES = {
  notFound: 'Order not found.',
  keyReused: 'This checkout key was already used for a different cart. Start the checkout again.',
  inProgress: 'This checkout is still being processed. Check your orders in a moment.',
  itemsBlocked: 'Some items cannot be bought as asked.',
  shippingMissing: (seller: string) => `Choose where the items from ${seller} ship.`,
  onlySellerShips: 'Only the seller can mark this order shipped.',
  onlySellerDelivers: 'Only the seller can mark this order delivered.',
  onlyBuyerCompletes: 'Only the buyer can confirm receipt of this order.',
  refundFailed: 'The order is cancelled but the refund did not go through; it will be retried.',
  stillPaying: 'This order is still being paid. Try again in a moment.',
} as const;

const cents = (dollars: number) => Math.round(dollars * 100);
const money = (value: number) => Math.round(value) / 100;

// ---------------------------------------------------------------------------------------------
// Quote
// ---------------------------------------------------------------------------------------------

export async function quote(
  deps: OrdersDeps,
  buyerId: string,
  body: {
    items: ParsedCheckoutRequest['items'];
    shipping: ParsedCheckoutRequest['shipping'];
    statedMinimumAge?: 18 | 21 | undefined;
  },
): Promise<QuoteResponse> {
  const now = deps.now?.() ?? new Date();
  const cartListings = await loadCartListings(
    deps.db,
    body.items.map((item) => item.listingId),
  );
  // Stock held by accepted offers is not for sale; a line naming the buyer's accepted offer is priced at it.
  const withOffers = await applyCartOffers(deps.db, buyerId, body.items, cartListings, now);
  const destinations = await resolveDestinations(deps.db, deps.dealers, body.shipping);
  const groups = evaluateCart(
    body.items,
    withOffers.listings,
    destinations,
    { id: buyerId, statedMinimumAge: body.statedMinimumAge },
    now,
    withOffers.blocks,
  );
  const buyable = groups.flatMap((group) =>
    group.items.filter((item) => !item.quote.blocked && item.listing),
  );
  return {
    groups: groups.map((group) => group.quote),
    minimumAge: requiredMinimumAge(buyable.map((item) => complianceItemOf(item.listing!))),
    canCheckout: groups.every((group) => group.items.every((item) => !item.quote.blocked)),
    total: totalOf(groups),
  };
}

// ---------------------------------------------------------------------------------------------
// Checkout
// ---------------------------------------------------------------------------------------------

/** 409 with the items that cannot be bought: nothing charged, nothing reserved. */
class CheckoutBlockedError extends AppError {
  constructor(items: (ItemBlock & { listingId: string })[]) {
    super(409, 'conflict', items.length === 1 && items[0] ? items[0].message : ORDER_MESSAGES.itemsBlocked, {
      extra: { items },
    });
  }
}

/** A checkout 409 that is not about items: the same answer shape, with no items listed. */
const checkoutConflict = (message: string) =>
  new AppError(409, 'conflict', message, { extra: { items: [] } });

const paymentDeclined = (message: string) => new AppError(402, PAYMENT_DECLINED_CODE, message);
const gatewayUnavailable = () => new AppError(502, 'payment_gateway_unavailable', ErrorMessage.PaymentFailed);

/** The text of a declined payment: the processor's reason as given, else 'contact support'. */
export function declineText(result: Extract<GatewayResult, { approved: false }>): string {
  return result.error?.trim() ? result.error : ErrorMessage.PaymentContactSupport;
}

function requestHash(body: ParsedCheckoutRequest): string {
  const canonical = {
    items: [...body.items].sort((a, b) => a.listingId.localeCompare(b.listingId)),
    shipping: [...body.shipping].sort((a, b) => a.sellerId.localeCompare(b.sellerId)),
    statedMinimumAge: body.statedMinimumAge,
    // Only an escrow checkout adds the choice, so a direct checkout's hash is as before.
    ...(body.escrow ? { escrow: true } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

interface PlacedOrder {
  id: string;
  sellerId: string;
  total: number;
  shipsToDealer: boolean;
}

type Reservation =
  | { kind: 'reserved'; checkoutId: string; orders: PlacedOrder[] }
  | { kind: 'existing'; checkoutId: string; status: 'pending' | 'completed'; hash: string };

/**
 * Pays for a cart. The order of operations keeps the database and the payments consistent:
 *
 * 1. One transaction: record the checkout under the buyer's idempotency key, lock the listings,
 *    re-check every item (offered, seller, stock, price, state rules, dealer, stated age), take the
 *    stock (`quantity = quantity - n where quantity >= n`, one row or the whole checkout fails with
 *    409) and write one order per seller in state `placed`. Commit: the stock is reserved.
 * 2. Outside any transaction (the gateway is another system): authorize each order's total, then
 *    capture each. The gateway's idempotency keys are derived from the checkout and order ids.
 * 3. Approved: one transaction moves the orders to paid (or awaiting the dealer) and the checkout to
 *    completed; mails follow the commit. Declined or unreachable: authorizations already taken are
 *    voided and one transaction puts the stock back and deletes the checkout with its orders, so a
 *    decline leaves no order and no stock change and the key can be used again.
 *
 * A repeated submit with the same key answers the completed checkout's orders; one that arrives
 * while the first is paying resumes the payment with the same gateway keys, which answer the first
 * results: no second charge either way.
 */
export async function checkout(
  deps: OrdersDeps,
  auth: AuthContext,
  body: ParsedCheckoutRequest,
): Promise<CheckoutResponse> {
  const hash = requestHash(body);
  const reservation = await reserve(deps, auth.userId, body, hash);
  if (reservation.kind === 'existing') {
    if (reservation.hash !== hash) throw checkoutConflict(ORDER_MESSAGES.keyReused);
    if (reservation.status === 'completed') return answerFor(deps, reservation.checkoutId, true);
    const placed = await placedOrdersOf(deps.db, reservation.checkoutId);
    if (placed.length === 0) return answerFor(deps, reservation.checkoutId, true);
    await pay(deps, reservation.checkoutId, placed, body);
    return answerFor(deps, reservation.checkoutId, true);
  }
  await pay(deps, reservation.checkoutId, reservation.orders, body);
  const answer = await answerFor(deps, reservation.checkoutId, false);
  await mailPlaced(deps, answer.orders);
  await notifyOfferParties(deps, 'purchase', await offersOfCheckout(deps.db, reservation.checkoutId));
  return answer;
}

async function answerFor(deps: OrdersDeps, checkoutId: string, replayed: boolean): Promise<CheckoutResponse> {
  const rows = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId));
  const found = await loadOrders(
    deps.db,
    rows.map((row) => row.id),
  );
  return { orders: found, replayed, total: money(found.reduce((sum, order) => sum + cents(order.total), 0)) };
}

async function placedOrdersOf(db: DbExecutor, checkoutId: string): Promise<PlacedOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      sellerId: orders.sellerId,
      total: orders.total,
      dealerId: orders.dealerId,
      state: orders.state,
    })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId));
  return rows
    .filter((row) => row.state === OrderState.Placed)
    .map((row) => ({
      id: row.id,
      sellerId: row.sellerId,
      total: Number(row.total),
      shipsToDealer: row.dealerId !== null,
    }));
}

async function findCheckout(db: DbExecutor, buyerId: string, key: string) {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.buyerId, buyerId), eq(checkouts.idempotencyKey, key)));
  return row ?? null;
}

function blocksOf(groups: readonly EvaluatedGroup[]): (ItemBlock & { listingId: string })[] {
  return groups.flatMap((group) =>
    group.items.flatMap((item) =>
      item.quote.blocked ? [{ listingId: item.request.listingId, ...item.quote.blocked }] : [],
    ),
  );
}

async function reserve(
  deps: OrdersDeps,
  buyerId: string,
  body: ParsedCheckoutRequest,
  hash: string,
): Promise<Reservation> {
  const earlier = await findCheckout(deps.db, buyerId, body.idempotencyKey);
  if (earlier)
    return { kind: 'existing', checkoutId: earlier.id, status: earlier.status, hash: earlier.requestHash };
  const now = deps.now?.() ?? new Date();
  const outcome = await deps.db.transaction(async (tx): Promise<Reservation> => {
    // A concurrent submit with the same key waits here on the unique index until the first commits.
    const [created] = await tx
      .insert(checkouts)
      .values({ buyerId, idempotencyKey: body.idempotencyKey, requestHash: hash, total: 0 })
      .onConflictDoNothing({ target: [checkouts.buyerId, checkouts.idempotencyKey] })
      .returning({ id: checkouts.id });
    if (!created) {
      const first = await findCheckout(tx, buyerId, body.idempotencyKey);
      if (!first) throw checkoutConflict(ORDER_MESSAGES.inProgress);
      return { kind: 'existing', checkoutId: first.id, status: first.status, hash: first.requestHash };
    }
    const lockedListings = await loadCartListings(
      tx,
      body.items.map((item) => item.listingId),
      true,
    );
    const withOffers = await applyCartOffers(tx, buyerId, body.items, lockedListings, now, true);
    const destinations = await resolveDestinations(tx, deps.dealers, body.shipping);
    const groups = evaluateCart(
      body.items,
      withOffers.listings,
      destinations,
      { id: buyerId, statedMinimumAge: body.statedMinimumAge },
      now,
      withOffers.blocks,
    );
    const blocked = blocksOf(groups);
    if (blocked.length > 0) throw new CheckoutBlockedError(blocked);
    const fields: Record<string, string> = {};
    for (const group of groups) {
      if (!group.destination) fields.shipping = ORDER_MESSAGES.shippingMissing(group.quote.sellerDisplayName);
      if (validateCardNumber(body.payment.cardNumber, group.quote.acceptedPaymentMethods)) {
        fields['payment.cardNumber'] = CARD_MESSAGES.notAccepted;
      }
    }
    if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields)[0] ?? '', fields);

    const card = cardDigits(body.payment.cardNumber);
    const placed: PlacedOrder[] = [];
    for (const group of groups) {
      const destination = group.destination;
      if (!destination || destination.kind === 'dealerNotFound') continue;
      for (const item of group.items) {
        const taken = await tx
          .update(listings)
          .set({ quantity: sql`${listings.quantity} - ${item.request.quantity}`, updatedAt: now })
          .where(
            and(
              eq(listings.id, item.request.listingId),
              // Units held by other buyers' accepted offers stay in stock for them.
              sql`${listings.quantity} >= ${item.request.quantity + (withOffers.reserved.get(item.request.listingId) ?? 0)}`,
            ),
          )
          .returning({ id: listings.id });
        if (taken.length !== 1) {
          throw new CheckoutBlockedError([
            {
              listingId: item.request.listingId,
              rule: 'outOfStock',
              state: null,
              message: CART_MESSAGES.soldMeanwhile,
              source: null,
            },
          ]);
        }
      }
      const shipTo =
        destination.kind === 'dealer'
          ? { kind: 'dealer' as const, dealer: dealerSnapshot(destination.dealer) }
          : {
              kind: 'address' as const,
              address: {
                firstName: destination.address.firstName,
                lastName: destination.address.lastName,
                address1: destination.address.address1,
                address2: destination.address.address2 || null,
                city: destination.address.city,
                state: destination.address.state,
                zip: destination.address.zip,
                phone: destination.address.phone || null,
              },
            };
      const [order] = await tx
        .insert(orders)
        .values({
          checkoutId: created.id,
          buyerId,
          sellerId: group.sellerId,
          state: OrderState.Placed,
          subtotal: group.quote.subtotal,
          shippingTotal: group.quote.shipping,
          total: group.quote.total,
          dealerId: destination.kind === 'dealer' ? destination.dealer.id : null,
          shipTo,
          paymentProvider: deps.gateway.name,
          cardBrand: detectCardBrand(card),
          cardLast4: card.slice(-4),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      if (!order) throw new Error('order insert returned no row');
      if (destination.kind === 'dealer') {
        await deps.dealers.allowSellerToReadLicenseCopy(tx, destination.dealer.id, group.sellerId);
      }
      await tx.insert(orderItems).values(
        group.items.map((item) => ({
          orderId: order.id,
          listingId: item.request.listingId,
          title: item.listing?.title ?? '',
          familyId: item.listing?.familyId ?? 6,
          thumbnailPicture: item.listing?.thumbnailPicture ?? null,
          quantity: item.request.quantity,
          price: item.listing?.price ?? 0,
          shippingCost: item.listing?.shippingCost ?? 0,
        })),
      );
      await tx
        .insert(orderEvents)
        .values({ orderId: order.id, state: OrderState.Placed, actor: 'buyer', createdAt: now });
      placed.push({
        id: order.id,
        sellerId: group.sellerId,
        total: group.quote.total,
        shipsToDealer: destination.kind === 'dealer',
      });
    }
    await tx
      .update(checkouts)
      .set({ total: totalOf(groups) })
      .where(eq(checkouts.id, created.id));
    await attachOffersToCheckout(tx, withOffers.offerIds, created.id, now);
    return { kind: 'reserved', checkoutId: created.id, orders: placed };
  });
  return outcome;
}

function dealerSnapshot(dealer: ReceivingDealer) {
  return {
    id: dealer.id,
    licenseNumber: dealer.licenseNumber,
    businessName: dealer.businessName,
    street: dealer.street,
    city: dealer.city,
    state: dealer.state,
    zip: dealer.zip,
    phone: dealer.phone,
    licenseCopyUrl: dealer.licenseCopyUrl,
    email: dealer.email,
  };
}

const gatewayKey = (checkoutId: string, orderId: string, step: string) =>
  `checkout-${checkoutId}-${orderId}-${step}`;

/** Steps 2 and 3 of `checkout`: authorize and capture every order, then record the result. */
async function pay(
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
  });
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

/**
 * Undoes a reservation: the stock goes back and the checkout is deleted with its orders; a seller
 * left with no order to a dealer loses the reading of its licence copy the checkout gave. Runs once.
 */
async function release(deps: OrdersDeps, checkoutId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
    if (row?.status !== 'pending') return;
    const lines = await tx
      .select({ listingId: orderItems.listingId, quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.checkoutId, checkoutId))
      .orderBy(orderItems.listingId);
    for (const line of lines) {
      await tx
        .update(listings)
        .set({ quantity: sql`${listings.quantity} + ${line.quantity}` })
        .where(eq(listings.id, line.listingId));
    }
    const toDealers = await tx
      .selectDistinct({ dealerId: orders.dealerId, sellerId: orders.sellerId })
      .from(orders)
      .where(and(eq(orders.checkoutId, checkoutId), isNotNull(orders.dealerId)));
    await tx.delete(checkouts).where(eq(checkouts.id, checkoutId));
    for (const { dealerId, sellerId } of toDealers) {
      if (dealerId) await endUnusedLicenseCopyAccess(deps, tx, dealerId, sellerId);
    }
  });
}

/** Withdraws the seller's reading of the dealer's licence copy once no live order of theirs names it. */
async function endUnusedLicenseCopyAccess(
  deps: OrdersDeps,
  tx: DbExecutor,
  dealerId: string,
  sellerId: string,
): Promise<void> {
  const [live] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.dealerId, dealerId),
        eq(orders.sellerId, sellerId),
        notInArray(orders.state, [OrderState.Cancelled, OrderState.Refunded]),
      ),
    )
    .limit(1);
  if (!live) await deps.dealers.revokeSellerLicenseCopyAccess(tx, dealerId, sellerId);
}

// ---------------------------------------------------------------------------------------------
// Reading orders
// ---------------------------------------------------------------------------------------------

type OrderRow = typeof orders.$inferSelect;

const displayNameSql = sql<string>`coalesce(${users.sellerDisplayName}, ${users.firstName} || ' ' || ${users.lastName})`;

/** Orders by id, in the order given, with their lines, history and the two parties' names. */
export async function loadOrders(db: DbExecutor, ids: readonly string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...ids]))
    .orderBy(orderItems.title);
  const events = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, [...ids]))
    .orderBy(orderEvents.createdAt);
  const people = new Set(rows.flatMap((row) => [row.buyerId, row.sellerId]));
  const names = await db
    .select({ id: users.id, name: displayNameSql })
    .from(users)
    .where(inArray(users.id, [...people]));
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  // The dealer's licence copy is offered once the dealer has uploaded one, whenever that was.
  const dealerIds = [...new Set(rows.flatMap((row) => (row.dealerId ? [row.dealerId] : [])))];
  const copies =
    dealerIds.length === 0
      ? []
      : await db
          .select({ id: fflDealers.id })
          .from(fflDealers)
          .where(and(inArray(fflDealers.id, dealerIds), isNotNull(fflDealers.licenseCopyId)));
  const withCopy = new Set(copies.map((row) => row.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          toOrder(
            row,
            lines.filter((line) => line.orderId === id),
            events.filter((event) => event.orderId === id),
            nameOf,
            withCopy,
          ),
        ]
      : [];
  });
}

function toOrder(
  row: OrderRow,
  lines: (typeof orderItems.$inferSelect)[],
  events: (typeof orderEvents.$inferSelect)[],
  nameOf: Map<string, string>,
  dealersWithLicenseCopy: ReadonlySet<string>,
): Order {
  const shipTo = row.shipTo as Order['shipTo'] & { dealer?: { email?: unknown } };
  const cleanShipTo: Order['shipTo'] =
    shipTo.kind === 'dealer'
      ? {
          kind: 'dealer',
          dealer: {
            id: shipTo.dealer.id,
            licenseNumber: shipTo.dealer.licenseNumber,
            businessName: shipTo.dealer.businessName,
            street: shipTo.dealer.street,
            city: shipTo.dealer.city,
            state: shipTo.dealer.state,
            zip: shipTo.dealer.zip,
            phone: shipTo.dealer.phone,
            licenseCopyUrl: dealersWithLicenseCopy.has(shipTo.dealer.id)
              ? licenseCopyUrl(shipTo.dealer.id)
              : null,
          },
        }
      : shipTo;
  const carrier = (row.carrier as Carrier | null) ?? null;
  return {
    id: row.id,
    number: orderNumber(row.number),
    state: row.state,
    buyer: { id: row.buyerId, displayName: nameOf.get(row.buyerId) ?? '' },
    seller: { id: row.sellerId, displayName: nameOf.get(row.sellerId) ?? '' },
    items: lines.map((line) => ({
      listingId: line.listingId,
      title: line.title,
      family: familyById(line.familyId)?.key ?? 'EverythingElse',
      thumbnailPicture: line.thumbnailPicture,
      quantity: line.quantity,
      price: Number(line.price),
      shippingCost: Number(line.shippingCost),
      lineTotal: money(cents(Number(line.price)) * line.quantity + cents(Number(line.shippingCost))),
    })),
    subtotal: Number(row.subtotal),
    shipping: Number(row.shippingTotal),
    total: Number(row.total),
    shipTo: cleanShipTo,
    payment: {
      brand: row.cardBrand,
      last4: row.cardLast4,
      status: row.paymentStatus,
      refundedAmount: Number(row.refundedAmount),
    },
    escrowStatus: row.escrowStatus,
    carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: carrier && row.trackingNumber ? trackingUrl(carrier, row.trackingNumber) : null,
    cancelReason: row.cancelReason,
    history: events.map((event) => ({
      state: event.state as OrderState,
      at: event.createdAt.toISOString(),
      by: event.actor,
      note: event.note,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's part in an order; anyone who is neither party (nor an admin) gets 404, as for an unknown id. */
function partyOf(
  row: Pick<OrderRow, 'buyerId' | 'sellerId'>,
  auth: AuthContext,
): 'buyer' | 'seller' | 'admin' {
  if (row.sellerId === auth.userId) return 'seller';
  if (row.buyerId === auth.userId) return 'buyer';
  if (auth.isAdmin) return 'admin';
  throw notFound(ORDER_MESSAGES.notFound);
}

export async function getOrder(deps: OrdersDeps, auth: AuthContext, id: string): Promise<Order> {
  const [row] = await deps.db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  partyOf(row, auth);
  const [order] = await loadOrders(deps.db, [id]);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return order;
}

export async function listOrders(
  deps: OrdersDeps,
  auth: AuthContext,
  body: { role: 'buyer' | 'seller'; states?: OrderState[] | undefined; page: number; pageSize: number },
): Promise<OrdersGetAllResponse> {
  const party = body.role === 'buyer' ? eq(orders.buyerId, auth.userId) : eq(orders.sellerId, auth.userId);
  const where =
    body.states && body.states.length > 0 ? and(party, inArray(orders.state, body.states)) : party;
  const [counted] = await deps.db.select({ total: count() }).from(orders).where(where);
  const rows = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(body.pageSize)
    .offset((body.page - 1) * body.pageSize);
  return {
    total: counted?.total ?? 0,
    page: body.page,
    pageSize: body.pageSize,
    results: await loadOrders(
      deps.db,
      rows.map((row) => row.id),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// State changes
// ---------------------------------------------------------------------------------------------

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
        const lines = await tx
          .select()
          .from(orderItems)
          .where(eq(orderItems.orderId, row.id))
          .orderBy(orderItems.listingId);
        for (const line of lines) {
          await tx
            .update(listings)
            .set({ quantity: sql`${listings.quantity} + ${line.quantity}` })
            .where(eq(listings.id, line.listingId));
        }
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

// ---------------------------------------------------------------------------------------------
// Mail
// ---------------------------------------------------------------------------------------------

interface Parties {
  buyer: { email: string; firstName: string };
  seller: { email: string; firstName: string };
  dealer: { email: string; name: string } | null;
}

/** Sends an order's messages after its change committed; a failed send is logged, never undoes the change. */
async function mailParties(
  deps: OrdersDeps,
  orderId: string,
  build: (facts: OrderMailFacts, parties: Parties) => MailMessage[],
) {
  try {
    const [order] = await loadOrders(deps.db, [orderId]);
    const [row] = await deps.db
      .select({ buyerId: orders.buyerId, sellerId: orders.sellerId, shipTo: orders.shipTo })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order || !row) return;
    const people = await deps.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(or(eq(users.id, row.buyerId), eq(users.id, row.sellerId)));
    const buyer = people.find((person) => person.id === row.buyerId);
    const seller = people.find((person) => person.id === row.sellerId);
    if (!buyer || !seller) return;
    const dealerShip = row.shipTo as {
      kind: string;
      dealer?: { email?: string | null; businessName?: string };
    };
    const dealer =
      dealerShip.kind === 'dealer' && dealerShip.dealer?.email
        ? { email: dealerShip.dealer.email, name: dealerShip.dealer.businessName ?? 'dealer' }
        : null;
    const facts: OrderMailFacts = {
      number: order.number,
      url: new URL(`/dashboard/buying/orders?order=${order.id}`, deps.publicOrigin).toString(),
      total: `$${order.total.toFixed(2)}`,
      lines: order.items.map((item) => `${item.quantity} × ${item.title} at $${item.price.toFixed(2)}`),
      shipTo:
        order.shipTo.kind === 'dealer'
          ? `${order.shipTo.dealer.businessName} (FFL ${order.shipTo.dealer.licenseNumber}), ${order.shipTo.dealer.street}, ${order.shipTo.dealer.city}, ${order.shipTo.dealer.state} ${order.shipTo.dealer.zip}`
          : `${order.shipTo.address.firstName} ${order.shipTo.address.lastName}, ${order.shipTo.address.address1}, ${order.shipTo.address.city}, ${order.shipTo.address.state} ${order.shipTo.address.zip}`,
    };
    for (const message of build(facts, { buyer, seller, dealer })) await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ orderId, err: error }, 'order mail failed');
  }
}

async function mailPlaced(deps: OrdersDeps, placed: readonly Order[]) {
  for (const order of placed) {
    await mailParties(deps, order.id, (facts, people) => [
      orderMessages.placedBuyer(people.buyer.email, people.buyer.firstName, facts),
      orderMessages.placedSeller(people.seller.email, people.seller.firstName, facts),
      ...(people.dealer ? [orderMessages.placedDealer(people.dealer.email, people.dealer.name, facts)] : []),
    ]);
  }
}
