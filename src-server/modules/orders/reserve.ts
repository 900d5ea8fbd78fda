import { and, eq, isNotNull, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { ItemBlock, ParsedCheckoutRequest } from '../../../shared/contract/orders.ts';
import { AUCTION_MESSAGES } from '../../../shared/domain/auctions.ts';
import {
  CARD_MESSAGES,
  cardDigits,
  detectCardBrand,
  validateCardNumber,
} from '../../../shared/domain/card.ts';
import { OrderState } from '../../../shared/domain/orders.ts';
import type { DealerDirectory, ReceivingDealer } from '../../core/cart.ts';
import {
  CART_MESSAGES,
  type EvaluatedGroup,
  evaluateCart,
  loadCartListings,
  resolveDestinations,
  totalOf,
} from '../../core/cart.ts';
import { applyCartOffers, attachOffersToCheckout } from '../../core/reservations.ts';
import type { DbExecutor } from '../../db/client.ts';
import { auctions, checkouts, listings, orderEvents, orderItems, orders } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { ORDER_MESSAGES, type OrdersDeps } from './deps.ts';

/*
 * Checkout's reservation of the stock, and its undoing: reserved, a checkout holds its listings'
 * units and one placed order per seller until it is paid; released, the units go back and the
 * checkout is gone with its orders.
 */

/** 409 with the items that cannot be bought: nothing charged, nothing reserved. */
class CheckoutBlockedError extends AppError {
  constructor(items: (ItemBlock & { listingId: string })[]) {
    super(409, 'conflict', items.length === 1 && items[0] ? items[0].message : ORDER_MESSAGES.itemsBlocked, {
      extra: { items },
    });
  }
}

/** A checkout 409 that is not about items: the same answer shape, with no items listed. */
export const checkoutConflict = (message: string) =>
  new AppError(409, 'conflict', message, { extra: { items: [] } });

export interface PlacedOrder {
  id: string;
  sellerId: string;
  total: number;
  shipsToDealer: boolean;
}

export type Reservation =
  | { kind: 'reserved'; checkoutId: string; orders: PlacedOrder[] }
  | { kind: 'existing'; checkoutId: string; status: 'pending' | 'completed'; hash: string };

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

/**
 * The cart as checkout sees it: its listings (locked with `lock`, in checkout's transaction), the
 * buyer's accepted offers applied, the shipping choices resolved and every item checked. Answers the
 * sellers' groups and the offers that apply.
 */
export async function checkCart(
  db: DbExecutor,
  dealers: DealerDirectory,
  buyerId: string,
  cart: Pick<ParsedCheckoutRequest, 'items' | 'shipping'> & { statedMinimumAge?: 18 | 21 | undefined },
  now: Date,
  lock = false,
) {
  const cartListings = await loadCartListings(
    db,
    cart.items.map((item) => item.listingId),
    lock,
  );
  // Stock held by accepted offers is not for sale; a line naming the buyer's accepted offer is priced at it.
  const offers = await applyCartOffers(db, buyerId, cart.items, cartListings, now, lock);
  const destinations = await resolveDestinations(db, dealers, cart.shipping);
  const groups = evaluateCart(
    cart.items,
    offers.listings,
    destinations,
    { id: buyerId, statedMinimumAge: cart.statedMinimumAge },
    now,
    offers.blocks,
  );
  return { groups, offers };
}

/** Step 1 of checkout: the stock taken and the orders written, in one transaction (see `checkout`). */
export async function reserve(
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
    const { groups, offers } = await checkCart(tx, deps.dealers, buyerId, body, now, true);
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
              sql`${listings.quantity} >= ${item.request.quantity + (offers.reserved.get(item.request.listingId) ?? 0)}`,
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
      // A won auction is paid for once: its order is recorded on it (cleared if this checkout is undone).
      for (const item of group.items) {
        if (!item.listing?.auction) continue;
        const taken = await tx
          .update(auctions)
          .set({ orderId: order.id, updatedAt: now })
          .where(and(eq(auctions.listingId, item.request.listingId), isNull(auctions.orderId)))
          .returning({ listingId: auctions.listingId });
        if (taken.length !== 1) {
          throw new CheckoutBlockedError([
            {
              listingId: item.request.listingId,
              rule: 'auction',
              state: null,
              message: AUCTION_MESSAGES.alreadyPaid,
              source: null,
            },
          ]);
        }
      }
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
    await attachOffersToCheckout(tx, offers.offerIds, created.id, now);
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

/**
 * Undoes a reservation: the stock goes back and the checkout is deleted with its orders; a seller
 * left with no order to a dealer loses the reading of its licence copy the checkout gave. Runs once.
 */
export async function release(deps: OrdersDeps, checkoutId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
    if (row?.status !== 'pending') return;
    await returnStock(tx, eq(orders.checkoutId, checkoutId));
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

/**
 * Puts back in stock the units of the order lines that `where` selects (their orders joined), one
 * listing after another in id order.
 */
export async function returnStock(tx: DbExecutor, where: SQL): Promise<void> {
  const lines = await tx
    .select({ listingId: orderItems.listingId, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(where)
    .orderBy(orderItems.listingId);
  for (const line of lines) {
    await tx
      .update(listings)
      .set({ quantity: sql`${listings.quantity} + ${line.quantity}` })
      .where(eq(listings.id, line.listingId));
  }
}

/** Withdraws the seller's reading of the dealer's licence copy once no live order of theirs names it. */
export async function endUnusedLicenseCopyAccess(
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
