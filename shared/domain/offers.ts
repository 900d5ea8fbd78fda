/**
 * Offers: a buyer proposes a price per item for a quantity of a listing whose seller takes offers;
 * the seller accepts, counters or declines; the buyer accepts or declines a counter. A pending offer
 * (made or countered) waits OFFER_ANSWER_HOURS for its answer, else it expires. An accepted offer
 * reserves its quantity and must be checked out at its price within OFFER_CHECKOUT_HOURS, else it
 * lapses and the reservation ends. One pure state machine for the server and the screens.
 *
 *   open ──accept (seller)──▶ accepted ──purchase──▶ purchased
 *     │ └─counter (seller)─▶ countered ──accept (buyer)──▶ accepted ──lapse (24 h)──▶ lapsed
 *     ├─decline (seller)──▶ declined      ├─decline (buyer)──▶ declined
 *     └─expire (48 h)─────▶ expired        └─expire (48 h)────▶ expired
 */

export const OfferState = {
  /** Made by the buyer; the seller answers. */
  Open: 'open',
  /** The seller proposed another price; the buyer answers. */
  Countered: 'countered',
  /** Agreed: the quantity is reserved for the buyer until checkout or the checkout deadline. */
  Accepted: 'accepted',
  Declined: 'declined',
  /** Not answered in time. */
  Expired: 'expired',
  /** Checked out at the agreed price. */
  Purchased: 'purchased',
  /** Accepted but not checked out in time: the reservation ended. */
  Lapsed: 'lapsed',
} as const;
export type OfferState = (typeof OfferState)[keyof typeof OfferState];
export const OFFER_STATES = Object.values(OfferState) as OfferState[];

/** States that hold the buyer's one live offer on a listing (the database enforces one at a time). */
export const LIVE_OFFER_STATES: readonly OfferState[] = ['open', 'countered', 'accepted'];
/** States waiting for an answer. */
export const PENDING_OFFER_STATES: readonly OfferState[] = ['open', 'countered'];

/** The answers a party gives (`POST /offers/respond/{id}`). */
export const OFFER_ACTIONS = ['accept', 'counter', 'decline'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** Every step an offer's history records. */
export const OFFER_EVENTS = ['make', 'accept', 'counter', 'decline', 'expire', 'purchase', 'lapse'] as const;
export type OfferEvent = (typeof OFFER_EVENTS)[number];

export type OfferParty = 'buyer' | 'seller';
export type OfferActor = OfferParty | 'system';

export const OFFER_ANSWER_HOURS = 48;
export const OFFER_CHECKOUT_HOURS = 24;
const HOUR_MS = 3_600_000;

/** state → event → the next state and who may cause it. A missing entry is a refused step. */
export const OFFER_TRANSITIONS: Readonly<
  Record<OfferState, Partial<Record<OfferEvent, { next: OfferState; by: OfferActor }>>>
> = {
  open: {
    accept: { next: 'accepted', by: 'seller' },
    counter: { next: 'countered', by: 'seller' },
    decline: { next: 'declined', by: 'seller' },
    expire: { next: 'expired', by: 'system' },
  },
  countered: {
    accept: { next: 'accepted', by: 'buyer' },
    decline: { next: 'declined', by: 'buyer' },
    expire: { next: 'expired', by: 'system' },
  },
  accepted: {
    purchase: { next: 'purchased', by: 'system' },
    lapse: { next: 'lapsed', by: 'system' },
  },
  declined: {},
  expired: {},
  purchased: {},
  lapsed: {},
};

export const OFFER_MESSAGES = {
  ownListing: 'You cannot make an offer on your own listing.',
  notAccepted: 'The seller does not take offers on this listing.',
  unavailable: 'This listing is no longer available.',
  alreadyOpen: 'You already have an open offer on this listing. Wait for its answer or let it expire.',
  amountRequired: 'Enter the price you offer per item.',
  amountAtPrice: 'Your offer must be below the asking price. To pay the asking price, use Buy now.',
  counterNotHigher: "A counter-offer must be above the buyer's offer. To take the offer, accept it.",
  insufficientStock: (left: number) =>
    left <= 0 ? 'No stock is left to offer on.' : `Only ${left} available to offer on.`,
  notEnoughToAccept: 'Not enough stock is left to accept this offer.',
  notFound: 'Offer not found.',
  adminCannotAnswer: 'Only the buyer or the seller can answer an offer.',
  sellerAnswers: 'The seller answers this offer.',
  buyerAnswers: 'The buyer answers your counter-offer.',
  buyerCannotCounter: 'A counter-offer cannot be countered: accept or decline it.',
  finished: (state: OfferState) =>
    `This offer is ${OFFER_STATE_LABELS[state]} and can no longer be answered.`,
  notForCheckout: 'This offer is not yours to check out.',
  checkoutClosed: (state: OfferState) =>
    state === 'lapsed'
      ? `This offer lapsed: it was not checked out within ${OFFER_CHECKOUT_HOURS} hours of acceptance.`
      : state === 'purchased'
        ? 'This offer was already checked out.'
        : 'This offer has not been accepted, so it cannot be checked out.',
  checkoutQuantity: (quantity: number) =>
    `An accepted offer is checked out for the quantity offered (${quantity}).`,
  checkoutBusy: 'This offer is already being paid for. Check your orders in a moment.',
} as const;

export const OFFER_STATE_LABELS: Readonly<Record<OfferState, string>> = {
  open: 'waiting for the seller',
  countered: 'countered, waiting for the buyer',
  accepted: 'accepted',
  declined: 'declined',
  expired: 'expired',
  purchased: 'purchased',
  lapsed: 'lapsed',
};

/** When the offer's current step ends: the answer deadline, the checkout deadline, or null when final. */
export function offerDeadline(state: OfferState, since: Date): Date | null {
  if (state === 'open' || state === 'countered')
    return new Date(since.getTime() + OFFER_ANSWER_HOURS * HOUR_MS);
  if (state === 'accepted') return new Date(since.getTime() + OFFER_CHECKOUT_HOURS * HOUR_MS);
  return null;
}

/** The time-driven step a live offer takes once its deadline has passed: expire (pending) or lapse (accepted). */
export function timeoutEvent(state: OfferState): 'expire' | 'lapse' | null {
  if (state === 'open' || state === 'countered') return 'expire';
  if (state === 'accepted') return 'lapse';
  return null;
}

/** The state an offer is in at `now`: a live offer past its deadline reads as expired or lapsed. */
export function effectiveOfferState(
  offer: { state: OfferState; deadline: Date | null; paying?: boolean },
  now: Date,
): OfferState {
  const event = timeoutEvent(offer.state);
  // An accepted offer whose checkout is being paid is settled by that checkout, not by the clock.
  if (!event || offer.paying || !offer.deadline || offer.deadline > now) return offer.state;
  return OFFER_TRANSITIONS[offer.state][event]?.next ?? offer.state;
}

/** Who answers next, or null when nobody does. */
export function awaitingParty(state: OfferState): OfferParty | null {
  if (state === 'open') return 'seller';
  if (state === 'countered') return 'buyer';
  return null;
}

export type OfferAnswerResult =
  | { ok: true; next: OfferState }
  | { ok: false; status: 403 | 409; message: string };

/**
 * Whether `party` may give `action` to an offer in `state` (already brought up to date with
 * `effectiveOfferState`). A finished offer answers 409; the wrong party 403.
 */
export function answerOffer(state: OfferState, party: OfferParty, action: OfferAction): OfferAnswerResult {
  const step = OFFER_TRANSITIONS[state][action];
  if (!step) {
    if (state === 'countered' && action === 'counter' && party === 'buyer')
      return { ok: false, status: 403, message: OFFER_MESSAGES.buyerCannotCounter };
    if (state === 'open' || state === 'countered') {
      return {
        ok: false,
        status: 403,
        message: state === 'open' ? OFFER_MESSAGES.sellerAnswers : OFFER_MESSAGES.buyerAnswers,
      };
    }
    return { ok: false, status: 409, message: OFFER_MESSAGES.finished(state) };
  }
  if (step.by !== party) {
    return {
      ok: false,
      status: 403,
      message: state === 'open' ? OFFER_MESSAGES.sellerAnswers : OFFER_MESSAGES.buyerAnswers,
    };
  }
  return { ok: true, next: step.next };
}

/** The facts of a listing an offer is checked against. */
export interface OfferListingFacts {
  sellerId: string;
  acceptsOffers: boolean;
  /** Offered now: active, not sold, not ended, seller able to take checkout payments. */
  offered: boolean;
  price: number;
  /** Units in stock less the units reserved by accepted offers. */
  available: number;
}

export type OfferCheck =
  | { ok: true }
  | { ok: false; status: 403 | 409 | 400; field?: string; message: string };

const cents = (dollars: number) => Math.round(dollars * 100);

/** Whether `buyerId` may offer `amount` per item for `quantity` of the listing. */
export function checkNewOffer(
  listing: OfferListingFacts,
  buyerId: string,
  amount: number,
  quantity: number,
): OfferCheck {
  if (listing.sellerId === buyerId) return { ok: false, status: 403, message: OFFER_MESSAGES.ownListing };
  if (!listing.offered) return { ok: false, status: 409, message: OFFER_MESSAGES.unavailable };
  if (!listing.acceptsOffers) return { ok: false, status: 409, message: OFFER_MESSAGES.notAccepted };
  if (cents(amount) <= 0)
    return { ok: false, status: 400, field: 'amount', message: OFFER_MESSAGES.amountRequired };
  if (cents(amount) >= cents(listing.price))
    return { ok: false, status: 400, field: 'amount', message: OFFER_MESSAGES.amountAtPrice };
  if (quantity > listing.available)
    return {
      ok: false,
      status: 409,
      field: 'quantity',
      message: OFFER_MESSAGES.insufficientStock(listing.available),
    };
  return { ok: true };
}

/** A counter-offer asks more than the buyer's offer (a lower one would simply be accepted). */
export function checkCounter(currentAmount: number, counterAmount: number): OfferCheck {
  if (cents(counterAmount) <= cents(currentAmount))
    return { ok: false, status: 400, field: 'amount', message: OFFER_MESSAGES.counterNotHigher };
  return { ok: true };
}

/** The offer's total before shipping: the price per item times the quantity. */
export function offerTotal(amount: number, quantity: number): number {
  return (cents(amount) * quantity) / 100;
}
