import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionView } from '../../shared/contract/auctions.ts';
import type { DistributorFeed } from '../../shared/contract/distributor-feeds.ts';
import type { BulkUpload } from '../../shared/contract/inventory.ts';
import type { InventoryBatchResponse, InventoryOutcome } from '../../shared/contract/seller-api.ts';
import { AUCTION_MESSAGES } from '../../shared/domain/auctions.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { INVENTORY_COLUMNS, type InventoryColumn } from '../../shared/domain/inventory-columns.ts';
import { ListingType } from '../../shared/domain/listing.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { type AccountsTestApp, authed, createAccountsTestApp, tokenOf } from './support/accounts.ts';
import { accessTokenOf, createCredential } from './support/seller-api.ts';
import { multipartForm } from './support/uploads.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: AccountsTestApp;
let sellerToken: string;
let buyerToken: string;
let apiToken: string;

beforeAll(async () => {
  t = await createAccountsTestApp();
  sellerToken = await tokenOf(t.app, 'seller');
  buyerToken = await tokenOf(t.app, 'buyer');
  apiToken = await accessTokenOf(t.app, await createCredential(t.app, sellerToken));
}, 60_000);
afterAll(() => t?.close());

type Row = Partial<Record<InventoryColumn, string>>;

/** A used rifle scope sold by auction for 5 days from $100, with these cells. */
const auctionRow = (stock: string, overrides: Row = {}): Row => ({
  stock_number: stock,
  title: `Leupold VX-3HD 4.5-14x40 ${stock}`,
  category: 'Optics',
  manufacturer: 'Leupold',
  condition: 'Used',
  price: '100',
  quantity: '1',
  description: 'Clear glass, original box.',
  listing_type: 'Auction',
  duration_days: '5',
  ...overrides,
});

const quoted = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvOf = (rows: readonly Row[]) =>
  Buffer.from(
    [
      INVENTORY_COLUMNS.join(','),
      ...rows.map((row) => INVENTORY_COLUMNS.map((column) => quoted(row[column] ?? '')).join(',')),
    ].join('\n'),
  );

/** Uploads a file as the seller, waits for it to be processed and answers its history entry. */
async function uploadAndWait(rows: readonly Row[]): Promise<BulkUpload> {
  const form = multipartForm({}, [
    { field: 'formFiles', filename: 'auctions.csv', contentType: 'text/csv', data: csvOf(rows) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/process-bulkuploads',
    payload: form.payload,
    headers: { ...form.headers, ...authed(sellerToken) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [queued] = res.json().results as BulkUpload[];
  await t.app.bulkUploads.idle();
  const history = await t.app.inject({
    method: 'GET',
    url: '/api/users/bulkuploads',
    headers: authed(sellerToken),
  });
  const found = (history.json().results as BulkUpload[]).find((entry) => entry.id === queued?.id);
  if (!found) throw new Error('upload not in history');
  return found;
}

/** The seller's listings of these stock numbers, with their auction's terms when they have one. */
async function listingsOf(...stocks: string[]) {
  return queryRows<{
    id: string;
    seller_stock_number: string;
    listing_type: number;
    price: string;
    title: string;
    listing_end_date: string | null;
    starting_bid: string | null;
    reserve_price: string | null;
    buy_now_price: string | null;
    ends_at: string | null;
  }>(
    t.database.db,
    sql`select l.id, l.seller_stock_number, l.listing_type, l.price, l.title, l.listing_end_date,
        a.starting_bid, a.reserve_price, a.buy_now_price, a.ends_at
      from listings l left join auctions a on a.listing_id = l.id
      where l.seller_stock_number in (select json_array_elements_text(${JSON.stringify(stocks)}::json))
      order by l.seller_stock_number`,
  );
}

async function auctionView(listingId: string): Promise<AuctionView> {
  const res = await t.app.inject({ method: 'GET', url: `/api/auctions/${listingId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuctionView;
}

describe('auctions from bulk upload', () => {
  it('lists a row marked Auction as an auction with its terms, and the same row again changes nothing', async () => {
    const before = Date.now();
    const rows = [auctionRow('BU-AUC-1', { reserve_price: '150', buy_now_price: '200' })];
    const upload = await uploadAndWait(rows);
    expect(upload).toMatchObject({ status: 'Completed', createdCount: 1, errorCount: 0, errors: [] });

    const [listing] = await listingsOf('BU-AUC-1');
    expect(listing).toMatchObject({
      listing_type: ListingType.Auction,
      starting_bid: '100.00',
      reserve_price: '150.00',
      buy_now_price: '200.00',
    });
    const shown = await auctionView(listing?.id ?? '');
    expect(shown).toMatchObject({
      phase: 'running',
      startingBid: 100,
      currentPrice: 100,
      bidCount: 0,
      hasReserve: true,
      reserveMet: false,
      buyNowPrice: 200,
    });
    // Five days from when it was listed, and the listing ends with it.
    const endsAt = Date.parse(shown.endsAt);
    expect(endsAt).toBeGreaterThanOrEqual(before + 5 * DAY);
    expect(endsAt).toBeLessThan(Date.now() + 5 * DAY + 1000);
    expect(Date.parse(listing?.listing_end_date ?? '')).toBe(endsAt);

    expect(await uploadAndWait(rows)).toMatchObject({ createdCount: 0, unchangedCount: 1, errorCount: 0 });
  });

  it('refuses each row that breaks an auction rule with the rule’s message, writing nothing of it', async () => {
    const upload = await uploadAndWait([
      auctionRow('BU-BAD-1', { reserve_price: '90' }),
      auctionRow('BU-BAD-2', { duration_days: '4' }),
      auctionRow('BU-BAD-3', { quantity: '3' }),
      auctionRow('BU-BAD-4', { buy_now_price: '105' }),
      auctionRow('BU-BAD-5', { listing_type: '', duration_days: '', reserve_price: '150' }),
    ]);
    expect(upload).toMatchObject({ status: 'Completed', createdCount: 0, errorCount: 5 });
    expect(upload.errors).toEqual([
      { row: 1, column: 'reserve_price', message: AUCTION_MESSAGES.reserveBelowStart },
      { row: 2, column: 'duration_days', message: AUCTION_MESSAGES.duration },
      { row: 3, column: 'quantity', message: AUCTION_MESSAGES.quantity },
      { row: 4, column: 'buy_now_price', message: AUCTION_MESSAGES.buyNowBelowStart('$110.00') },
      { row: 5, column: 'reserve_price', message: AUCTION_MESSAGES.termsOnlyForAuctions },
    ]);
    expect(await listingsOf('BU-BAD-1', 'BU-BAD-2', 'BU-BAD-3', 'BU-BAD-4', 'BU-BAD-5')).toEqual([]);
  });

  it('refuses a row that would change the prices of an auction with bids, and applies a row that leaves them', async () => {
    const terms = { reserve_price: '150', buy_now_price: '200' };
    expect(await uploadAndWait([auctionRow('BU-BID-1', terms)])).toMatchObject({ createdCount: 1 });
    const [listing] = await listingsOf('BU-BID-1');
    const id = listing?.id ?? '';
    const bid = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${id}/bids`,
      headers: authed(buyerToken),
      payload: { maxBid: 120, idempotencyKey: randomUUID() },
    });
    expect(bid.statusCode, bid.body).toBe(200);

    const refused = await uploadAndWait([auctionRow('BU-BID-1', { ...terms, reserve_price: '140' })]);
    expect(refused).toMatchObject({ createdCount: 0, updatedCount: 0, errorCount: 1 });
    expect(refused.errors).toEqual([{ row: 1, column: null, message: AUCTION_MESSAGES.lockedTerms }]);
    expect(await listingsOf('BU-BID-1')).toEqual([listing]);

    const retitled = await uploadAndWait([
      auctionRow('BU-BID-1', { ...terms, title: 'Leupold VX-3HD with caps' }),
    ]);
    expect(retitled).toMatchObject({ updatedCount: 1, errorCount: 0 });
    const [after] = await listingsOf('BU-BID-1');
    expect(after).toMatchObject({
      title: 'Leupold VX-3HD with caps',
      reserve_price: '150.00',
      price: '100.00',
    });
    expect(await auctionView(id)).toMatchObject({ phase: 'running', bidCount: 1, currentPrice: 100 });
  });
});

describe('auctions from the seller API', () => {
  const item = (overrides: Record<string, unknown> = {}) => ({
    title: 'Trijicon ACOG 4x32 TA31',
    description: 'Used, with its mount.',
    familyId: CategoryFamilyId.Optics,
    condition: 'Used',
    price: 500,
    quantity: 1,
    listingType: ListingType.Auction,
    durationDays: 3,
    auction: { reservePrice: 700 },
    ...overrides,
  });
  const put = (stock: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/seller/v1/inventory/${stock}`,
      headers: authed(apiToken),
      payload: body,
    });

  it('lists an item of listing type Auction as an auction with its terms', async () => {
    const res = await put('API-AUC-1', item());
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json() as InventoryOutcome;
    expect(outcome).toMatchObject({ result: 'created' });
    expect(await auctionView(outcome.listingId ?? '')).toMatchObject({
      phase: 'running',
      startingBid: 500,
      hasReserve: true,
      buyNowPrice: null,
    });
  });

  it('refuses an item that breaks an auction rule with the rule’s message by its field', async () => {
    const res = await put('API-AUC-2', item({ durationDays: 4 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ durationDays: AUCTION_MESSAGES.duration });

    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/seller/v1/inventory',
      headers: authed(apiToken),
      payload: { items: [{ ...item({ auction: { reservePrice: 400 } }), stockNumber: 'API-AUC-3' }] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect((batch.json() as InventoryBatchResponse).results).toEqual([
      {
        index: 0,
        stockNumber: 'API-AUC-3',
        result: 'failed',
        listingId: null,
        reason: 'The item is not valid.',
        fields: { 'auction.reservePrice': AUCTION_MESSAGES.reserveBelowStart },
      },
    ]);
    expect(await listingsOf('API-AUC-2', 'API-AUC-3')).toEqual([]);
  });
  it('closes its auction only while it has no bids, as the site does', async () => {
    const close = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/seller/v1/listings/${id}/close`, headers: authed(apiToken) });
    const quiet = ((await put('API-AUC-4', item())).json() as InventoryOutcome).listingId ?? '';
    const bidOn = ((await put('API-AUC-5', item())).json() as InventoryOutcome).listingId ?? '';
    const bid = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${bidOn}/bids`,
      headers: authed(buyerToken),
      payload: { maxBid: 550, idempotencyKey: randomUUID() },
    });
    expect(bid.statusCode, bid.body).toBe(200);
    const refused = await close(bidOn);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(AUCTION_MESSAGES.endWithBids);
    expect((await auctionView(bidOn)).phase).toBe('running');
    expect((await close(quiet)).statusCode).toBe(200);
    expect((await auctionView(quiet)).phase).toBe('ended');
  });
});

describe('auctions from a generic CSV feed', () => {
  it('lists the lines its mapping marks as auctions, bidding starting at the marked-up price', async () => {
    const file = Buffer.from(
      [
        'SKU,Name,Dept,Cost,Qty,Sale,Days,Reserve',
        'FD-AUC-1,Aimpoint PRO red dot,Optics,300.00,1,Auction,7,400',
        'FD-FIX-1,Vortex Crossfire II 2-7x32,Optics,100.00,6,,,',
      ].join('\n'),
    );
    const form = multipartForm(
      {
        request: JSON.stringify({
          name: 'Auction feed',
          source: 'upload',
          format: 'generic-csv',
          columnMapping: {
            stock_number: 'SKU',
            title: 'Name',
            category: 'Dept',
            price: 'Cost',
            quantity: 'Qty',
            listing_type: 'Sale',
            duration_days: 'Days',
            reserve_price: 'Reserve',
          },
          priceRule: { markup: 'amount', amount: 50, rounding: 'whole' },
          pullNow: true,
        }),
      },
      [{ field: 'feedFile', filename: 'feed.csv', contentType: 'text/csv', data: file }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/ManageDistributorFeed',
      payload: form.payload,
      headers: { ...form.headers, ...authed(sellerToken) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const feed = res.json() as DistributorFeed;
    expect(feed.runs[0], JSON.stringify(feed.runs[0]?.errors)).toMatchObject({
      status: 'Succeeded',
      created: 2,
      failed: 0,
    });

    const [auction, fixed] = await listingsOf('FD-AUC-1', 'FD-FIX-1');
    expect(fixed).toMatchObject({ listing_type: ListingType.National, starting_bid: null });
    expect(auction).toMatchObject({ listing_type: ListingType.Auction, reserve_price: '400.00' });
    expect(await auctionView(auction?.id ?? '')).toMatchObject({
      phase: 'running',
      startingBid: Number(auction?.price),
      hasReserve: true,
    });
  });
});
