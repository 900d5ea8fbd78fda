import { describe, expect, it } from 'vitest';
import {
  answerOffer,
  awaitingParty,
  checkCounter,
  checkNewOffer,
  effectiveOfferState,
  LIVE_OFFER_STATES,
  OFFER_MESSAGES,
  OFFER_STATES,
  OFFER_TRANSITIONS,
  type OfferListingFacts,
  offerDeadline,
  offerTotal,
  timeoutEvent,
} from './offers.ts';

const HOUR = 3_600_000;
const T0 = new Date('2025-03-01T12:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

describe('offer state machine', () => {
  it('walks made → countered → accepted → purchased', () => {
    expect(answerOffer('open', 'seller', 'counter')).toEqual({ ok: true, next: 'countered' });
    expect(answerOffer('countered', 'buyer', 'accept')).toEqual({ ok: true, next: 'accepted' });
    expect(OFFER_TRANSITIONS.accepted.purchase).toEqual({ next: 'purchased', by: 'system' });
  });

  it.each([
    ['open', 'seller', 'accept', 'accepted'],
    ['open', 'seller', 'decline', 'declined'],
    ['countered', 'buyer', 'decline', 'declined'],
  ] as const)('%s: the %s may %s (→ %s)', (state, party, action, next) => {
    expect(answerOffer(state, party, action)).toEqual({ ok: true, next });
  });

  it.each([
    ['open', 'buyer', 'accept', 403, OFFER_MESSAGES.sellerAnswers],
    ['open', 'buyer', 'counter', 403, OFFER_MESSAGES.sellerAnswers],
    ['countered', 'seller', 'accept', 403, OFFER_MESSAGES.buyerAnswers],
    ['countered', 'seller', 'counter', 403, OFFER_MESSAGES.buyerAnswers],
    ['countered', 'buyer', 'counter', 403, OFFER_MESSAGES.buyerCannotCounter],
    ['accepted', 'seller', 'decline', 409, OFFER_MESSAGES.finished('accepted')],
    ['expired', 'seller', 'accept', 409, OFFER_MESSAGES.finished('expired')],
    ['declined', 'buyer', 'accept', 409, OFFER_MESSAGES.finished('declined')],
    ['lapsed', 'buyer', 'accept', 409, OFFER_MESSAGES.finished('lapsed')],
  ] as const)('%s: the %s may not %s (%i)', (state, party, action, status, message) => {
    expect(answerOffer(state, party, action)).toEqual({ ok: false, status, message });
  });

  it('ends in declined, expired, purchased and lapsed', () => {
    const finals = OFFER_STATES.filter((state) => Object.keys(OFFER_TRANSITIONS[state]).length === 0);
    expect(finals).toEqual(['declined', 'expired', 'purchased', 'lapsed']);
    expect(LIVE_OFFER_STATES).toEqual(['open', 'countered', 'accepted']);
  });

  it('waits for the seller on an open offer and for the buyer on a counter', () => {
    expect(awaitingParty('open')).toBe('seller');
    expect(awaitingParty('countered')).toBe('buyer');
    expect(awaitingParty('accepted')).toBeNull();
  });
});

describe('offer deadlines', () => {
  it('gives 48 hours to answer and 24 hours to check out', () => {
    expect(offerDeadline('open', T0)).toEqual(at(48));
    expect(offerDeadline('countered', T0)).toEqual(at(48));
    expect(offerDeadline('accepted', T0)).toEqual(at(24));
    expect(offerDeadline('declined', T0)).toBeNull();
  });

  it('expires a pending offer and lapses an accepted one at the deadline, not before', () => {
    expect(timeoutEvent('open')).toBe('expire');
    expect(timeoutEvent('accepted')).toBe('lapse');
    expect(timeoutEvent('purchased')).toBeNull();
    const open = { state: 'open' as const, deadline: at(48) };
    expect(effectiveOfferState(open, at(47.99))).toBe('open');
    expect(effectiveOfferState(open, at(48))).toBe('expired');
    const countered = { state: 'countered' as const, deadline: at(48) };
    expect(effectiveOfferState(countered, at(49))).toBe('expired');
    const accepted = { state: 'accepted' as const, deadline: at(24) };
    expect(effectiveOfferState(accepted, at(23))).toBe('accepted');
    expect(effectiveOfferState(accepted, at(24))).toBe('lapsed');
  });

  it('leaves an accepted offer being paid to its checkout', () => {
    expect(effectiveOfferState({ state: 'accepted', deadline: at(24), paying: true }, at(30))).toBe(
      'accepted',
    );
  });

  it('leaves final offers as they are', () => {
    expect(effectiveOfferState({ state: 'declined', deadline: null }, at(100))).toBe('declined');
  });
});

describe('making an offer', () => {
  const listing: OfferListingFacts = {
    sellerId: 'seller',
    acceptsOffers: true,
    offered: true,
    price: 500,
    available: 2,
  };

  it('takes an offer below the price for the stock available', () => {
    expect(checkNewOffer(listing, 'buyer', 450, 2)).toEqual({ ok: true });
  });

  it.each([
    ['on their own listing', { ...listing, sellerId: 'buyer' }, 450, 1, 403, OFFER_MESSAGES.ownListing],
    [
      'on a listing that takes no offers',
      { ...listing, acceptsOffers: false },
      450,
      1,
      409,
      OFFER_MESSAGES.notAccepted,
    ],
    [
      'on a listing no longer offered',
      { ...listing, offered: false },
      450,
      1,
      409,
      OFFER_MESSAGES.unavailable,
    ],
    ['at the asking price', listing, 500, 1, 400, OFFER_MESSAGES.amountAtPrice],
    ['of nothing', listing, 0, 1, 400, OFFER_MESSAGES.amountRequired],
    [
      'for more than is available',
      { ...listing, available: 1 },
      450,
      2,
      409,
      OFFER_MESSAGES.insufficientStock(1),
    ],
  ])('refuses an offer %s', (_case, facts, amount, quantity, status, message) => {
    expect(checkNewOffer(facts, 'buyer', amount, quantity)).toMatchObject({ ok: false, status, message });
  });

  it('takes a counter only above the offer', () => {
    expect(checkCounter(450, 475)).toEqual({ ok: true });
    expect(checkCounter(450, 450)).toMatchObject({ ok: false, message: OFFER_MESSAGES.counterNotHigher });
  });

  it('totals the price per item times the quantity, in cents', () => {
    expect(offerTotal(19.99, 3)).toBe(59.97);
  });
});
