import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuctionLiveEvent, auctionLiveEventSchema } from '../../shared/contract/auctions.ts';
import { endDueAuctions } from '../../src-server/modules/auctions/ending.ts';
import { AUCTION_STREAMS_PER_ADDRESS } from '../../src-server/modules/auctions/live.ts';
import { listAuction } from './support/auctions.ts';
import { type EventStreamReader, openEventStream } from './support/event-streams.ts';
import {
  createMessagesTestApp,
  type LiveStream,
  listenLocally,
  type MessagesTestApp,
  openLiveStream,
} from './support/messages.ts';
import { type Account, account, listing, post } from './support/orders.ts';

let t: MessagesTestApp;
let origin: string;
let second: FastifyInstance;
let secondOrigin: string;
let seller: Account;
let bidderA: Account;
let bidderB: Account;
let admin: Account;
const open: Array<{ close(): void }> = [];

beforeAll(async () => {
  t = await createMessagesTestApp();
  origin = await listenLocally(t.app);
  second = await t.secondInstance();
  secondOrigin = await listenLocally(second);
  seller = await account(t.db, 'seller');
  bidderA = await account(t.db, 'buyer', { firstName: 'Alma', state: 'TX' });
  bidderB = await account(t.db, 'buyer', { firstName: 'Boris', state: 'TX' });
  admin = await account(t.db, 'admin');
}, 60_000);
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

type AuctionStream = EventStreamReader<AuctionLiveEvent>;

async function watch(at: string, id: string, who: Account | null): Promise<AuctionStream> {
  const stream = await openEventStream(`${at}/api/auctions/${id}/live`, who, (data) =>
    auctionLiveEventSchema.parse(data),
  );
  open.push(stream);
  return stream;
}

async function follow(at: string, who: Account): Promise<LiveStream> {
  const stream = await openLiveStream(at, who);
  open.push(stream);
  return stream;
}

async function bid(id: string, who: Account, maxBid: number): Promise<void> {
  const res = await post(t.app, `/api/auctions/${id}/bids`, who, { maxBid, idempotencyKey: randomUUID() });
  expect(res.statusCode, res.body).toBe(200);
}

describe("an auction's live channel", () => {
  it('opens with the auction, and a bid on one server reaches watchers on another within a second', async () => {
    const id = await listAuction(t.app, seller);
    const visitor = await watch(secondOrigin, id, null);
    expect(visitor.status).toBe(200);
    const opened = await visitor.next(() => true);
    expect(opened.auction).toMatchObject({ listingId: id, bidCount: 0, currentPrice: 100, myStanding: null });

    const started = Date.now();
    await bid(id, bidderA, 150);
    const seen = await visitor.next((event) => event.auction.bidCount === 1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen.auction).toMatchObject({ currentPrice: 100, myStanding: null, myMaxBid: null });
  });

  it('tells each watcher their own standing: the leader sees it, the outbid see they were outbid', async () => {
    const id = await listAuction(t.app, seller);
    const alma = await watch(origin, id, bidderA);
    const boris = await watch(secondOrigin, id, bidderB);
    await alma.next(() => true);
    await boris.next(() => true);

    await bid(id, bidderA, 200);
    expect((await alma.next((event) => event.auction.bidCount === 1)).auction).toMatchObject({
      myStanding: 'leading',
      myMaxBid: 200,
    });
    // Boris has not bid: he sees the price, no standing, and never Alma's maximum.
    expect((await boris.next((event) => event.auction.bidCount === 1)).auction).toMatchObject({
      myStanding: null,
      myMaxBid: null,
    });

    await bid(id, bidderB, 300);
    const almaNow = await alma.next((event) => event.auction.bidCount >= 3);
    expect(almaNow.auction).toMatchObject({ myStanding: 'outbid', myMaxBid: null, currentPrice: 205 });
    const borisNow = await boris.next((event) => event.auction.myStanding === 'leading');
    expect(borisNow.auction).toMatchObject({ myMaxBid: 300, currentPrice: 205 });
  });

  it('an outbid bidder hears it on their account channel, on whichever server it is open', async () => {
    const id = await listAuction(t.app, seller, { title: 'Leupold Mark 5HD riflescope' });
    await bid(id, bidderA, 500);
    const almaAccount = await follow(secondOrigin, bidderA);
    await almaAccount.next((event) => event.type === 'unread');
    await bid(id, bidderB, 700);
    const event = await almaAccount.next((candidate) => candidate.type === 'outbid');
    expect(event).toMatchObject({
      type: 'outbid',
      auction: { listingId: id, title: 'Leupold Mark 5HD riflescope', price: 505 },
    });
    expect(event.type === 'outbid' && event.auction.url).toContain(id);
  });

  it('staff cancelling the auction ends it for its watchers', async () => {
    const id = await listAuction(t.app, seller);
    const visitor = await watch(origin, id, null);
    await visitor.next(() => true);
    const res = await post(t.app, `/api/auctions/${id}/cancel`, admin, { reason: 'Listed in error.' });
    expect(res.statusCode, res.body).toBe(200);
    const ended = await visitor.next((event) => event.auction.phase === 'ended');
    expect(ended.auction.outcome).toBe('cancelled');
  });

  it('the ending job ending the auction tells its watchers how it ended', async () => {
    const id = await listAuction(t.app, seller, { durationDays: 1 });
    await bid(id, bidderA, 120);
    const alma = await watch(secondOrigin, id, bidderA);
    await alma.next(() => true);
    // The job runs as if a day and a half had passed; watchers are told once it committed.
    expect(
      await endDueAuctions({ db: t.db, now: () => new Date(Date.now() + 36 * 3_600_000) }),
    ).toBeGreaterThan(0);
    const ended = await alma.next((event) => event.auction.phase === 'ended');
    expect(ended.auction).toMatchObject({ outcome: 'sold', myStanding: 'won' });
  });

  it('answers 404 for a listing that is not an auction, and for no listing at all', async () => {
    const plain = await listing(t.db, seller.id, { title: 'Range bag' });
    expect((await watch(origin, plain, null)).status).toBe(404);
    expect((await watch(origin, randomUUID(), null)).status).toBe(404);
  });

  it('is open to every caller: visitor, buyer, seller, another seller and admin', async () => {
    const id = await listAuction(t.app, seller);
    const otherSeller = await account(t.db, 'seller');
    for (const who of [null, bidderA, seller, otherSeller, admin]) {
      const stream = await watch(origin, id, who);
      expect(stream.status).toBe(200);
      await stream.next(() => true);
      stream.close();
    }
  });

  it(`holds at most ${AUCTION_STREAMS_PER_ADDRESS} streams from one address on a server`, async () => {
    const id = await listAuction(t.app, seller);
    const held: AuctionStream[] = [];
    // The earlier tests' streams from this address are closed first.
    for (const stream of open.splice(0)) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < AUCTION_STREAMS_PER_ADDRESS; i += 1) held.push(await watch(origin, id, null));
    expect(held.every((stream) => stream.status === 200)).toBe(true);
    expect((await watch(origin, id, null)).status).toBe(429);
    // The other server counts its own.
    expect((await watch(secondOrigin, id, null)).status).toBe(200);
    held[0]!.close();
    await held[0]!.ended;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await watch(origin, id, null)).status).toBe(200);
  });
});
