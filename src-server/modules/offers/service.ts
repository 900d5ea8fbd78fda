import { and, count, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Offer, OffersGetAllResponse, RespondOfferRequest } from '../../../shared/contract/offers.ts';
import {
  answerOffer,
  checkCounter,
  checkNewOffer,
  effectiveOfferState,
  LIVE_OFFER_STATES,
  OFFER_MESSAGES,
  type OfferEvent,
  type OfferParty,
  type OfferState,
  offerDeadline,
} from '../../../shared/domain/offers.ts';
import { listingAvailability, loadCartListings } from '../../core/cart.ts';
import { reservedQuantities } from '../../core/reservations.ts';
import type { Database } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import { listings, offerEvents, offers } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { notifyOfferParties } from './notify.ts';
import { loadOffers } from './read.ts';

export interface OffersDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  log: { error(object: Record<string, unknown>, message: string): void };
  now?: () => Date;
}

const nowOf = (deps: OffersDeps) => deps.now?.() ?? new Date();

function refusal(status: 400 | 403 | 409, message: string, field?: string): AppError {
  if (status === 400) return badRequest(message, field ? { [field]: message } : undefined);
  if (status === 403) return forbidden(message);
  return new AppError(409, 'conflict', message, field ? { fields: { [field]: message } } : undefined);
}

// ---------------------------------------------------------------------------------------------
// Expiry and lapse
// ---------------------------------------------------------------------------------------------

/**
 * Records every live offer whose deadline has passed as expired (pending) or lapsed (accepted),
 * with its history step, and notifies both sides. One UPDATE … RETURNING takes the rows, so when
 * two server instances (or a read and the job) run it at once, each offer is settled, and noticed,
 * by exactly one of them. An accepted offer whose checkout is paying is left to that checkout.
 * `party`: only that user's offers (the lazy pass before a read).
 */
export async function settleDueOffers(deps: OffersDeps, party?: string): Promise<number> {
  const now = nowOf(deps);
  const settled = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(offers)
      .set({
        state: sql`case when ${offers.state} = 'accepted' then 'lapsed' else 'expired' end`,
        updatedAt: now,
      })
      .where(
        and(
          inArray(offers.state, [...LIVE_OFFER_STATES]),
          lte(offers.deadline, now),
          isNull(offers.checkoutId),
          party ? or(eq(offers.buyerId, party), eq(offers.sellerId, party)) : undefined,
        ),
      )
      .returning({ id: offers.id, state: offers.state, deadline: offers.deadline });
    if (rows.length > 0) {
      await tx.insert(offerEvents).values(
        rows.map((row) => ({
          offerId: row.id,
          event: (row.state === 'lapsed' ? 'lapse' : 'expire') as OfferEvent,
          actor: 'system' as const,
          // The step happened at the deadline, whenever it is recorded.
          createdAt: row.deadline ?? now,
        })),
      );
    }
    return rows;
  });
  await notifyOfferParties(
    deps,
    'expire',
    settled.filter((row) => row.state === 'expired').map((row) => row.id),
  );
  await notifyOfferParties(
    deps,
    'lapse',
    settled.filter((row) => row.state === 'lapsed').map((row) => row.id),
  );
  return settled.length;
}

// ---------------------------------------------------------------------------------------------
// Make
// ---------------------------------------------------------------------------------------------

export async function makeOffer(
  deps: OffersDeps,
  auth: AuthContext,
  body: { listingId: string; amount: number; quantity: number; message?: string | undefined },
): Promise<Offer> {
  // A stale live offer of this buyer on this listing must not hold the one-offer slot.
  await settleDueOffers(deps, auth.userId);
  const now = nowOf(deps);
  const id = await deps.db.transaction(async (tx) => {
    // The listing row is locked so the stock and its reservations hold still while this offer is checked.
    const listing = (await loadCartListings(tx, [body.listingId], true)).get(body.listingId);
    if (!listing) throw notFound('Listing not found.');
    const [row] = await tx
      .select({ acceptsOffers: listings.acceptsOffers })
      .from(listings)
      .where(eq(listings.id, body.listingId));
    const block = listingAvailability(listing, auth.userId, now);
    const reserved = (await reservedQuantities(tx, [listing.id], now)).get(listing.id) ?? 0;
    const check = checkNewOffer(
      {
        sellerId: listing.userId,
        acceptsOffers: row?.acceptsOffers ?? false,
        offered: block === null || block.rule === 'ownListing',
        price: listing.price,
        available: Math.max(0, listing.quantity - reserved),
      },
      auth.userId,
      body.amount,
      body.quantity,
    );
    if (!check.ok) throw refusal(check.status, check.message, check.field);
    const [created] = await tx
      .insert(offers)
      .values({
        listingId: listing.id,
        buyerId: auth.userId,
        sellerId: listing.userId,
        quantity: body.quantity,
        amount: body.amount,
        state: 'open',
        deadline: offerDeadline('open', now),
        createdAt: now,
        updatedAt: now,
      })
      // The partial unique index keeps one live offer per buyer and listing, even under races.
      .onConflictDoNothing()
      .returning({ id: offers.id });
    if (!created) throw conflict(OFFER_MESSAGES.alreadyOpen);
    await tx.insert(offerEvents).values({
      offerId: created.id,
      event: 'make',
      actor: 'buyer',
      amount: body.amount,
      message: body.message?.trim() || null,
      createdAt: now,
    });
    return created.id;
  });
  await notifyOfferParties(deps, 'make', [id]);
  return offerFor(deps, id);
}

async function offerFor(deps: OffersDeps, id: string): Promise<Offer> {
  const [offer] = await loadOffers(deps.db, [id], nowOf(deps));
  if (!offer) throw notFound(OFFER_MESSAGES.notFound);
  return offer;
}

// ---------------------------------------------------------------------------------------------
// Respond
// ---------------------------------------------------------------------------------------------

type OfferRow = typeof offers.$inferSelect;

/** The caller's side of an offer; an admin may read but not answer (403); anyone else gets 404. */
function sideOf(row: Pick<OfferRow, 'buyerId' | 'sellerId'>, auth: AuthContext): OfferParty {
  if (row.sellerId === auth.userId) return 'seller';
  if (row.buyerId === auth.userId) return 'buyer';
  if (auth.isAdmin) throw forbidden(OFFER_MESSAGES.adminCannotAnswer);
  throw notFound(OFFER_MESSAGES.notFound);
}

/**
 * One answer, in one transaction: the listing and then the offer are locked (checkout locks in the
 * same order), the offer brought up to date with the clock, the caller's side and the state machine
 * consulted. Accepting checks the stock not held by other accepted offers and starts the 24-hour
 * checkout window; countering starts a new 48-hour answer window.
 */
export async function respondToOffer(
  deps: OffersDeps,
  auth: AuthContext,
  id: string,
  body: RespondOfferRequest,
): Promise<Offer> {
  const [peek] = await deps.db
    .select({ listingId: offers.listingId, buyerId: offers.buyerId, sellerId: offers.sellerId })
    .from(offers)
    .where(eq(offers.id, id));
  if (!peek) throw notFound(OFFER_MESSAGES.notFound);
  sideOf(peek, auth);
  // An offer past its deadline is recorded as expired or lapsed (and noticed) before it is answered.
  await settleDueOffers(deps, auth.userId);
  const now = nowOf(deps);
  const event = await deps.db.transaction(async (tx): Promise<OfferEvent> => {
    const listing = (await loadCartListings(tx, [peek.listingId], true)).get(peek.listingId);
    const [row] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
    if (!row) throw notFound(OFFER_MESSAGES.notFound);
    const side = sideOf(row, auth);
    const state = effectiveOfferState(
      { state: row.state, deadline: row.deadline, paying: row.checkoutId !== null },
      now,
    );
    // Reached its deadline since the settling pass above: the next read records it.
    if (state !== row.state) throw conflict(OFFER_MESSAGES.finished(state));
    const answer = answerOffer(state, side, body.action);
    if (!answer.ok) throw refusal(answer.status, answer.message);
    const message = body.message?.trim() || null;
    const set: Partial<typeof offers.$inferInsert> = {
      state: answer.next,
      deadline: offerDeadline(answer.next, now),
      updatedAt: now,
    };
    if (body.action === 'counter') {
      const check = checkCounter(row.amount, body.amount);
      if (!check.ok) throw refusal(check.status, check.message, check.field);
      set.amount = body.amount;
    }
    if (body.action === 'accept') {
      const offered = listing && listingAvailability(listing, row.buyerId, now) === null;
      if (!offered) throw conflict(OFFER_MESSAGES.unavailable);
      const reserved = (await reservedQuantities(tx, [row.listingId], now, [row.id])).get(row.listingId) ?? 0;
      if (listing.quantity - reserved < row.quantity) throw conflict(OFFER_MESSAGES.notEnoughToAccept);
    }
    await tx.update(offers).set(set).where(eq(offers.id, id));
    await tx.insert(offerEvents).values({
      offerId: id,
      event: body.action,
      actor: side,
      amount: body.action === 'counter' ? body.amount : null,
      message,
      createdAt: now,
    });
    return body.action;
  });
  await notifyOfferParties(deps, event, [id]);
  return offerFor(deps, id);
}

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

/** The caller's offers as buyer or seller, newest first; offers past their deadline are settled first. */
export async function listOffers(
  deps: OffersDeps,
  auth: AuthContext,
  body: {
    role: 'buyer' | 'seller';
    states?: OfferState[] | undefined;
    listingId?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<OffersGetAllResponse> {
  await settleDueOffers(deps, auth.userId);
  const conditions: SQL[] = [
    body.role === 'buyer' ? eq(offers.buyerId, auth.userId) : eq(offers.sellerId, auth.userId),
  ];
  if (body.states && body.states.length > 0) conditions.push(inArray(offers.state, body.states));
  if (body.listingId) conditions.push(eq(offers.listingId, body.listingId));
  const where = and(...conditions);
  const found = await pagedRead(body, {
    count: () => deps.db.select({ total: count() }).from(offers).where(where),
    rows: ({ limit, offset }) =>
      deps.db
        .select({ id: offers.id })
        .from(offers)
        .where(where)
        .orderBy(desc(offers.createdAt), desc(offers.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    ...found,
    results: await loadOffers(
      deps.db,
      found.results.map((row) => row.id),
      nowOf(deps),
    ),
  };
}
