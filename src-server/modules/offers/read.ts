import { inArray, sql } from 'drizzle-orm';
import type { Offer } from '../../../shared/contract/offers.ts';
import { familyById } from '../../../shared/domain/category.ts';
import {
  awaitingParty,
  effectiveOfferState,
  offerTotal,
  timeoutEvent,
} from '../../../shared/domain/offers.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';
import { listings, offerEvents, offers, users } from '../../db/schema.ts';

const displayNameSql = sql<string>`coalesce(${users.sellerDisplayName}, ${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Offers by id, in the order given, with their listing, both parties' names and their history. A
 * live offer past its deadline at `now` reads as expired or lapsed even before the upkeep records it.
 */
export async function loadOffers(db: DbExecutor, ids: readonly string[], now: Date): Promise<Offer[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      offer: offers,
      listing: {
        title: listings.title,
        familyId: listings.familyId,
        thumbnailPicture: listings.thumbnailPicture,
        price: listings.price,
      },
    })
    .from(offers)
    .innerJoin(listings, sql`${listings.id} = ${offers.listingId}`)
    .where(inArray(offers.id, [...ids]));
  const events = await db
    .select()
    .from(offerEvents)
    .where(inArray(offerEvents.offerId, [...ids]))
    .orderBy(offerEvents.createdAt);
  const people = [...new Set(rows.flatMap((row) => [row.offer.buyerId, row.offer.sellerId]))];
  const names =
    people.length === 0
      ? []
      : await db.select({ id: users.id, name: displayNameSql }).from(users).where(inArray(users.id, people));
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const byId = new Map(rows.map((row) => [row.offer.id, row]));
  return ids.flatMap((id): Offer[] => {
    const row = byId.get(id);
    if (!row) return [];
    const { offer, listing } = row;
    const paying = offer.checkoutId !== null;
    const state = effectiveOfferState({ state: offer.state, deadline: offer.deadline, paying }, now);
    return [
      {
        id: offer.id,
        listing: {
          id: offer.listingId,
          title: listing.title,
          url: listingPath(offer.listingId, listing.title),
          family: familyById(listing.familyId)?.key ?? 'EverythingElse',
          thumbnailPicture: listing.thumbnailPicture,
          price: Number(listing.price),
        },
        buyer: { id: offer.buyerId, displayName: nameOf.get(offer.buyerId) ?? '' },
        seller: { id: offer.sellerId, displayName: nameOf.get(offer.sellerId) ?? '' },
        quantity: offer.quantity,
        amount: Number(offer.amount),
        total: offerTotal(Number(offer.amount), offer.quantity),
        state,
        awaiting: awaitingParty(state),
        // Only a live offer has a deadline ahead; an ended one shows none.
        deadline:
          state === offer.state && timeoutEvent(state) !== null && offer.deadline
            ? offer.deadline.toISOString()
            : null,
        orderId: offer.orderId,
        history: events
          .filter((event) => event.offerId === id)
          .map((event) => ({
            event: event.event,
            by: event.actor,
            amount: event.amount === null ? null : Number(event.amount),
            message: event.message,
            at: event.createdAt.toISOString(),
          })),
        createdAt: offer.createdAt.toISOString(),
        updatedAt: offer.updatedAt.toISOString(),
      },
    ];
  });
}

/**
 * The dashboard's offer figures: the buyer's live offers (open, countered or accepted, before their
 * deadline) and the seller's live offers on their listings.
 */
export async function liveOfferCounts(db: DbExecutor, userId: string, now: Date = new Date()) {
  const [row] = await queryRows<{ buying: number; selling: number }>(
    db,
    sql`select count(*) filter (where buyer_id = ${userId})::int as buying,
        count(*) filter (where seller_id = ${userId})::int as selling
      from offers
      where (buyer_id = ${userId} or seller_id = ${userId})
        and state in ('open', 'countered', 'accepted')
        and (deadline is null or deadline > ${now.toISOString()})`,
  );
  return { buying: row?.buying ?? 0, selling: row?.selling ?? 0 };
}
