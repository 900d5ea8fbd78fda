import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuctionsGetAllResponse,
  AuctionView,
  BidHistoryResponse,
  PlaceBidResponse,
} from '../../shared/contract/auctions.ts';
import type { ListingInput } from '../../shared/contract/listing-input.ts';
import { AUCTION_MESSAGES, type AuctionBidState, placeBid } from '../../shared/domain/auctions.ts';
import { AccountOption } from '../../shared/domain/user.ts';
import {
  adminAuditLog,
  alerts,
  auctionBidRequests,
  auctionBids,
  auctions,
  favorites,
  listings,
} from '../../src-server/db/schema.ts';
import { createMailer } from '../../src-server/mail/mailer.ts';
import { endDueAuctions, noticeEndingSoon } from '../../src-server/modules/auctions/ending.ts';
import { allMail, waitForMail } from './support/accounts.ts';
import {
  addListing as addListingOn,
  auctionInput,
  listAuction as listAuctionOn,
} from './support/auctions.ts';
import {
  type Account,
  account,
  checkoutBody,
  createOrdersTestApp,
  get,
  type OrdersTestApp,
  post,
  toAddress,
} from './support/orders.ts';
import { multipartForm } from './support/uploads.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/**
 * The server's clock: tests move it on. Noon UTC of the real day, since the listing form's contract
 * checks a scheduled start against the real clock as well as the server's.
 */
let now = new Date(Math.floor(Date.now() / DAY) * DAY + 12 * 60 * MINUTE);
/** A time as the auction e-mails write it. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

let t: OrdersTestApp;
let buyer: Account;
let otherBuyer: Account;
let seller: Account;
let otherSeller: Account;
let admin: Account;

beforeAll(async () => {
  t = await createOrdersTestApp(undefined, { clock: () => now });
  buyer = await account(t.db, 'buyer', { firstName: 'Barbara', state: 'TX' });
  otherBuyer = await account(t.db, 'buyer', { firstName: 'Oscar', state: 'TX' });
  seller = await account(t.db, 'seller');
  otherSeller = await account(t.db, 'seller');
  admin = await account(t.db, 'admin');
}, 60_000);
afterAll(() => t.close());

const addListing = (who: Account, input: ListingInput | Record<string, unknown>) =>
  addListingOn(t.app, who, input);
/** Lists an auction as `seller` (or `who`) and answers its listing id. */
const listAuction = (overrides: Partial<ListingInput> = {}, who: Account = seller) =>
  listAuctionOn(t.app, who, overrides);

const view = async (id: string, who: Account | null = null): Promise<AuctionView> => {
  const res = await get(t.app, `/api/auctions/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const bidRaw = (id: string, who: Account | null, maxBid: number, idempotencyKey: string = randomUUID()) =>
  post(t.app, `/api/auctions/${id}/bids`, who, { maxBid, idempotencyKey });
async function bid(id: string, who: Account, maxBid: number): Promise<PlaceBidResponse> {
  const res = await bidRaw(id, who, maxBid);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const history = async (id: string, who: Account | null = null): Promise<BidHistoryResponse> =>
  (await get(t.app, `/api/auctions/${id}/bids`, who)).json();

describe('listing an auction', () => {
  it('opens at the starting bid with its reserve hidden, buy now offered and its end by the server clock', async () => {
    const id = await listAuction({ auction: { reservePrice: 300, buyNowPrice: 400 } });
    const shown = await view(id);
    expect(shown).toMatchObject({
      phase: 'running',
      outcome: null,
      startingBid: 100,
      currentPrice: 100,
      minimumBid: 100,
      increment: 5,
      bidCount: 0,
      hasReserve: true,
      reserveMet: false,
      buyNowPrice: 400,
      softCloseMinutes: 2,
      myStanding: null,
      myMaxBid: null,
      serverNow: now.toISOString(),
      endsAt: new Date(now.getTime() + 7 * DAY).toISOString(),
    });
    // No value of the answer is the reserve (the listing's id, a random UUID, may contain its digits).
    expect(JSON.stringify({ ...shown, listingId: undefined })).not.toContain('300');
  });

  it.each([
    ['a duration auctions do not offer', { durationDays: 30 }, 'durationDays', AUCTION_MESSAGES.duration],
    ['more than one item', { quantity: 2 }, 'quantity', AUCTION_MESSAGES.quantity],
    ['offers', { acceptsOffers: true }, 'acceptsOffers', AUCTION_MESSAGES.noOffers],
    [
      'a reserve under the starting bid',
      { auction: { reservePrice: 50 } },
      'auction.reservePrice',
      AUCTION_MESSAGES.reserveBelowStart,
    ],
    [
      'a buy-now price under 10% over the starting bid',
      { auction: { buyNowPrice: 109.99 } },
      'auction.buyNowPrice',
      AUCTION_MESSAGES.buyNowBelowStart('$110.00'),
    ],
    [
      'a buy-now price under the reserve',
      { auction: { reservePrice: 300, buyNowPrice: 250 } },
      'auction.buyNowPrice',
      AUCTION_MESSAGES.buyNowBelowReserve,
    ],
    [
      'a scheduled start in the past',
      { auction: { startsAt: '2020-01-01T00:00:00Z' } },
      'auction.startsAt',
      AUCTION_MESSAGES.startInPast,
    ],
    [
      'auction terms on a fixed-price listing',
      { listingType: 0, durationDays: 30, auction: { reservePrice: 300 } },
      'auction',
      AUCTION_MESSAGES.termsOnlyForAuctions,
    ],
  ])('refuses %s with a message by the field', async (_name, overrides, field, message) => {
    const res = await addListing(seller, auctionInput(overrides as Partial<ListingInput>));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('takes no bids before a scheduled start', async () => {
    const startsAt = new Date(now.getTime() + DAY);
    const id = await listAuction({ auction: { startsAt: startsAt.toISOString() } });
    expect(await view(id)).toMatchObject({
      phase: 'scheduled',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 7 * DAY).toISOString(),
    });
    const res = await bidRaw(id, buyer, 150);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUCTION_MESSAGES.notStarted);
  });
});

describe('proxy bidding', () => {
  it('bids for each bidder up to their maximum, jumps to the reserve, and tells each where they stand', async () => {
    const id = await listAuction({ auction: { reservePrice: 300, buyNowPrice: 400 } });
    expect(await bid(id, buyer, 250)).toMatchObject({
      applied: true,
      auction: {
        currentPrice: 100,
        myStanding: 'leading',
        myMaxBid: 250,
        reserveMet: false,
        buyNowPrice: 400,
      },
    });
    // A lower maximum: the leader's proxy answers one increment over it.
    expect((await bid(id, otherBuyer, 200)).auction).toMatchObject({
      currentPrice: 205,
      myStanding: 'outbid',
      myMaxBid: null,
      minimumBid: 210,
    });
    // A higher maximum that meets the reserve: the price jumps to it; buy now goes.
    expect((await bid(id, otherBuyer, 400)).auction).toMatchObject({
      currentPrice: 300,
      myStanding: 'leading',
      reserveMet: true,
      buyNowPrice: null,
      bidCount: 5,
    });
    expect(await view(id, buyer)).toMatchObject({ myStanding: 'outbid', myMaxBid: null, currentPrice: 300 });
    expect(await view(id)).toMatchObject({ myStanding: null, myMaxBid: null });

    const { results, total } = await history(id, buyer);
    expect(total).toBe(5);
    expect(results.map((row) => [row.bidder, row.amount, row.automatic, row.mine])).toEqual([
      ['O***r (1)', 300, false, false],
      ['B***a (1)', 250, true, true],
      ['B***a (1)', 205, true, true],
      ['O***r (1)', 200, false, false],
      ['B***a (1)', 100, false, true],
    ]);
    // Searches and cards read the listing's price: it follows the auction's.
    const [row] = await t.db.select({ price: listings.price }).from(listings).where(eq(listings.id, id));
    expect(row?.price).toBe(300);
  });

  it('lets the leader raise their maximum without raising the price', async () => {
    const id = await listAuction();
    await bid(id, buyer, 150);
    await bid(id, otherBuyer, 120);
    expect((await bid(id, buyer, 500)).auction).toMatchObject({ currentPrice: 125, myMaxBid: 500 });
    const res = await bidRaw(id, buyer, 400);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.maxBid).toBe(AUCTION_MESSAGES.notAboveOwnMax('$500.00'));
  });

  it('refuses a bid under the minimum, on the own auction, from a frozen account and to a state the item cannot go', async () => {
    const id = await listAuction({ excludedShipToStates: ['CA'] });
    await bid(id, buyer, 150);
    const low = await bidRaw(id, otherBuyer, 100);
    expect(low.statusCode).toBe(400);
    expect(low.json().error.fields.maxBid).toBe(AUCTION_MESSAGES.bidTooLow('$105.00'));

    const own = await bidRaw(id, seller, 500);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(AUCTION_MESSAGES.ownItem);

    const frozen = await account(t.db, 'buyer', { accountOptions: AccountOption.FrozenForNonPayment });
    const refused = await bidRaw(id, frozen, 500);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(AUCTION_MESSAGES.frozen);

    const californian = await account(t.db, 'buyer', { state: 'CA' });
    const excluded = await bidRaw(id, californian, 500);
    expect(excluded.statusCode).toBe(403);
    expect(excluded.json().error.message).toMatch(/California/);
    expect((await view(id)).bidCount).toBe(1);
  });

  it('applies a retried bid once', async () => {
    const id = await listAuction();
    const key = randomUUID();
    const first = await bidRaw(id, buyer, 180, key);
    const retry = await bidRaw(id, buyer, 180, key);
    expect(first.json().applied).toBe(true);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ applied: false, auction: { bidCount: 1, currentPrice: 100 } });
  });

  it('applies a bid once when its retries arrive together with it', async () => {
    const id = await listAuction();
    await bid(id, otherBuyer, 120);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => bidRaw(id, buyer, 300, key)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((res) => res.json().applied === true)).toHaveLength(1);
    const requests = await t.db
      .select()
      .from(auctionBidRequests)
      .where(and(eq(auctionBidRequests.listingId, id), eq(auctionBidRequests.bidderId, buyer.id)));
    expect(requests).toHaveLength(1);
    expect(await view(id, buyer)).toMatchObject({ bidCount: 3, currentPrice: 125, myMaxBid: 300 });
  });

  it('applies bids sent at once one at a time: none lost, none counted twice, the standing as a replay in order gives', async () => {
    const id = await listAuction({ price: 10 });
    const bidders = await Promise.all(
      Array.from({ length: 40 }, () => account(t.db, 'buyer', { state: 'TX' })),
    );
    // Rising maximums: which are taken depends on the order they arrive in.
    const maxes = bidders.map((_, index) => 20 + index * 30);
    const answers = await Promise.all(bidders.map((who, index) => bidRaw(id, who, maxes[index]!)));
    expect(answers.every((res) => [200, 400].includes(res.statusCode))).toBe(true);
    const accepted = answers.filter((res) => res.statusCode === 200).length;

    const rows = await t.db
      .select({ seq: auctionBids.seq, automatic: auctionBids.automatic, bidderId: auctionBids.bidderId })
      .from(auctionBids)
      .where(eq(auctionBids.listingId, id))
      .orderBy(asc(auctionBids.seq));
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    // Each accepted bid is in the history once as the bidder's own bid.
    expect(rows.filter((row) => !row.automatic)).toHaveLength(accepted);

    // The highest maximum is taken whenever it comes (nothing can price past it) and leads.
    const shown = await view(id, bidders.at(-1)!);
    expect(shown.myStanding).toBe('leading');
    expect(shown.bidCount).toBe(rows.length);
    // Replaying the applied maximums one by one, in the order the auction applied them, gives its standing.
    const applied = await t.db
      .select({ bidderId: auctionBidRequests.bidderId, maxBid: auctionBidRequests.maxBid })
      .from(auctionBidRequests)
      .where(eq(auctionBidRequests.listingId, id))
      .orderBy(asc(auctionBidRequests.seq));
    expect(applied).toHaveLength(accepted);
    let replayed: AuctionBidState = {
      startingBidCents: 10_00,
      reserveCents: null,
      priceCents: 10_00,
      bidCount: 0,
      leader: null,
    };
    for (const request of applied) {
      const result = placeBid(replayed, request.bidderId, Math.round(request.maxBid * 100));
      expect(result.accepted).toBe(true);
      if (result.accepted) replayed = result.state;
    }
    expect(replayed.priceCents).toBe(Math.round(shown.currentPrice * 100));
    expect(replayed.bidCount).toBe(shown.bidCount);
    expect(replayed.leader?.bidderId).toBe(bidders.at(-1)!.id);
  });
});

describe('the bidding and selling lists', () => {
  it('lists a bidder’s auctions with their standing and a seller’s with bids and reserve, running first', async () => {
    const seller2 = await account(t.db, 'seller');
    const bidder = await account(t.db, 'buyer', { state: 'TX' });
    const rival = await account(t.db, 'buyer', { state: 'TX' });
    const soon = await listAuction(
      { title: 'Ends soon', durationDays: 1, auction: { reservePrice: 500 } },
      seller2,
    );
    const later = await listAuction({ title: 'Ends later', durationDays: 10 }, seller2);
    await bid(soon, bidder, 200);
    await bid(later, bidder, 150);
    await bid(later, rival, 300);
    const listAs = async (who: Account, role: 'bidder' | 'seller') => {
      const res = await post(t.app, '/api/auctions/getall', who, { role });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AuctionsGetAllResponse;
    };
    const asBidder = await listAs(bidder, 'bidder');
    expect(asBidder.total).toBe(2);
    expect(
      asBidder.results.map((row) => [
        row.listing.title,
        row.auction.myStanding,
        row.auction.currentPrice,
        row.reservePrice,
      ]),
    ).toEqual([
      ['Ends soon', 'leading', 100, null],
      ['Ends later', 'outbid', 155, null],
    ]);
    const asSeller = await listAs(seller2, 'seller');
    expect(
      asSeller.results.map((row) => [
        row.listing.title,
        row.auction.bidCount,
        row.auction.reserveMet,
        row.reservePrice,
      ]),
    ).toEqual([
      ['Ends soon', 1, false, 500],
      ['Ends later', 3, true, null],
    ]);
    expect((await listAs(rival, 'seller')).total).toBe(0);
  });

  it('puts a bidder’s won auctions to check out first, ahead of the running ones', async () => {
    const bidder = await account(t.db, 'buyer', { state: 'TX' });
    const running = await listAuction({ title: 'Still running', durationDays: 3 });
    const won = await listAuction({ title: 'Won, to pay', durationDays: 1 });
    await bid(running, bidder, 150);
    await bid(won, bidder, 150);
    const saved = now;
    try {
      now = new Date(now.getTime() + DAY + MINUTE);
      await endDueAuctions({ db: t.db, now: () => now });
      const res = await post(t.app, '/api/auctions/getall', bidder, { role: 'bidder' });
      const rows = (res.json() as AuctionsGetAllResponse).results;
      expect(
        rows.map((row) => [row.listing.title, row.auction.myStanding, row.auction.checkoutBy !== null]),
      ).toEqual([
        ['Won, to pay', 'won', true],
        ['Still running', 'leading', false],
      ]);
    } finally {
      now = saved;
    }
  });
});

describe('staff cancelling an auction', () => {
  it('ends it without a sale, takes the listing down, tells the seller and bidders why and logs it', async () => {
    const id = await listAuction({ title: 'Cancelled lot' });
    await bid(id, buyer, 150);
    const res = await post(t.app, `/api/auctions/${id}/cancel`, admin, {
      reason: 'The serial number was altered.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phase: 'ended', outcome: 'cancelled' });
    expect(await view(id, buyer)).toMatchObject({ phase: 'ended', outcome: 'cancelled', myStanding: 'lost' });
    const [listing] = await t.db
      .select({ active: listings.isActive })
      .from(listings)
      .where(eq(listings.id, id));
    expect(listing?.active).toBe(false);
    const told = await t.db
      .select({ userId: alerts.userId, text: alerts.message })
      .from(alerts)
      .where(eq(alerts.subject, `auction:${id}`));
    const why = 'Ironsight staff cancelled the auction “Cancelled lot”: The serial number was altered.';
    expect(
      told
        .filter((row) => row.text === why)
        .map((row) => row.userId)
        .sort(),
    ).toEqual([buyer.id, seller.id].sort());
    const [logged] = await t.db
      .select({ action: adminAuditLog.action, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'cancelAuction'));
    expect(logged?.after).toMatchObject({
      listingId: id,
      reason: 'The serial number was altered.',
      bidders: 1,
    });
    // Ended is ended: no bid, no second cancel, and the job leaves it cancelled.
    expect((await bidRaw(id, otherBuyer, 500)).statusCode).toBe(409);
    const again = await post(t.app, `/api/auctions/${id}/cancel`, admin, { reason: 'Twice.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(AUCTION_MESSAGES.alreadyEnded);
  });

  it('needs a reason', async () => {
    const res = await post(t.app, `/api/auctions/${await listAuction()}/cancel`, admin, { reason: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.reason).toBe('Say why the auction is cancelled.');
  });
});

describe('outbid notices', () => {
  it('tells the outbid bidder by alert and e-mail, once per auction in five minutes', async () => {
    const id = await listAuction({ title: 'Trijicon RMR outbid notice' });
    const outbid = await account(t.db, 'buyer', { firstName: 'Olive', state: 'TX' });
    await bid(id, outbid, 150);
    await bid(id, buyer, 300);
    const sentence = 'You have been outbid on “Trijicon RMR outbid notice”: the price is now $155.00.';
    // The outbox's decoding reads bytes, so the mail is matched on its plain ASCII parts.
    const mail = await waitForMail(
      t.outboxDir,
      (text) => text.includes('Subject: Outbid: Trijicon RMR outbid notice') && text.includes('$155.00'),
    );
    expect(mail).toContain('You have been outbid on');
    const noticesOf = () =>
      t.db
        .select({ text: alerts.message })
        .from(alerts)
        .where(and(eq(alerts.userId, outbid.id), eq(alerts.subject, `auction:${id}`)));
    await expect.poll(noticesOf).toEqual([{ text: sentence }]);

    // Outbid again within five minutes: no second notice.
    await bid(id, outbid, 400);
    await bid(id, buyer, 500);
    expect((await view(id, outbid)).myStanding).toBe('outbid');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await noticesOf()).toHaveLength(1);
    const toOlive = (text: string) => text.includes('Outbid: Trijicon RMR') && text.includes('Hi Olive,');
    expect((await allMail(t.outboxDir)).filter(toOlive)).toHaveLength(1);
  });
});

describe('outbid notices after other auction alerts', () => {
  it('still tells a bidder they were outbid right after the auction’s ending-soon alert', async () => {
    const title = 'Aimpoint ACRO watched and outbid';
    const id = await listAuction({ title, durationDays: 5 });
    const watcher = await account(t.db, 'buyer', { firstName: 'Wes', state: 'TX' });
    await t.db
      .insert(favorites)
      .values({ userId: watcher.id, listingId: id, priceWhenAdded: 100, quantityWhenAdded: 1 });
    await bid(id, watcher, 150);
    // The watcher hears it ends soon (an alert about the auction, dated now by the database) ...
    expect(
      await noticeEndingSoon({ db: t.db, now: () => new Date(now.getTime() + 5 * DAY - 30 * MINUTE) }),
    ).toBeGreaterThanOrEqual(1);
    // ... and is outbid a moment later: that notice is not held back by the other alert.
    await bid(id, buyer, 300);
    const outbid = () =>
      t.db
        .select({ text: alerts.message })
        .from(alerts)
        .where(
          and(
            eq(alerts.userId, watcher.id),
            eq(alerts.subject, `auction:${id}`),
            like(alerts.message, 'You have been outbid%'),
          ),
        );
    await expect
      .poll(outbid)
      .toEqual([{ text: `You have been outbid on “${title}”: the price is now $155.00.` }]);
    await waitForMail(
      t.outboxDir,
      (text) => text.includes(`Subject: Outbid: ${title}`) && text.includes('Hi Wes,'),
    );
  });
});

describe('soft close and the end', () => {
  it('moves the end to two minutes after a late bid, and takes no bid once it has ended', async () => {
    const id = await listAuction({ durationDays: 1 });
    const ends = new Date(now.getTime() + DAY);
    const saved = now;
    try {
      now = new Date(ends.getTime() - 30_000);
      expect((await bid(id, buyer, 150)).auction).toMatchObject({
        endsAt: new Date(now.getTime() + 2 * MINUTE).toISOString(),
        extensions: 1,
      });
      const [row] = await t.db
        .select({ end: listings.listingEndDate })
        .from(listings)
        .where(eq(listings.id, id));
      expect(row?.end?.toISOString()).toBe(new Date(now.getTime() + 2 * MINUTE).toISOString());

      now = new Date(now.getTime() + 3 * MINUTE);
      const late = await bidRaw(id, otherBuyer, 500);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(AUCTION_MESSAGES.ended);
      // Past its end, before the ending job: ended with the outcome it will have, not yet settled,
      // so its winner cannot check out yet.
      expect(await view(id, buyer)).toMatchObject({
        phase: 'ended',
        outcome: 'sold',
        myStanding: 'won',
        settled: false,
        checkoutBy: null,
      });
      expect(await view(id, otherBuyer)).toMatchObject({ phase: 'ended', myStanding: null });
    } finally {
      now = saved;
    }
  });
});

describe('a site’s own soft close window', () => {
  it('moves the end to its minutes after a bid within them, and says so', async () => {
    let clock = new Date('2026-12-01T12:00:00Z');
    const site = await createOrdersTestApp(undefined, {
      clock: () => clock,
      config: { auctionSoftCloseMinutes: 5 },
    });
    try {
      const sells = await account(site.db, 'seller');
      const bids = await account(site.db, 'buyer');
      const form = multipartForm({ request: JSON.stringify(auctionInput({ durationDays: 1 })) }, []);
      const added = await site.app.inject({
        method: 'POST',
        url: '/api/listings/add',
        headers: { ...form.headers, authorization: sells.authorization },
        payload: form.payload,
      });
      expect(added.statusCode, added.body).toBe(200);
      const id = added.json().id as string;
      clock = new Date(clock.getTime() + DAY - 4 * MINUTE);
      const res = await post(site.app, `/api/auctions/${id}/bids`, bids, {
        maxBid: 150,
        idempotencyKey: randomUUID(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().auction).toMatchObject({
        softCloseMinutes: 5,
        extensions: 1,
        endsAt: new Date(clock.getTime() + 5 * MINUTE).toISOString(),
      });
    } finally {
      await site.close();
    }
  });
});

describe('the ending job', () => {
  it('ends each due auction once, sold or unsold, and tells the winner, the other bidders and the seller', async () => {
    const sold = await listAuction({ auction: { reservePrice: 300 } });
    await bid(sold, buyer, 250);
    await bid(sold, otherBuyer, 400);
    const reserveNotMet = await listAuction({ auction: { reservePrice: 500 } });
    await bid(reserveNotMet, buyer, 250);
    const noBids = await listAuction();
    const saved = now;
    try {
      now = new Date(now.getTime() + 7 * DAY + MINUTE);
      // Two servers run the job at once: each auction is ended by one of them.
      const deps = { db: t.db, now: () => now };
      const [first, second] = await Promise.all([endDueAuctions(deps), endDueAuctions(deps)]);
      expect(first + second).toBeGreaterThanOrEqual(3);
      expect(await endDueAuctions(deps)).toBe(0);
      const outcomes = await t.db
        .select({ id: auctions.listingId, outcome: auctions.outcome, endedAt: auctions.endedAt })
        .from(auctions)
        .where(inArray(auctions.listingId, [sold, reserveNotMet, noBids]));
      expect(Object.fromEntries(outcomes.map((row) => [row.id, row.outcome]))).toEqual({
        [sold]: 'sold',
        [reserveNotMet]: 'unsold',
        [noBids]: 'unsold',
      });
      expect(await view(sold, otherBuyer)).toMatchObject({
        phase: 'ended',
        outcome: 'sold',
        settled: true,
        myStanding: 'won',
      });
      expect(await view(sold, buyer)).toMatchObject({ myStanding: 'lost' });

      const told = async (listingId: string) =>
        (
          await t.db
            .select({ userId: alerts.userId, text: alerts.message })
            .from(alerts)
            .where(eq(alerts.subject, `auction:${listingId}`))
        )
          // Outbid notices of the bidding are not the ending's.
          .filter((row) => !row.text.startsWith('You have been outbid'))
          .map((row) => [row.userId, row.text])
          .sort();
      expect(await told(sold)).toEqual(
        [
          [seller.id, 'Your auction “Leupold VX-3HD 4.5-14x40 scope” sold for $300.00.'],
          [otherBuyer.id, 'You won “Leupold VX-3HD 4.5-14x40 scope” at $300.00.'],
          [buyer.id, '“Leupold VX-3HD 4.5-14x40 scope” ended: another bidder won at $300.00.'],
        ].sort(),
      );
      expect(await told(reserveNotMet)).toHaveLength(2);
      expect(await told(noBids)).toEqual([
        [
          seller.id,
          'Your auction “Leupold VX-3HD 4.5-14x40 scope” ended without a sale. You can relist it from My listings.',
        ],
      ]);
    } finally {
      now = saved;
    }
  });
});

describe('the winner checks out', () => {
  it('only the winner, once the auction sold, at the final price, once, within five days', async () => {
    const id = await listAuction({ title: 'Won scope', durationDays: 1 });
    await bid(id, buyer, 250);
    await bid(id, otherBuyer, 200);
    const checkout = (who: Account) =>
      post(
        t.app,
        '/api/orders/checkout',
        who,
        checkoutBody([{ listingId: id, price: 205 }], [toAddress(seller.id)]),
      );
    // Running: nobody checks it out.
    expect((await checkout(buyer)).json().error.message).toBe(AUCTION_MESSAGES.notForCart);
    const saved = now;
    try {
      now = new Date(now.getTime() + DAY + MINUTE);
      const mailer = createMailer({ outboxDir: t.outboxDir, from: 'Ironsight <no-reply@example.com>' });
      const log = { error: () => undefined };
      await endDueAuctions({
        db: t.db,
        now: () => now,
        mailer,
        publicOrigin: 'https://ironsight.example',
        log,
      });
      const won = await waitForMail(t.outboxDir, (text) => text.includes('Subject: You won: Won scope'));
      expect(won).toContain('$205.00. Check out within 5 days');
      expect(won).toContain(`https://ironsight.example/${id}/`);
      expect(await view(id, buyer)).toMatchObject({
        outcome: 'sold',
        myStanding: 'won',
        checkoutBy: new Date(saved.getTime() + 6 * DAY).toISOString(),
      });
      expect((await view(id, otherBuyer)).checkoutBy).toBeNull();
      const loser = await checkout(otherBuyer);
      expect(loser.statusCode).toBe(409);
      expect(loser.json().error.message).toBe(AUCTION_MESSAGES.notForCart);

      const paid = await checkout(buyer);
      expect(paid.statusCode, paid.body).toBe(200);
      const [row] = await t.db
        .select({ orderId: auctions.orderId })
        .from(auctions)
        .where(eq(auctions.listingId, id));
      expect(row?.orderId).toBe(paid.json().orders[0].id);
      expect((await view(id, buyer)).checkoutBy).toBeNull();
      const again = await checkout(buyer);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(AUCTION_MESSAGES.alreadyPaid);
    } finally {
      now = saved;
    }
  });

  it('closes the winner’s checkout five days after the end', async () => {
    const id = await listAuction({ title: 'Unpaid scope', durationDays: 1 });
    await bid(id, buyer, 150);
    const saved = now;
    try {
      now = new Date(now.getTime() + 7 * DAY);
      await endDueAuctions({ db: t.db, now: () => now });
      const late = await post(
        t.app,
        '/api/orders/checkout',
        buyer,
        checkoutBody([{ listingId: id, price: 100 }], [toAddress(seller.id)]),
      );
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(AUCTION_MESSAGES.paymentClosed);
    } finally {
      now = saved;
    }
  });
});

describe('buy now', () => {
  const buyNow = (id: string, who: Account | null) => post(t.app, `/api/auctions/${id}/buy-now`, who, {});

  it('sells at the buy-now price at once: the auction ends, the buyer checks out within five days, everyone is told', async () => {
    const id = await listAuction({ title: 'Buy-now scope', auction: { buyNowPrice: 180 } });
    const res = await buyNow(id, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      phase: 'ended',
      outcome: 'sold',
      boughtNow: true,
      currentPrice: 180,
      buyNowPrice: null,
      myStanding: 'won',
      myMaxBid: null,
      checkoutBy: new Date(now.getTime() + 5 * DAY).toISOString(),
    });
    // Asked again by its buyer: the same answer; by anyone else: gone.
    expect((await buyNow(id, buyer)).json()).toMatchObject({ outcome: 'sold', boughtNow: true });
    const late = await buyNow(id, otherBuyer);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(AUCTION_MESSAGES.ended);
    expect((await bidRaw(id, otherBuyer, 500)).statusCode).toBe(409);
    const [listingRow] = await t.db.select().from(listings).where(eq(listings.id, id));
    expect(listingRow?.price).toBe(180);

    const texts = (
      await t.db
        .select()
        .from(alerts)
        .where(eq(alerts.subject, `auction:${id}`))
    ).map((alert) => alert.message);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Your auction “Buy-now scope” sold with buy now for $180.00. The buyer has 5 days to check out.',
        'You bought “Buy-now scope” with buy now for $180.00. Check out within 5 days.',
      ]),
    );

    const checkout = (who: Account) =>
      post(
        t.app,
        '/api/orders/checkout',
        who,
        checkoutBody([{ listingId: id, price: 180 }], [toAddress(seller.id)]),
      );
    expect((await checkout(otherBuyer)).json().error.message).toBe(AUCTION_MESSAGES.notForCart);
    const paid = await checkout(buyer);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().orders[0].total).toBeGreaterThanOrEqual(180);
  });

  it('stays offered while the reserve is not met, and goes with a bid that meets it', async () => {
    const id = await listAuction({ auction: { reservePrice: 300, buyNowPrice: 400 } });
    await bid(id, otherBuyer, 150);
    expect((await view(id)).buyNowPrice).toBe(400);
    await bid(id, otherBuyer, 320);
    expect((await view(id)).buyNowPrice).toBeNull();
    const gone = await buyNow(id, buyer);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.message).toBe(AUCTION_MESSAGES.buyNowGone);
  });

  it('tells the bidders of an auction bought with buy now before its reserve was met', async () => {
    const id = await listAuction({
      title: 'Reserve scope',
      auction: { reservePrice: 300, buyNowPrice: 400 },
    });
    await bid(id, otherBuyer, 150);
    expect((await buyNow(id, buyer)).statusCode).toBe(200);
    expect(await view(id, otherBuyer)).toMatchObject({
      outcome: 'sold',
      myStanding: 'lost',
      checkoutBy: null,
    });
    const [told] = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, otherBuyer.id), eq(alerts.subject, `auction:${id}`)))
      .orderBy(desc(alerts.createdAt))
      .limit(1);
    expect(told?.message).toBe('“Reserve scope” ended: another shopper bought it with buy now.');
  });

  it('is refused on an auction without buy now, on the own auction, and to a frozen account', async () => {
    const plain = await listAuction();
    expect((await buyNow(plain, buyer)).json().error.message).toBe(AUCTION_MESSAGES.buyNowGone);
    const offered = await listAuction({ auction: { buyNowPrice: 200 } });
    expect((await buyNow(offered, seller)).json().error.message).toBe(AUCTION_MESSAGES.ownItem);
    const frozen = await account(t.db, 'buyer', {
      state: 'TX',
      accountOptions: AccountOption.FrozenForNonPayment,
    });
    expect((await buyNow(offered, frozen)).json().error.message).toBe(AUCTION_MESSAGES.frozen);
    expect((await view(offered)).phase).toBe('running');
  });
});

describe('ending soon', () => {
  it('tells the shoppers who favorited a running auction, once, an hour before its end', async () => {
    const id = await listAuction({ title: 'Watched scope', durationDays: 1 });
    for (const who of [buyer, otherBuyer, seller]) {
      await t.db
        .insert(favorites)
        .values({ userId: who.id, listingId: id, priceWhenAdded: 100, quantityWhenAdded: 1 });
    }
    const told = async (who: Account) =>
      (
        await t.db
          .select()
          .from(alerts)
          .where(and(eq(alerts.userId, who.id), eq(alerts.subject, `auction:${id}`)))
      ).map((alert) => ({ message: alert.message, times: alert.times }));
    // Two hours before the end: not yet.
    expect(
      await noticeEndingSoon({ db: t.db, now: () => new Date(now.getTime() + DAY - 120 * MINUTE) }),
    ).toBe(0);
    expect(await told(buyer)).toEqual([]);
    const at = new Date(now.getTime() + DAY - 30 * MINUTE);
    expect(await noticeEndingSoon({ db: t.db, now: () => at })).toBeGreaterThanOrEqual(1);
    const expected = {
      message: '“Watched scope”, in your favorites, ends soon: at {ends}, now at $100.00.',
      times: { ends: new Date(now.getTime() + DAY).toISOString() },
    };
    expect(await told(buyer)).toEqual([expected]);
    expect(await told(otherBuyer)).toEqual([expected]);
    // Its seller is not told of their own auction, and nobody twice.
    expect(await told(seller)).toEqual([]);
    await noticeEndingSoon({ db: t.db, now: () => new Date(at.getTime() + MINUTE) });
    expect(await told(buyer)).toHaveLength(1);
  });
});

describe('ending soon by e-mail', () => {
  it('e-mails each watcher once, after the alert, with the end in UTC and a link to the auction', async () => {
    const title = 'Nightforce NX8 ending soon mail';
    const id = await listAuction({ title, durationDays: 3 });
    const watcher = await account(t.db, 'buyer', { firstName: 'Wanda', state: 'TX' });
    for (const who of [watcher, otherBuyer, seller]) {
      await t.db
        .insert(favorites)
        .values({ userId: who.id, listingId: id, priceWhenAdded: 100, quantityWhenAdded: 1 });
    }
    const ends = new Date(now.getTime() + 3 * DAY);
    const mailer = createMailer({ outboxDir: t.outboxDir, from: 'Ironsight <no-reply@example.com>' });
    const errors: unknown[] = [];
    const deps = (at: Date) => ({
      db: t.db,
      now: () => at,
      mailer,
      publicOrigin: 'https://ironsight.example',
      log: { error: (object: Record<string, unknown>) => void errors.push(object) },
    });
    const mailOf = async (firstName: string) =>
      (await allMail(t.outboxDir)).filter(
        (text) => text.includes(`Subject: Ending soon: ${title}`) && text.includes(`Hi ${firstName},`),
      );
    // Two hours before the end: neither alert nor e-mail.
    await noticeEndingSoon(deps(new Date(ends.getTime() - 120 * MINUTE)));
    expect(await mailOf('Wanda')).toEqual([]);

    // Two servers run the job at once, half an hour before the end: each watcher is told once.
    const at = new Date(ends.getTime() - 30 * MINUTE);
    await Promise.all([noticeEndingSoon(deps(at)), noticeEndingSoon(deps(at))]);
    const [mail] = await mailOf('Wanda');
    expect(mail).toContain(`in your favorites, ends soon: at ${utc(ends)}, now at $100.00.`);
    expect(mail).toContain(`https://ironsight.example/${id}/`);
    expect(mail).toContain('Remove it from your favorites to hear no more about it.');
    expect(await mailOf('Oscar')).toHaveLength(1);
    const [alert] = await t.db
      .select({ message: alerts.message })
      .from(alerts)
      .where(and(eq(alerts.userId, watcher.id), eq(alerts.subject, `auction:${id}`)));
    expect(alert?.message).toBe(`“${title}”, in your favorites, ends soon: at {ends}, now at $100.00.`);
    // Two e-mails in all: not its seller, who favorited it too; and nobody twice.
    const sent = async () =>
      (await allMail(t.outboxDir)).filter((text) => text.includes(`Subject: Ending soon: ${title}`));
    expect(await sent()).toHaveLength(2);
    await noticeEndingSoon(deps(new Date(at.getTime() + 10 * MINUTE)));
    expect(await sent()).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});

describe('second chance', () => {
  const offer = (id: string, who: Account | null) =>
    post(t.app, `/api/auctions/${id}/second-chance`, who, {});
  const sellerSummary = async (id: string) => {
    const res = await post(t.app, '/api/auctions/getall', seller, { role: 'seller', pageSize: 100 });
    return (res.json() as AuctionsGetAllResponse).results.find((row) => row.listing.id === id);
  };

  /** A one-day auction the buyer won at $205 over the other buyer's $200, ended; the clock `days` after its start. */
  async function unpaidAuction(title: string): Promise<string> {
    const id = await listAuction({ title, durationDays: 1 });
    await bid(id, buyer, 250);
    await bid(id, otherBuyer, 200);
    now = new Date(now.getTime() + DAY + MINUTE);
    await endDueAuctions({ db: t.db, now: () => now });
    return id;
  }

  it('offers an unpaid auction to the next bidder at their maximum, who checks out within five days', async () => {
    const saved = now;
    try {
      const id = await unpaidAuction('Second-chance scope');
      // The winner still has their five days.
      const early = await offer(id, seller);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toMatch(
        /^The winner has until \d{4}-\d\d-\d\d \d\d:\d\d UTC to check out\.$/,
      );
      expect((await sellerSummary(id))?.secondChance).toBeNull();

      now = new Date(now.getTime() + 5 * DAY);
      expect((await sellerSummary(id))?.secondChance).toBe('available');
      const res = await offer(id, seller);
      expect(res.statusCode, res.body).toBe(200);
      expect((await sellerSummary(id))?.secondChance).toBe('offered');
      expect(await view(id, otherBuyer)).toMatchObject({
        secondChanceOffer: 200,
        checkoutBy: new Date(now.getTime() + 5 * DAY).toISOString(),
      });
      expect(await view(id, buyer)).toMatchObject({ checkoutBy: null, secondChanceOffer: null });
      const [told] = await t.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.userId, otherBuyer.id), eq(alerts.subject, `auction:${id}`)))
        .orderBy(desc(alerts.createdAt))
        .limit(1);
      expect(told?.message).toBe(
        'The winner of “Second-chance scope” did not check out. The seller offers it to you at your maximum bid, $200.00: check out by {deadline}.',
      );
      expect(told?.times).toEqual({ deadline: new Date(now.getTime() + 5 * DAY).toISOString() });
      const mail = await waitForMail(t.outboxDir, (text) =>
        text.includes('Subject: Second chance: Second-chance scope'),
      );
      expect(mail).toContain('at your maximum bid, $200.00: check out by ');

      const again = await offer(id, seller);
      expect(again.json().error.message).toBe(AUCTION_MESSAGES.secondChanceUsed);
      const checkout = (who: Account, price: number) =>
        post(
          t.app,
          '/api/orders/checkout',
          who,
          checkoutBody([{ listingId: id, price }], [toAddress(seller.id)]),
        );
      expect((await checkout(buyer, 200)).json().error.message).toBe(AUCTION_MESSAGES.notForCart);
      const paid = await checkout(otherBuyer, 200);
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await view(id, otherBuyer)).secondChanceOffer).toBeNull();
      expect((await checkout(otherBuyer, 200)).json().error.message).toBe(AUCTION_MESSAGES.alreadyPaid);
    } finally {
      now = saved;
    }
  });

  it('is refused with no other bidder, on an unsold auction, and to anyone but its seller', async () => {
    const saved = now;
    try {
      const alone = await listAuction({ durationDays: 1 });
      await bid(alone, buyer, 150);
      const unsold = await listAuction({ durationDays: 1, auction: { reservePrice: 500 } });
      await bid(unsold, buyer, 150);
      now = new Date(now.getTime() + 7 * DAY);
      await endDueAuctions({ db: t.db, now: () => now });
      expect((await offer(alone, seller)).json().error.message).toBe(AUCTION_MESSAGES.secondChanceNoBidder);
      expect((await offer(unsold, seller)).json().error.message).toBe(AUCTION_MESSAGES.secondChanceNotSold);
      expect((await offer(alone, otherSeller)).statusCode).toBe(403);
      expect((await offer(alone, buyer)).statusCode).toBe(403);
      expect((await offer(alone, null)).statusCode).toBe(401);
    } finally {
      now = saved;
    }
  });
});

describe('what a seller may change', () => {
  it('changes an auction’s prices until its first bid, then neither its prices, nor ends it early', async () => {
    const id = await listAuction();
    const edited = await addListing(seller, auctionInput({ id, price: 120, auction: { reservePrice: 200 } }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await view(id)).toMatchObject({ startingBid: 120, currentPrice: 120, hasReserve: true });

    await bid(id, buyer, 150);
    const repriced = await addListing(
      seller,
      auctionInput({ id, price: 90, auction: { reservePrice: 200 } }),
    );
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json().error.message).toBe(AUCTION_MESSAGES.lockedTerms);
    // Terms left out of an edit stay as they are.
    const untouched = await addListing(seller, auctionInput({ id, price: 120 }));
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(await view(id)).toMatchObject({ hasReserve: true, currentPrice: 120 });
    // The same terms with a new title are fine, and the price stays the current bid.
    const retitled = await addListing(
      seller,
      auctionInput({ id, title: 'Leupold VX-3HD scope, boxed', price: 120, auction: { reservePrice: 200 } }),
    );
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json().price).toBe(120);

    const closed = await post(t.app, `/api/listings/close/${id}`, seller);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(AUCTION_MESSAGES.endWithBids);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/listings/delete/${id}`,
      headers: { authorization: seller.authorization },
    });
    expect(deleted.statusCode).toBe(409);
  });

  it('relists an auction that ended without a sale: it runs again from its starting bid, its bids cleared', async () => {
    const id = await listAuction({ title: 'Relisted lot', durationDays: 3, auction: { reservePrice: 400 } });
    await bid(id, buyer, 200);
    const saved = now;
    try {
      now = new Date(now.getTime() + 3 * DAY + MINUTE);
      await endDueAuctions({ db: t.db, now: () => now });
      expect((await view(id)).outcome).toBe('unsold');
      const relisted = await post(t.app, `/api/listings/relist/${id}`, seller);
      expect(relisted.statusCode, relisted.body).toBe(200);
      expect(await view(id, buyer)).toMatchObject({
        phase: 'running',
        outcome: null,
        bidCount: 0,
        currentPrice: 100,
        hasReserve: true,
        myStanding: null,
        endsAt: new Date(now.getTime() + 3 * DAY).toISOString(),
      });
      expect((await history(id)).total).toBe(0);
      expect((await bid(id, otherBuyer, 120)).auction.currentPrice).toBe(100);
    } finally {
      now = saved;
    }
  });

  it('keeps a listing an auction or not once listed', async () => {
    const id = await listAuction();
    const res = await addListing(seller, auctionInput({ id, listingType: 0, durationDays: 30 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUCTION_MESSAGES.noConversion);
  });

  it('is bought by bidding, never through the cart', async () => {
    const id = await listAuction();
    const res = await post(
      t.app,
      '/api/orders/checkout',
      buyer,
      checkoutBody([{ listingId: id, price: 100 }], [toAddress(seller.id)]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUCTION_MESSAGES.notForCart);
  });
});

type Caller = 'visitor' | 'buyer' | 'seller' | 'anotherSeller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'anotherSeller', 'admin'];

describe('auctions permission matrix', () => {
  const as = (caller: Caller): Account | null =>
    caller === 'visitor' ? null : { buyer, seller, anotherSeller: otherSeller, admin }[caller];

  /** Every auctions endpoint with the status each caller gets, on an auction of `seller`. */
  const MATRIX: Record<
    string,
    { call: (caller: Caller) => Promise<LightMyRequestResponse>; expected: Record<Caller, number> }
  > = {
    auctionsGet: {
      call: async (caller) => get(t.app, `/api/auctions/${await listAuction()}`, as(caller)),
      expected: { visitor: 200, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
    },
    auctionsBid: {
      call: async (caller) => bidRaw(await listAuction(), as(caller), 150),
      // The seller cannot bid on its own auction.
      expected: { visitor: 401, buyer: 200, seller: 403, anotherSeller: 200, admin: 200 },
    },
    auctionsCancel: {
      call: async (caller) =>
        post(t.app, `/api/auctions/${await listAuction()}/cancel`, as(caller), { reason: 'Test.' }),
      expected: { visitor: 401, buyer: 403, seller: 403, anotherSeller: 403, admin: 200 },
    },
    auctionsBuyNow: {
      call: async (caller) =>
        post(
          t.app,
          `/api/auctions/${await listAuction({ auction: { buyNowPrice: 200 } })}/buy-now`,
          as(caller),
          {},
        ),
      // The seller cannot buy its own auction.
      expected: { visitor: 401, buyer: 200, seller: 403, anotherSeller: 200, admin: 200 },
    },
    auctionsSecondChance: {
      call: async (caller) => {
        const saved = now;
        try {
          const id = await listAuction({ durationDays: 1 });
          await bid(id, buyer, 250);
          await bid(id, otherBuyer, 200);
          now = new Date(now.getTime() + 7 * DAY);
          await endDueAuctions({ db: t.db, now: () => now });
          return await post(t.app, `/api/auctions/${id}/second-chance`, as(caller), {});
        } finally {
          now = saved;
        }
      },
      // Its seller (and staff) only.
      expected: { visitor: 401, buyer: 403, seller: 200, anotherSeller: 403, admin: 200 },
    },
    auctionsGetAll: {
      call: async (caller) => post(t.app, '/api/auctions/getall', as(caller), { role: 'bidder' }),
      expected: { visitor: 401, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
    },
    auctionsBidHistory: {
      call: async (caller) => get(t.app, `/api/auctions/${await listAuction()}/bids`, as(caller)),
      expected: { visitor: 200, buyer: 200, seller: 200, anotherSeller: 200, admin: 200 },
    },
  };

  const cases = Object.entries(MATRIX).flatMap(([name, row]) =>
    CALLERS.map((caller) => [name, caller, row] as const),
  );
  it.each(cases)('%s as %s', async (_name, caller, row) => {
    const res = await row.call(caller);
    expect(res.statusCode, res.body).toBe(row.expected[caller]);
  });

  it('answers 404 for a listing that is not an auction', async () => {
    const fixed = await addListing(seller, auctionInput({ listingType: 0, durationDays: 30, quantity: 3 }));
    const id = fixed.json().id as string;
    for (const url of [`/api/auctions/${id}`, `/api/auctions/${id}/bids`]) {
      expect((await get(t.app, url, buyer)).statusCode).toBe(404);
    }
    expect((await bidRaw(id, buyer, 150)).statusCode).toBe(404);
  });
});
