import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingInput } from '../../shared/contract/listing-input.ts';
import type { SearchRequest, SearchResponse } from '../../shared/contract/listing-search.ts';
import type { ListingCard } from '../../shared/contract/listing-shapes.ts';
import { toSearchCall } from '../../shared/contract/search-call.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { ListingType } from '../../shared/domain/listing.ts';
import { parseSearchParams } from '../../shared/search/search-url.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { endDueAuctions } from '../../src-server/modules/auctions/ending.ts';
import {
  type Account,
  account,
  createOrdersTestApp,
  get,
  type OrdersTestApp,
  post,
} from './support/orders.ts';
import { multipartForm } from './support/uploads.ts';

/**
 * The auctions in search: the ending-soonest order, the auction on every card, completed auctions
 * (the sold ones at their final price) and kept answers following bids. Searches read the
 * database's clock; the server's stays two days behind it, so its ending job never ends an auction
 * this file has not asked it to, and auctions listed before that have ended by the real time.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Every title carries it: a keyword search finds only this file's listings. */
const WORD = 'zzgavel';

const realNow = Date.now();
const SERVER_NOW = new Date(realNow - 2 * DAY);
let now = SERVER_NOW;

let t: OrdersTestApp;
let seller: Account;
let buyer: Account;
let otherBuyer: Account;
/** Listing ids by name. */
const ids: Record<string, string> = {};

function addListing(who: Account, input: ListingInput): Promise<string> {
  const form = multipartForm({ request: JSON.stringify(input) }, []);
  return t.app
    .inject({
      method: 'POST',
      url: '/api/listings/add',
      headers: { ...form.headers, authorization: who.authorization },
      payload: form.payload,
    })
    .then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as string;
    });
}

/** A scope auction of `days`, starting at $100, listed at the server's clock. */
const auction = (title: string, days: number, overrides: Partial<ListingInput> = {}) =>
  addListing(seller, {
    title: `${title} ${WORD} scope`,
    description: '<p>Clear glass.</p>',
    familyId: CategoryFamilyId.Optics,
    condition: 'Used',
    quantity: 1,
    price: 100,
    zipCode: '75201',
    listingType: ListingType.Auction,
    durationDays: days,
    ...overrides,
  });

async function bid(id: string, who: Account, maxBid: number): Promise<void> {
  const res = await post(t.app, `/api/auctions/${id}/bids`, who, { maxBid, idempotencyKey: randomUUID() });
  expect(res.statusCode, res.body).toBe(200);
}

async function search(body: SearchRequest): Promise<SearchResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/listings/search', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const titles = (cards: readonly ListingCard[]) => cards.map((card) => card.title.split(` ${WORD}`)[0]);
const cardOf = (answer: SearchResponse, id: string) => answer.results.find((card) => card.id === id);

beforeAll(async () => {
  t = await createOrdersTestApp(undefined, { clock: () => now });
  seller = await account(t.db, 'seller');
  buyer = await account(t.db, 'buyer', { state: 'TX' });
  otherBuyer = await account(t.db, 'buyer', { state: 'TX' });

  // Listed for a day, nearly three days ago: ended by the real clock, not yet by the server's.
  now = new Date(realNow - 2.9 * DAY);
  ids.soldEarlier = await auction('Sold earlier', 1);
  await bid(ids.soldEarlier, buyer, 180);
  await bid(ids.soldEarlier, otherBuyer, 150);
  ids.reserveNotMet = await auction('Reserve not met', 1, { auction: { reservePrice: 500 } });
  await bid(ids.reserveNotMet, buyer, 200);
  ids.noBids = await auction('No bids', 1);
  now = new Date(realNow - 2.8 * DAY);
  ids.soldLater = await auction('Sold later', 1);
  await bid(ids.soldLater, otherBuyer, 400);
  await bid(ids.soldLater, buyer, 250);

  // Running auctions (ending in 1, 3 and 8 days), a scheduled one and a fixed-price listing.
  now = SERVER_NOW;
  ids.lastToEnd = await auction('Last to end', 10);
  ids.firstToEnd = await auction('First to end', 3);
  ids.secondToEnd = await auction('Second to end', 5);
  // Opens tomorrow and ends the day after: before the second, but not running.
  ids.scheduled = await auction('Scheduled', 1, {
    auction: { startsAt: new Date(realNow + DAY).toISOString() },
  });
  ids.fixedPrice = await addListing(seller, {
    title: `Fixed price ${WORD} scope`,
    description: '<p>Clear glass.</p>',
    familyId: CategoryFamilyId.Optics,
    condition: 'Used',
    quantity: 1,
    price: 150,
    zipCode: '75201',
    listingType: ListingType.National,
    durationDays: 30,
  });
  await bid(ids.secondToEnd, buyer, 120);
  await bid(ids.secondToEnd, otherBuyer, 130);
}, 60_000);
afterAll(() => t.close());

describe('ending soonest', () => {
  it.each<[string, () => SearchRequest]>([
    ['a seller’s listings (the listings table)', () => ({ uid: seller.id })],
    ['a keyword (its keyword copy)', () => ({ keyword: WORD })],
  ])(
    '%s: running auctions first, soonest end first, then the other listings newest first',
    async (_name, filter) => {
      const answer = await search({ ...filter(), sort: 'ending-soonest' });
      expect(titles(answer.results)).toEqual([
        'First to end',
        'Second to end',
        'Last to end',
        // Not running yet: among the rest, its start (tomorrow) the newest.
        'Scheduled',
        'Fixed price',
      ]);
    },
  );

  it('is the URL’s sort=ending-soonest', () => {
    expect(toSearchCall(parseSearchParams('/search?sort=ending-soonest')).body.sort).toBe('ending-soonest');
  });
});

describe('auctions past their end', () => {
  it('leave the search at their end, before the ending job has settled them', async () => {
    const ended = [ids.soldEarlier!, ids.soldLater!, ids.reserveNotMet!, ids.noBids!];
    const [open] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from auctions where outcome is null and listing_id in (${sql.join(
        ended.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(open!.n).toBe(ended.length);
    const found = (await search({ keyword: WORD, pageSize: 50 })).results.map((card) => card.id);
    expect(found).toContain(ids.lastToEnd);
    for (const id of ended) expect(found).not.toContain(id);
  });
});

describe('listing type', () => {
  it('finds only the auctions with listingType auction, the others with national', async () => {
    const auctions = await search({ uid: seller.id, listingType: ListingType.Auction });
    expect(auctions.results.map((card) => card.listingType)).toEqual(Array(4).fill(ListingType.Auction));
    const fixed = await search({ uid: seller.id, listingType: ListingType.National });
    expect(titles(fixed.results)).toEqual(['Fixed price']);
  });
});

describe('cards', () => {
  it('carry an auction’s end, its bids and whether it sold; other listings carry none', async () => {
    const answer = await search({ uid: seller.id });
    const second = cardOf(answer, ids.secondToEnd!)!;
    expect(second.auction).toEqual({
      endsAt: new Date(SERVER_NOW.getTime() + 5 * DAY).toISOString(),
      bidCount: 3,
      sold: false,
    });
    expect(second.price).toBe(125);
    expect(cardOf(answer, ids.lastToEnd!)!.auction).toEqual({
      endsAt: new Date(SERVER_NOW.getTime() + 10 * DAY).toISOString(),
      bidCount: 0,
      sold: false,
    });
    expect(cardOf(answer, ids.fixedPrice!)!.auction).toBeNull();
  });

  it('carry it in the home lists, the basic fetch and the favorites too', async () => {
    const inAuction = { bidCount: 3, sold: false };
    const newThisWeek = await get(t.app, '/api/listings/newthisweek?limit=48', null);
    const listed = (newThisWeek.json().results as ListingCard[]).find((card) => card.id === ids.secondToEnd);
    expect(listed?.auction).toMatchObject(inAuction);

    const basic = await post(t.app, '/api/listings/get-basic', null, {
      filters: { listingIds: [ids.secondToEnd] },
    });
    expect(basic.json().results[0].auction).toMatchObject(inAuction);

    const added = await post(t.app, '/api/users/favorite-listings', buyer, { listingId: ids.secondToEnd });
    expect(added.statusCode, added.body).toBe(200);
    const favorites = (await get(t.app, '/api/users/favorite-listings', buyer)).json();
    const favorite = favorites.results.find(
      (entry: { searchResult: ListingCard }) => entry.searchResult.id === ids.secondToEnd,
    );
    expect(favorite.searchResult.auction).toMatchObject(inAuction);
  });
});

describe('a kept popular search', () => {
  it('shows a bid at once, even one that leaves the price where it was', async () => {
    const id = await auction('Kept answer', 7);
    const kept = async () => cardOf(await search({ keyword: WORD }), id)!;
    expect(await kept()).toMatchObject({ price: 100, auction: { bidCount: 0 } });
    // A write to the auction alone moves no catalogue version: the answer is kept.
    await t.db.execute(sql`update auctions set bid_count = 9 where listing_id = ${id}`);
    expect((await kept()).auction).toMatchObject({ bidCount: 0 });
    await t.db.execute(sql`update auctions set bid_count = 0 where listing_id = ${id}`);
    // The first bid leads at the starting bid, so the listing's price and end stay as they were;
    // the bid's statement on the listings moves the catalogue version all the same.
    await bid(id, buyer, 300);
    expect(await kept()).toMatchObject({ price: 100, auction: { bidCount: 1 } });
    await bid(id, otherBuyer, 200);
    expect(await kept()).toMatchObject({ price: 205, auction: { bidCount: 3 } });
  });
});

describe('completed auctions', () => {
  beforeAll(async () => {
    await endDueAuctions({ db: t.db, now: () => new Date(realNow) });
  });

  it('finds the sold auctions at their final price, latest sale first, and nothing on sale', async () => {
    const answer = await search({ completed: true, uid: seller.id });
    expect(titles(answer.results)).toEqual(['Sold later', 'Sold earlier']);
    expect(answer.total).toBe(2);
    expect(cardOf(answer, ids.soldLater!)).toMatchObject({
      price: 255,
      displayPrice: 255,
      auction: { endsAt: new Date(realNow - 1.8 * DAY).toISOString(), bidCount: 3, sold: true },
    });
    expect(cardOf(answer, ids.soldEarlier!)).toMatchObject({ price: 155, auction: { sold: true } });
    expect(answer.facets?.listingType).toEqual([{ value: ListingType.Auction, count: 2 }]);
  });

  it('applies the other filters and sorts: a keyword, a price range, price order', async () => {
    const completed = async (body: SearchRequest) =>
      titles((await search({ completed: true, ...body })).results);
    expect(await completed({ keyword: WORD })).toEqual(['Sold later', 'Sold earlier']);
    expect(await completed({ keyword: 'sold later' })).toEqual(['Sold later']);
    expect(await completed({ uid: seller.id, maxPrice: 200 })).toEqual(['Sold earlier']);
    expect(await completed({ uid: seller.id, sort: 'price-desc' })).toEqual(['Sold later', 'Sold earlier']);
    expect(await completed({ uid: seller.id, sort: 'price-asc' })).toEqual(['Sold earlier', 'Sold later']);
  });

  it('is the URL’s completed=true', async () => {
    const call = toSearchCall(parseSearchParams(`/search?keyword=${WORD}&completed=true`));
    expect(call.body).toMatchObject({ completed: true });
    expect(titles((await search(call.body)).results)).toEqual(['Sold later', 'Sold earlier']);
  });

  it('leaves the live search as it was: no ended auction in it', async () => {
    const live = (await search({ completed: false, uid: seller.id, pageSize: 50 })).results.map(
      (card) => card.id,
    );
    expect(live).not.toContain(ids.soldLater);
    expect(live).toContain(ids.lastToEnd);
  });
});
