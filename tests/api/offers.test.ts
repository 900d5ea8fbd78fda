import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../shared/contract/offers.ts';
import type { CheckoutItem, CheckoutRequest } from '../../shared/contract/orders.ts';
import { alertListResponseSchema } from '../../shared/contract/users.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { OFFER_MESSAGES } from '../../shared/domain/offers.ts';
import { listings, offerEvents, offers } from '../../src-server/db/schema.ts';
import type { MailMessage } from '../../src-server/mail/mailer.ts';
import { type OffersDeps, settleDueOffers } from '../../src-server/modules/offers/service.ts';
import { allMail } from './support/accounts.ts';
import {
  type Account,
  account,
  CARD,
  checkoutBody,
  createOrdersTestApp,
  get,
  listing,
  type OrdersTestApp,
  post,
  toAddress,
} from './support/orders.ts';

const HOUR = 3_600_000;
/** The server's clock: each test moves it on as it needs. */
let now = new Date();
const advance = (hours: number) => {
  now = new Date(now.getTime() + hours * HOUR);
};

let t: OrdersTestApp;
let buyer: Account;
let otherBuyer: Account;
let seller: Account;
let otherSeller: Account;
let admin: Account;

beforeAll(async () => {
  t = await createOrdersTestApp(undefined, { clock: () => now });
  buyer = await account(t.db, 'buyer');
  otherBuyer = await account(t.db, 'buyer');
  seller = await account(t.db, 'seller');
  otherSeller = await account(t.db, 'seller');
  admin = await account(t.db, 'admin');
});
afterAll(() => t.close());

/** A $500 optic (no dealer needed) whose seller takes offers, 3 in stock by default. */
const offerListing = (overrides: Partial<typeof listings.$inferInsert> = {}) =>
  listing(t.db, seller.id, {
    familyId: CategoryFamilyId.Optics,
    title: 'Vortex Razor HD 1-6x24',
    acceptsOffers: true,
    quantity: 3,
    ...overrides,
  });

async function make(who: Account | null, listingId: string, amount = 400, quantity = 1, message?: string) {
  return post(t.app, '/api/offers/make', who, {
    listingId,
    amount,
    quantity,
    ...(message ? { message } : {}),
  });
}

async function madeOffer(listingId: string, amount = 400, quantity = 1): Promise<Offer> {
  const res = await make(buyer, listingId, amount, quantity);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json();
}

const respond = (who: Account | null, id: string, body: object) =>
  post(t.app, `/api/offers/respond/${id}`, who, body);

async function listAs(who: Account, role: 'buyer' | 'seller', extra: object = {}): Promise<Offer[]> {
  const res = await post(t.app, '/api/offers/getall', who, { role, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

/** Checks out one of the listing at its asking price ($500), shipped to an address. */
const buyAtListPrice = (who: Account, listingId: string) =>
  post(t.app, '/api/orders/checkout', who, checkoutBody([{ listingId }], [toAddress(seller.id)]));

/** Checks out these cart lines (offer ids and all), shipped to an address. */
const checkoutLines = (who: Account, items: CheckoutItem[], overrides: Partial<CheckoutRequest> = {}) =>
  post(t.app, '/api/orders/checkout', who, checkoutBody([], [toAddress(seller.id)], { items, ...overrides }));

const stockOf = async (id: string) =>
  (await t.db.select({ quantity: listings.quantity }).from(listings).where(eq(listings.id, id)))[0]?.quantity;

/** The stock a listing's page shows: the seller's quantity and what shoppers may buy of it. */
async function shownStock(id: string) {
  const res = await post(t.app, '/api/listings/get', null, { filters: { listingIds: [id] } });
  const [shown] = res.json().results as { quantity: number; available: number }[];
  return { quantity: shown?.quantity, available: shown?.available };
}

const depsFor = (sent: MailMessage[]): OffersDeps => ({
  db: t.db,
  mailer: { send: async (message) => void sent.push(message) },
  publicOrigin: 'http://ironsight.test',
  log: { error: () => {} },
  now: () => now,
});

describe('an offer from making to checkout', () => {
  it('made by the buyer, countered by the seller, accepted by the buyer, checked out at the counter price', async () => {
    const id = await offerListing();
    const made = await make(buyer, id, 400, 2, 'Would you take $400 each for two?');
    expect(made.statusCode, made.body).toBe(200);
    const offer: Offer = made.json();
    expect(offer).toMatchObject({
      state: 'open',
      awaiting: 'seller',
      amount: 400,
      quantity: 2,
      total: 800,
      buyer: { id: buyer.id },
      seller: { id: seller.id },
      listing: { id, title: 'Vortex Razor HD 1-6x24', price: 500 },
      deadline: new Date(now.getTime() + 48 * HOUR).toISOString(),
    });

    advance(1);
    const countered = await respond(seller, offer.id, {
      action: 'counter',
      amount: 450,
      message: '$450 each.',
    });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({
      state: 'countered',
      awaiting: 'buyer',
      amount: 450,
      total: 900,
    });

    advance(1);
    const accepted = await respond(buyer, offer.id, { action: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: 'accepted',
      awaiting: null,
      amount: 450,
      deadline: new Date(now.getTime() + 24 * HOUR).toISOString(),
    });

    // The quote and the checkout take the offer's price; anything else is a changed price.
    const quote = await post(t.app, '/api/orders/quote', buyer, {
      items: [{ listingId: id, quantity: 2, price: 450, offerId: offer.id }],
    });
    expect(quote.json()).toMatchObject({ canCheckout: true, total: 925 });
    const atListPrice = await checkoutLines(buyer, [{ listingId: id, quantity: 2, price: 500 }]);
    expect(atListPrice.statusCode).toBe(409);

    advance(2);
    const paid = await checkoutLines(buyer, [{ listingId: id, quantity: 2, price: 450, offerId: offer.id }]);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json().orders[0];
    expect(order).toMatchObject({ subtotal: 900, shipping: 25, total: 925 });
    expect(order.items[0]).toMatchObject({ price: 450, quantity: 2 });
    expect(await stockOf(id)).toBe(1);

    const [bought] = await listAs(buyer, 'buyer', { listingId: id });
    expect(bought).toMatchObject({ state: 'purchased', orderId: order.id, deadline: null });
    expect(bought?.history.map((step) => [step.event, step.by, step.amount, step.message])).toEqual([
      ['make', 'buyer', 400, 'Would you take $400 each for two?'],
      ['counter', 'seller', 450, '$450 each.'],
      ['accept', 'buyer', null, null],
      ['purchase', 'system', null, null],
    ]);
    // The seller sees the same offer and history.
    expect((await listAs(seller, 'seller', { listingId: id }))[0]?.history).toHaveLength(4);

    // Both sides were told at every step.
    const mail = (await allMail(t.outboxDir)).filter((text) => text.includes('Vortex Razor HD 1-6x24'));
    for (const subject of [
      'New offer on',
      'Your offer on',
      'Counter-offer on',
      'Your counter-offer on',
      'Offer accepted on',
      'Offer checked out on',
    ]) {
      expect(
        mail.some((text) => text.includes(`Subject: ${subject}`)),
        subject,
      ).toBe(true);
    }
    expect(mail.filter((text) => text.includes('Subject: Offer accepted on'))).toHaveLength(2);
    expect(mail.filter((text) => text.includes('Subject: Offer checked out on'))).toHaveLength(2);
  });

  it('puts each step on both dashboards as an alert that links to that side of the offers', async () => {
    const id = await offerListing({ title: 'Leupold VX-6HD 1-6x24' });
    const made = await make(buyer, id, 420);
    expect(made.statusCode, made.body).toBe(200);
    const alertsOf = async (who: Account) => {
      const res = await get(t.app, '/api/users/getUserAlerts', who);
      expect(res.statusCode, res.body).toBe(200);
      return alertListResponseSchema
        .parse(res.json())
        .results.filter((alert) => alert.message.includes('Leupold VX-6HD 1-6x24'));
    };
    const [toSeller] = await alertsOf(seller);
    expect(toSeller?.message).toMatch(/^New offer on Leupold VX-6HD 1-6x24\. .+ offers \$420\.00 per item/);
    expect(toSeller?.linkUrl).toBe('/dashboard/selling/offers');
    const [toBuyer] = await alertsOf(buyer);
    expect(toBuyer?.message).toMatch(/^Your offer on Leupold VX-6HD 1-6x24 was sent\./);
    expect(toBuyer?.linkUrl).toBe('/dashboard/buying/offers');
    expect(await alertsOf(otherBuyer)).toEqual([]);
  });

  it('holds the accepted quantity: nobody else can buy it, and the buyer cannot buy it twice', async () => {
    const id = await offerListing({ quantity: 2 });
    const offer = await madeOffer(id, 420, 2);
    expect((await respond(seller, offer.id, { action: 'accept' })).statusCode).toBe(200);
    const quote = await post(t.app, '/api/orders/quote', otherBuyer, {
      items: [{ listingId: id, quantity: 1, price: 500 }],
    });
    expect(quote.json().groups[0].items[0]).toMatchObject({ available: 0, blocked: { rule: 'outOfStock' } });
    const other = await buyAtListPrice(otherBuyer, id);
    expect(other.statusCode).toBe(409);
    // Another offer on the held stock cannot be made either.
    expect((await make(otherBuyer, id, 400, 1)).json().error.message).toBe(
      OFFER_MESSAGES.insufficientStock(0),
    );

    // The listing tells shoppers what they may buy; the seller's stock is unchanged.
    expect(await shownStock(id)).toEqual({ quantity: 2, available: 0 });

    const items = [{ listingId: id, quantity: 2, price: 420, offerId: offer.id }];
    const wrongQuantity = await checkoutLines(buyer, [{ ...items[0]!, quantity: 1 }]);
    expect(wrongQuantity.json().items[0].message).toBe(OFFER_MESSAGES.checkoutQuantity(2));
    const notHers = await checkoutLines(otherBuyer, items);
    expect(notHers.json().items[0].message).toBe(OFFER_MESSAGES.notForCheckout);

    expect((await checkoutLines(buyer, items)).statusCode).toBe(200);
    const again = await checkoutLines(buyer, items);
    expect(again.statusCode).toBe(409);
    expect(again.json().items[0].message).toBe(OFFER_MESSAGES.checkoutClosed('purchased'));
    expect(await stockOf(id)).toBe(0);
  });

  it('shows shoppers the units an accepted offer does not hold, until its checkout takes them', async () => {
    const id = await offerListing({ quantity: 3 });
    const offer = await madeOffer(id, 420, 2);
    expect(await shownStock(id)).toEqual({ quantity: 3, available: 3 });
    expect((await respond(seller, offer.id, { action: 'accept' })).statusCode).toBe(200);
    expect(await shownStock(id)).toEqual({ quantity: 3, available: 1 });
    const items = [{ listingId: id, quantity: 2, price: 420, offerId: offer.id }];
    expect((await checkoutLines(buyer, items)).statusCode).toBe(200);
    expect(await shownStock(id)).toEqual({ quantity: 1, available: 1 });
  });

  it('keeps the offer and its hold when the card is declined', async () => {
    const id = await offerListing({ quantity: 1 });
    const offer = await madeOffer(id, 300, 1);
    await respond(seller, offer.id, { action: 'accept' });
    const items = [{ listingId: id, quantity: 1, price: 300, offerId: offer.id }];
    const declined = await checkoutLines(buyer, items, {
      payment: { ...CARD, cardNumber: '4000000000000002' },
    });
    expect(declined.statusCode).toBe(402);
    expect((await listAs(buyer, 'buyer', { listingId: id }))[0]?.state).toBe('accepted');
    expect(await stockOf(id)).toBe(1);
    const other = await buyAtListPrice(otherBuyer, id);
    expect(other.statusCode).toBe(409);
    const retry = await checkoutLines(buyer, items);
    expect(retry.statusCode, retry.body).toBe(200);
  });
});

describe('deadlines', () => {
  it('expires an unanswered offer after 48 hours, as soon as anyone reads it', async () => {
    const id = await offerListing();
    const offer = await madeOffer(id);
    advance(47.9);
    expect((await listAs(seller, 'seller', { listingId: id }))[0]?.state).toBe('open');
    advance(0.1);
    const [expired] = await listAs(seller, 'seller', { listingId: id });
    expect(expired).toMatchObject({ state: 'expired', awaiting: null, deadline: null });
    expect(expired?.history.at(-1)).toMatchObject({ event: 'expire', by: 'system' });
    const late = await respond(seller, offer.id, { action: 'accept' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(OFFER_MESSAGES.finished('expired'));
    // The buyer may offer again.
    expect((await make(buyer, id)).statusCode).toBe(200);
  });

  it('expires a counter-offer the buyer leaves unanswered for 48 hours', async () => {
    const id = await offerListing();
    const offer = await madeOffer(id);
    advance(40);
    await respond(seller, offer.id, { action: 'counter', amount: 450 });
    advance(47);
    expect((await respond(buyer, offer.id, { action: 'accept' })).statusCode).toBe(200);

    const id2 = await offerListing();
    const offer2 = await madeOffer(id2);
    await respond(seller, offer2.id, { action: 'counter', amount: 450 });
    advance(48);
    const late = await respond(buyer, offer2.id, { action: 'accept' });
    expect(late.statusCode).toBe(409);
    expect((await listAs(buyer, 'buyer', { listingId: id2 }))[0]?.state).toBe('expired');
  });

  it('lapses an accepted offer not checked out within 24 hours and releases the stock', async () => {
    const id = await offerListing({ quantity: 1 });
    const offer = await madeOffer(id, 350, 1);
    await respond(seller, offer.id, { action: 'accept' });
    advance(23.9);
    const blocked = await buyAtListPrice(otherBuyer, id);
    expect(blocked.statusCode).toBe(409);
    advance(0.1);
    const items = [{ listingId: id, quantity: 1, price: 350, offerId: offer.id }];
    const late = await checkoutLines(buyer, items);
    expect(late.statusCode).toBe(409);
    expect(late.json().items[0].message).toBe(OFFER_MESSAGES.checkoutClosed('lapsed'));
    // The stock is for sale again, even before the upkeep has recorded the lapse.
    const sold = await buyAtListPrice(otherBuyer, id);
    expect(sold.statusCode, sold.body).toBe(200);
    const [lapsed] = await listAs(buyer, 'buyer', { listingId: id });
    expect(lapsed).toMatchObject({ state: 'lapsed', deadline: null });
    expect(lapsed?.history.map((step) => step.event)).toEqual(['make', 'accept', 'lapse']);
  });

  it('the upkeep settles each offer once, with one notice per side, when two instances run together', async () => {
    const id = await offerListing();
    const offer = await madeOffer(id);
    advance(49);
    const sentA: MailMessage[] = [];
    const sentB: MailMessage[] = [];
    const [a, b] = await Promise.all([settleDueOffers(depsFor(sentA)), settleDueOffers(depsFor(sentB))]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const events = await t.db
      .select()
      .from(offerEvents)
      .where(and(eq(offerEvents.offerId, offer.id), eq(offerEvents.event, 'expire')));
    expect(events).toHaveLength(1);
    const notices = [...sentA, ...sentB].filter((message) => message.text.includes(`/${id}/`));
    expect(notices.map((message) => message.subject)).toEqual([
      'Offer expired on Vortex Razor HD 1-6x24',
      'Offer expired on Vortex Razor HD 1-6x24',
    ]);
    // A second run finds nothing left to do for it.
    const sentC: MailMessage[] = [];
    await settleDueOffers(depsFor(sentC));
    expect(sentC.filter((message) => message.text.includes(`/${id}/`))).toEqual([]);
  });
});

describe('one open offer per buyer and listing', () => {
  it('refuses a second open offer, also when sent at once, and allows a new one after a decline', async () => {
    const id = await offerListing();
    const results = await Promise.all([1, 2, 3, 4].map(() => make(buyer, id)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(results.find((res) => res.statusCode === 409)?.json().error.message).toBe(
      OFFER_MESSAGES.alreadyOpen,
    );
    const [open] = await listAs(buyer, 'buyer', { listingId: id });
    // Another buyer may still offer.
    expect((await make(otherBuyer, id)).statusCode).toBe(200);
    await respond(seller, open!.id, { action: 'decline', message: 'Too low.' });
    expect((await make(buyer, id, 420)).statusCode).toBe(200);
  });

  it('is enforced by the database itself', async () => {
    const id = await offerListing();
    const offer = await madeOffer(id);
    await expect(
      t.db.insert(offers).values({
        listingId: id,
        buyerId: buyer.id,
        sellerId: seller.id,
        quantity: 1,
        amount: 300,
        state: 'countered',
        deadline: now,
      }),
    ).rejects.toThrow();
    expect(offer.state).toBe('open');
  });
});

describe('what an offer may be', () => {
  it('refuses offers on the own listing, on a listing without offers, at the price and beyond the stock', async () => {
    const id = await offerListing({ quantity: 2 });
    const own = await make(seller, id);
    expect([own.statusCode, own.json().error.message]).toEqual([403, OFFER_MESSAGES.ownListing]);
    const noOffers = await make(buyer, await offerListing({ acceptsOffers: false }));
    expect([noOffers.statusCode, noOffers.json().error.message]).toEqual([409, OFFER_MESSAGES.notAccepted]);
    const atPrice = await make(buyer, id, 500);
    expect([atPrice.statusCode, atPrice.json().error.fields.amount]).toEqual([
      400,
      OFFER_MESSAGES.amountAtPrice,
    ]);
    const tooMany = await make(buyer, id, 400, 3);
    expect([tooMany.statusCode, tooMany.json().error.message]).toEqual([
      409,
      OFFER_MESSAGES.insufficientStock(2),
    ]);
    const closed = await make(buyer, await offerListing({ isActive: false }));
    expect(closed.statusCode).toBe(409);
    const unknown = await make(buyer, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const invalid = await post(t.app, '/api/offers/make', buyer, { listingId: id, amount: -5, quantity: 0 });
    expect(invalid.statusCode).toBe(400);
  });

  it('takes answers only from the side whose turn it is, and a counter only above the offer', async () => {
    const id = await offerListing();
    const offer = await madeOffer(id, 400);
    const buyerAccepts = await respond(buyer, offer.id, { action: 'accept' });
    expect([buyerAccepts.statusCode, buyerAccepts.json().error.message]).toEqual([
      403,
      OFFER_MESSAGES.sellerAnswers,
    ]);
    const low = await respond(seller, offer.id, { action: 'counter', amount: 390 });
    expect([low.statusCode, low.json().error.fields.amount]).toEqual([400, OFFER_MESSAGES.counterNotHigher]);
    await respond(seller, offer.id, { action: 'counter', amount: 460 });
    const sellerAccepts = await respond(seller, offer.id, { action: 'accept' });
    expect([sellerAccepts.statusCode, sellerAccepts.json().error.message]).toEqual([
      403,
      OFFER_MESSAGES.buyerAnswers,
    ]);
    const buyerCounters = await respond(buyer, offer.id, { action: 'counter', amount: 470 });
    expect(buyerCounters.statusCode).toBe(403);
    expect((await respond(buyer, offer.id, { action: 'decline' })).json().state).toBe('declined');
    const after = await respond(seller, offer.id, { action: 'accept' });
    expect([after.statusCode, after.json().error.message]).toEqual([
      409,
      OFFER_MESSAGES.finished('declined'),
    ]);
  });

  it('cannot accept when the stock is held by another accepted offer', async () => {
    const id = await offerListing({ quantity: 1 });
    const first = await madeOffer(id, 400, 1);
    const second = (await make(otherBuyer, id, 410, 1)).json() as Offer;
    expect((await respond(seller, second.id, { action: 'accept' })).statusCode).toBe(200);
    const res = await respond(seller, first.id, { action: 'accept' });
    expect([res.statusCode, res.json().error.message]).toEqual([409, OFFER_MESSAGES.notEnoughToAccept]);
  });
});

describe('who sees and answers an offer', () => {
  it('hides an offer from everyone but its buyer and seller', async () => {
    const id = await offerListing();
    const offer = await madeOffer(id);
    for (const stranger of [otherBuyer, otherSeller]) {
      const res = await respond(stranger, offer.id, { action: 'decline' });
      expect([res.statusCode, res.json().error.message]).toEqual([404, OFFER_MESSAGES.notFound]);
      for (const role of ['buyer', 'seller'] as const) {
        expect((await listAs(stranger, role)).some((found) => found.id === offer.id)).toBe(false);
      }
    }
    const byAdmin = await respond(admin, offer.id, { action: 'accept' });
    expect([byAdmin.statusCode, byAdmin.json().error.message]).toEqual([
      403,
      OFFER_MESSAGES.adminCannotAnswer,
    ]);
    const unknown = await respond(seller, '00000000-0000-4000-8000-000000000000', { action: 'accept' });
    expect(unknown.statusCode).toBe(404);
    expect((await listAs(buyer, 'buyer')).some((found) => found.id === offer.id)).toBe(true);
    expect((await listAs(buyer, 'seller')).some((found) => found.id === offer.id)).toBe(false);
  });
});

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherSeller', 'admin'];

describe('offers permission matrix', () => {
  const as = (caller: Caller): Account | null =>
    caller === 'visitor' ? null : { buyer, seller, anotherSeller: otherSeller, admin }[caller];

  /** Every offers endpoint with the status each caller gets, written out by hand. */
  const MATRIX: Record<
    string,
    {
      call: (caller: Caller) => Promise<{ statusCode: number; body: string }>;
      expected: Record<Caller, number>;
    }
  > = {
    offersMake: {
      call: async (caller) => make(as(caller), await offerListing()),
      // The seller cannot offer on its own listing.
      expected: { visitor: 401, buyer: 200, seller: 403, anotherSeller: 200, admin: 200 },
    },
    offersRespond: {
      call: async (caller) =>
        respond(as(caller), (await madeOffer(await offerListing())).id, { action: 'accept' }),
      // The buyer waits for the seller's answer; a stranger learns nothing; an admin may not answer.
      expected: { visitor: 401, buyer: 403, seller: 200, anotherSeller: 404, admin: 403 },
    },
    offersGetAll: {
      call: async (caller) => post(t.app, '/api/offers/getall', as(caller), { role: 'seller' }),
      expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
    },
  };

  const cases = Object.entries(MATRIX).flatMap(([name, row]) =>
    CALLERS.map((caller) => [name, caller, row] as const),
  );
  it.each(cases)('%s as %s', async (_name, caller, row) => {
    const res = await row.call(caller);
    expect(res.statusCode, res.body).toBe(row.expected[caller]);
  });
});
