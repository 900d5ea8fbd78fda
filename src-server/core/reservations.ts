/**
 * Where offers meet checkout: the stock accepted offers hold back from everyone else, and the price
 * and checks of a cart line that names an accepted offer. The orders module calls these inside its
 * quote and checkout; nothing here charges or writes orders.
 */
import { and, eq, gt, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { CheckoutItem, ItemBlock } from '../../shared/contract/orders.ts';
import { effectiveOfferState, OFFER_MESSAGES } from '../../shared/domain/offers.ts';
import type { DbExecutor } from '../db/client.ts';
import { offerEvents, offers, orders } from '../db/schema.ts';

/**
 * The offers that hold stock: accepted, their checkout window open, their checkout not started (a
 * started checkout has taken the stock itself).
 */
const holdsStock = (now: Date | SQL) =>
  and(eq(offers.state, 'accepted'), isNull(offers.checkoutId), gt(offers.deadline, now));

/**
 * The units accepted offers hold of the listing `listingId` names, as of the database's clock: a
 * subquery for statements that read listings for display (what others may buy).
 */
export const heldUnitsOf = (listingId: SQL): SQL =>
  sql`(select coalesce(sum(${offers.quantity}), 0)::int from ${offers}
    where ${offers.listingId} = ${listingId} and ${holdsStock(sql`now()`)})`;

/**
 * Units of each listing held by accepted offers (`holdsStock`). `except`: offers the caller is
 * checking out, whose units are theirs to take. Callers that change stock lock the listing rows
 * first, as accepting an offer does, so the sum cannot move under them.
 */
export async function reservedQuantities(
  db: DbExecutor,
  listingIds: readonly string[],
  now: Date,
  except: readonly string[] = [],
): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ listingId: offers.listingId, reserved: sql<number>`sum(${offers.quantity})::int` })
    .from(offers)
    .where(
      and(
        inArray(offers.listingId, [...listingIds]),
        holdsStock(now),
        except.length > 0 ? notInArray(offers.id, [...except]) : undefined,
      ),
    )
    .groupBy(offers.listingId);
  return new Map(rows.map((row) => [row.listingId, Number(row.reserved)]));
}

const offerBlock = (message: string): ItemBlock => ({ rule: 'offer', state: null, message, source: null });

/** What checkout reads of a listing: its stock and its price. */
interface StockedListing {
  id: string;
  quantity: number;
  price: number;
}

export interface CartOffers<T extends StockedListing> {
  /** The listings with the stock others may buy (reservations taken off) and, on offer lines, the offer's price. */
  listings: Map<string, T>;
  /** Lines whose offer cannot be checked out, by listing id. */
  blocks: Map<string, ItemBlock>;
  /** Units held for others, by listing id: a stock take must leave them. */
  reserved: Map<string, number>;
  /** The offers this cart checks out. */
  offerIds: string[];
}

/**
 * Applies accepted offers and reservations to the listings of a cart. A line naming an offer is
 * priced at the offer when the offer is the buyer's, for that listing and quantity, accepted and
 * inside its checkout window; otherwise the line is blocked with the reason. `lock`: inside the
 * checkout transaction (after the listing rows are locked) the named offers are locked too.
 */
export async function applyCartOffers<T extends StockedListing>(
  db: DbExecutor,
  buyerId: string,
  items: readonly CheckoutItem[],
  listingsById: ReadonlyMap<string, T>,
  now: Date,
  lock = false,
): Promise<CartOffers<T>> {
  const named = items.flatMap((item) => (item.offerId ? [item.offerId] : []));
  const rows =
    named.length === 0
      ? []
      : lock
        ? await db.select().from(offers).where(inArray(offers.id, named)).orderBy(offers.id).for('update')
        : await db.select().from(offers).where(inArray(offers.id, named));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const blocks = new Map<string, ItemBlock>();
  const priced = new Map<string, number>();
  const offerIds: string[] = [];
  for (const item of items) {
    if (!item.offerId) continue;
    const offer = byId.get(item.offerId);
    if (!offer || offer.buyerId !== buyerId || offer.listingId !== item.listingId) {
      blocks.set(item.listingId, offerBlock(OFFER_MESSAGES.notForCheckout));
      continue;
    }
    const state = effectiveOfferState(
      { state: offer.state, deadline: offer.deadline, paying: offer.checkoutId !== null },
      now,
    );
    if (state !== 'accepted') blocks.set(item.listingId, offerBlock(OFFER_MESSAGES.checkoutClosed(state)));
    else if (offer.checkoutId !== null) blocks.set(item.listingId, offerBlock(OFFER_MESSAGES.checkoutBusy));
    else if (offer.quantity !== item.quantity)
      blocks.set(item.listingId, offerBlock(OFFER_MESSAGES.checkoutQuantity(offer.quantity)));
    else {
      priced.set(item.listingId, offer.amount);
      offerIds.push(offer.id);
    }
  }
  const reserved = await reservedQuantities(db, [...listingsById.keys()], now, offerIds);
  const adjusted = new Map<string, T>();
  for (const [id, listing] of listingsById) {
    adjusted.set(id, {
      ...listing,
      quantity: listing.quantity - (reserved.get(id) ?? 0),
      price: priced.get(id) ?? listing.price,
    });
  }
  return { listings: adjusted, blocks, reserved, offerIds };
}

/** Inside the checkout transaction: the offers now being paid for stop holding stock (the checkout took it). */
export async function attachOffersToCheckout(
  tx: DbExecutor,
  offerIds: readonly string[],
  checkoutId: string,
  now: Date,
): Promise<void> {
  if (offerIds.length === 0) return;
  await tx
    .update(offers)
    .set({ checkoutId, updatedAt: now })
    .where(and(inArray(offers.id, [...offerIds]), eq(offers.state, 'accepted')));
}

/**
 * Inside the transaction that records a checkout as paid: its offers become purchased, each linked
 * to the order of its seller. Answers their ids, to notify both sides once committed.
 */
export async function markOffersPurchased(tx: DbExecutor, checkoutId: string, now: Date): Promise<string[]> {
  const bought = await tx
    .update(offers)
    .set({
      state: 'purchased',
      deadline: null,
      updatedAt: now,
      orderId: sql`(select ${orders.id} from ${orders} where ${orders.checkoutId} = ${checkoutId} and ${orders.sellerId} = ${offers.sellerId} limit 1)`,
    })
    .where(and(eq(offers.checkoutId, checkoutId), eq(offers.state, 'accepted')))
    .returning({ id: offers.id });
  if (bought.length > 0) {
    await tx.insert(offerEvents).values(
      bought.map(({ id }) => ({
        offerId: id,
        event: 'purchase' as const,
        actor: 'system' as const,
        createdAt: now,
      })),
    );
  }
  return bought.map((row) => row.id);
}

/** The offers a completed checkout bought, for its notices. */
export async function offersOfCheckout(db: DbExecutor, checkoutId: string): Promise<string[]> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.checkoutId, checkoutId), eq(offers.state, 'purchased')));
  return rows.map((row) => row.id);
}
