import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  CheckoutResponse,
  ParsedCheckoutRequest,
  QuoteResponse,
} from '../../../shared/contract/orders.ts';
import { requiredMinimumAge } from '../../../shared/domain/compliance.ts';
import { OrderState } from '../../../shared/domain/orders.ts';
import { complianceItemOf, totalOf } from '../../core/cart.ts';
import { offersOfCheckout } from '../../core/reservations.ts';
import type { DbExecutor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { notifyOfferParties } from '../offers/index.ts';
import { cents, money, ORDER_MESSAGES, type OrdersDeps } from './deps.ts';
import { mailPlaced } from './mail.ts';
import { pay } from './pay.ts';
import { loadOrders } from './read.ts';
import { checkCart, checkoutConflict, type PlacedOrder, reserve } from './reserve.ts';

/*
 * The buyer's way through checkout: a quote of the cart, then the checkout itself, which reserves
 * the stock (reserve.ts), takes the payment (pay.ts) and answers the orders it placed. Orders once
 * placed are read in read.ts and move on in lifecycle.ts; interrupted checkouts are undone in upkeep.ts.
 */

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
  const { groups } = await checkCart(deps.db, deps.dealers, buyerId, body, now);
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
