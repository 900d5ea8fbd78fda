import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import type { InventoryItem } from '../../shared/domain/inventory.ts';
import { Condition, ListingOption } from '../../shared/domain/listing.ts';
import { listingLimitReachedMessage, MEMBERSHIP_PLANS } from '../../shared/domain/membership.ts';
import { queryRows } from '../../src-server/db/client.ts';
import {
  closeMissingFeedListings,
  InventorySkipReason,
  type InventorySource,
  upsertInventory,
} from '../../src-server/modules/inventory/upsert.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  tokenOf,
} from './support/accounts.ts';
import { multipartForm } from './support/uploads.ts';

let t: AccountsTestApp;
let dealerToken: string;
const dealer = DEMO_ACCOUNTS.dealer.id;
const FEED: InventorySource = {
  kind: 'feed',
  feedId: '0b7f3c57-6d5e-4f43-9d1e-1f4f3f0c9a01',
  distributorId: null,
};
const API: InventorySource = { kind: 'api', credentialId: '5c0e8e4a-2a53-4b8e-9b7a-3a1d2c4b5e60' };

beforeAll(async () => {
  t = await createAccountsTestApp();
  dealerToken = await tokenOf(t.app, 'dealer');
});
afterAll(() => t?.close());

const item = (stockNumber: string, overrides: Partial<InventoryItem> = {}): InventoryItem => ({
  stockNumber,
  title: `Sig Sauer P365 ${stockNumber}`,
  familyId: CategoryFamilyId.SemiAutoPistols,
  manufacturer: 'Sig Sauer',
  model: 'P365',
  caliber: '9mm Luger',
  condition: Condition.NewInBox,
  price: 499,
  quantity: 3,
  description: 'Micro-compact pistol.',
  imageUrls: [],
  shippingCost: 0,
  deliveryDays: 3,
  excludedShipToStates: ['CA'],
  ...overrides,
});

const upsert = (items: InventoryItem[], source: InventorySource) =>
  t.database.db.transaction((tx) => upsertInventory(tx, dealer, items, source));

const listingOf = async (stock: string) => {
  const [row] = await queryRows<{
    id: string;
    price: number;
    is_active: boolean;
    listing_options: number;
    inventory_source: string | null;
  }>(
    t.database.db,
    sql`select id, price::float8 as price, is_active, listing_options, inventory_source from listings
      where user_id = ${dealer} and lower(seller_stock_number) = lower(${stock})`,
  );
  if (!row) throw new Error(`no listing ${stock}`);
  return row;
};

describe('upsertInventory', () => {
  it('creates, then reports the same items unchanged, then updates what changed', async () => {
    const created = await upsert([item('FD-1'), item('FD-2'), item('fd-1')], FEED);
    expect(created.map((outcome) => outcome.result)).toEqual(['created', 'created', 'skipped']);
    expect(created[2]?.reason).toBe(InventorySkipReason.Duplicate);

    const again = await upsert([item('FD-1'), item('FD-2')], FEED);
    expect(again.map((outcome) => outcome.result)).toEqual(['unchanged', 'unchanged']);
    expect(again[0]?.listingId).toBe(created[0]?.listingId);

    const changed = await upsert([item('FD-1', { price: 450, mapPrice: 475 }), item('FD-2')], FEED);
    expect(changed.map((outcome) => outcome.result)).toEqual(['updated', 'unchanged']);
    expect((await listingOf('FD-1')).price).toBe(475);
    expect((await listingOf('FD-1')).inventory_source).toBe('feed');
  });

  it('matches a stock number in any case to the listing first made under it', async () => {
    const [first, second] = await upsert([item('API-10'), item('API-11')], API);
    // Two listings under one stock number (entered on the site before any import), the later one
    // written in other case.
    await t.database.db.execute(
      sql`update listings set seller_stock_number = 'api-10', created_at = created_at + interval '1 minute'
        where id = ${second?.listingId}`,
    );
    const [outcome] = await upsert([item('Api-10', { price: 455 })], API);
    expect(outcome).toMatchObject({ result: 'updated', listingId: first?.listingId });
    const prices = await queryRows<{ id: string; price: number }>(
      t.database.db,
      sql`select id, price::float8 as price from listings where id in (${first?.listingId}, ${second?.listingId})`,
    );
    expect(Object.fromEntries(prices.map((row) => [row.id, row.price]))).toEqual({
      [first?.listingId as string]: 455,
      [second?.listingId as string]: 499,
    });
  });

  it('records photo links for the image job', async () => {
    await upsert(
      [item('FD-3', { imageUrls: ['https://example.com/a.jpg', 'https://example.com/b.jpg'] })],
      FEED,
    );
    const sources = await queryRows<{ url: string; status: string }>(
      t.database.db,
      sql`select s.url, s.status from listing_image_sources s join listings l on l.id = s.listing_id
        where l.seller_stock_number = 'FD-3' order by s.position`,
    );
    expect(sources).toEqual([
      { url: 'https://example.com/a.jpg', status: 'pending' },
      { url: 'https://example.com/b.jpg', status: 'pending' },
    ]);
  });

  it('closes the feed’s listings that left it, and reopens one that comes back', async () => {
    const closed = await t.database.db.transaction((tx) =>
      closeMissingFeedListings(tx, dealer, FEED.kind === 'feed' ? FEED.feedId : '', new Set(['fd-1'])),
    );
    expect(closed).toBe(2);
    expect((await listingOf('FD-2')).is_active).toBe(false);
    expect((await listingOf('FD-1')).is_active).toBe(true);

    const back = await upsert([item('FD-2')], FEED);
    expect(back[0]?.result).toBe('updated');
    expect((await listingOf('FD-2')).is_active).toBe(true);
  });

  it('leaves a feed listing edited on the site to the seller (ManualEntry)', async () => {
    const listing = await listingOf('FD-2');
    const form = multipartForm(
      {
        request: JSON.stringify({
          id: listing.id,
          title: 'Sig Sauer P365 with two magazines',
          description: 'Edited by the dealer.',
          familyId: CategoryFamilyId.SemiAutoPistols,
          condition: Condition.NewInBox,
          quantity: 2,
          price: 520,
          sellerStockNumber: 'FD-2',
        }),
      },
      [],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/listings/add',
      payload: form.payload,
      headers: { ...form.headers, ...authed(dealerToken) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listingOf('FD-2')).listing_options & ListingOption.ManualEntry).toBe(
      ListingOption.ManualEntry,
    );

    const fromFeed = await upsert([item('FD-2', { price: 300 })], FEED);
    expect(fromFeed[0]).toMatchObject({ result: 'skipped', reason: InventorySkipReason.ManualEntry });
    const fromApi = await upsert([item('FD-2', { price: 300 })], API);
    expect(fromApi[0]?.result).toBe('skipped');
    expect((await listingOf('FD-2')).price).toBe(520);
  });

  it('never closes a ManualEntry listing for leaving the feed', async () => {
    const closed = await t.database.db.transaction((tx) =>
      closeMissingFeedListings(tx, dealer, FEED.kind === 'feed' ? FEED.feedId : '', new Set()),
    );
    // FD-3 is closed already, FD-2 is the seller's now: only FD-1 closes.
    expect(closed).toBe(1);
    expect((await listingOf('FD-1')).is_active).toBe(false);
    expect((await listingOf('FD-2')).is_active).toBe(true);

    // The seller's own inventory file still applies to it.
    const fromFile = await upsert([item('FD-2', { price: 310 })], {
      kind: 'bulk',
      uploadId: '7d4b6a0e-1c2f-4e3a-8b5d-9f0a1b2c3d4e',
    });
    expect(fromFile[0]?.result).toBe('updated');
    expect((await listingOf('FD-2')).price).toBe(310);
  });
});

describe('the seller’s plan limit', () => {
  const seller = DEMO_ACCOUNTS.seller.id;
  const write = (items: InventoryItem[]) =>
    t.database.db.transaction((tx) => upsertInventory(tx, seller, items, API));
  const onSale = async () => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from listings
        where user_id = ${seller} and is_active and not is_sold and quantity > 0`,
    );
    return row?.n ?? 0;
  };
  const LIMIT_REACHED = listingLimitReachedMessage(MEMBERSHIP_PLANS.BasicSeller.name, 100);

  it('skips, in order, the items that would put a Basic seller past 100 listings on sale, and writes the rest', async () => {
    const start = await onSale();
    const first = await write(Array.from({ length: 98 - start }, (_, i) => item(`LIM-${i}`)));
    expect(first.every((outcome) => outcome.result === 'created')).toBe(true);
    expect(await onSale()).toBe(98);

    // Two places left: an update takes none, an item out of stock takes none.
    const batch = await write([
      item('LIM-0', { price: 450 }),
      item('LIM-NEW-1'),
      item('LIM-NEW-2', { quantity: 0 }),
      item('LIM-NEW-3'),
      item('LIM-NEW-4'),
    ]);
    expect(batch.map(({ result, reason }) => [result, reason])).toEqual([
      ['updated', undefined],
      ['created', undefined],
      ['created', undefined],
      ['created', undefined],
      ['skipped', LIMIT_REACHED],
    ]);
    expect(await onSale()).toBe(100);

    // Selling out frees a place; offering the sold-out listing again then waits for one.
    expect((await write([item('LIM-1', { quantity: 0 })]))[0]?.result).toBe('updated');
    expect((await write([item('LIM-NEW-4')]))[0]?.result).toBe('created');
    const again = await write([item('LIM-1', { quantity: 2 })]);
    expect(again[0]).toMatchObject({ result: 'skipped', reason: LIMIT_REACHED });
    const [lim1] = await queryRows<{ quantity: number }>(
      t.database.db,
      sql`select quantity from listings where user_id = ${seller} and seller_stock_number = 'LIM-1'`,
    );
    expect(lim1?.quantity).toBe(0);
    expect(await onSale()).toBe(100);
  });
});
