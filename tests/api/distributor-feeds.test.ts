import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistributorFeed, DistributorFeedInput } from '../../shared/contract/distributor-feeds.ts';
import { LISTING_INELIGIBILITY_MESSAGES } from '../../shared/contract/users.ts';
import { ListingOption } from '../../shared/domain/listing.ts';
import { buildApp } from '../../src-server/app.ts';
import { type Database, type DatabaseHandle, openDatabase, queryRows } from '../../src-server/db/client.ts';
import { distributorFeedRuns, distributorFeeds } from '../../src-server/db/schema.ts';
import { fileBlobStore } from '../../src-server/files/blob-store.ts';
import { runDueFeeds } from '../../src-server/modules/feeds/jobs.ts';
import { claimFeed, newLeaseToken, releaseFeed } from '../../src-server/modules/feeds/lease.ts';
import { type FeedDeps, pullFeed } from '../../src-server/modules/feeds/pull.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  DEMO_ACCOUNTS,
  tokenOf,
} from './support/accounts.ts';
import { accountWithRoles } from './support/catalog.ts';
import { testConfig } from './support/test-app.ts';
import { withAdminClient } from './support/test-database.ts';
import { multipartForm } from './support/uploads.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'feeds');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let t: AccountsTestApp;
const tokens = {
  visitor: undefined as string | undefined,
  buyer: '',
  seller: '',
  anotherSeller: '',
  admin: '',
  dealer: '',
};

/** The feed files the local "distributor" serves, by path. */
const served = new Map<string, Buffer>();
let server: Server;
let origin: string;

beforeAll(async () => {
  t = await createAccountsTestApp();
  tokens.buyer = await tokenOf(t.app, 'buyer');
  tokens.seller = await tokenOf(t.app, 'seller');
  tokens.anotherSeller = await tokenOf(t.app, 'newSeller');
  tokens.admin = await tokenOf(t.app, 'admin');
  tokens.dealer = await tokenOf(t.app, 'dealer');
  server = createServer((request, response) => {
    const body = served.get(request.url ?? '');
    if (!body) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await t?.close();
});

const PRICE_RULE = { markup: 'percent', amount: 20, rounding: 'cents99' } as const;

function manage(
  token: string | undefined,
  request: DistributorFeedInput,
  file?: { name: string; data: Buffer },
) {
  const form = multipartForm(
    { request: JSON.stringify(request) },
    file ? [{ field: 'feedFile', filename: file.name, contentType: 'text/csv', data: file.data }] : [],
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/users/ManageDistributorFeed',
    payload: form.payload,
    headers: { ...form.headers, ...authed(token) },
  });
}

async function saved(token: string, request: DistributorFeedInput, file?: { name: string; data: Buffer }) {
  const res = await manage(token, request, file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DistributorFeed;
}

const list = (token: string | undefined, name?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/GetDistributorFeed${name ? `?name=${encodeURIComponent(name)}` : ''}`,
    headers: authed(token),
  });

const remove = (token: string | undefined, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/DeleteDistributorFeed/${id}`, headers: authed(token) });

type ListingRow = {
  id: string;
  seller_stock_number: string;
  price: string;
  quantity: number;
  is_active: boolean;
  distributor_id: string | null;
  excluded_ship_to_states: unknown;
  listing_options: number;
  family_id: number;
  title: string;
};

async function listingsOfFeed(feedId: string): Promise<ListingRow[]> {
  return queryRows<ListingRow>(
    t.database.db,
    sql`select * from listings where inventory_source = 'feed' and inventory_source_id = ${feedId}::uuid
        order by seller_stock_number`,
  );
}

const byStock = (rows: readonly ListingRow[]) => new Map(rows.map((row) => [row.seller_stock_number, row]));

let unique = 0;
const uniqueName = (what: string) => {
  unique += 1;
  return `${what} ${unique}`;
};

describe('who may register, read, change and delete a feed', () => {
  let ownFeed: DistributorFeed;
  const input = (name: string): DistributorFeedInput => ({
    name,
    source: 'url',
    url: 'https://ftp.example-distributor.com/rsrinventory-new.txt',
    format: 'rsr',
    priceRule: PRICE_RULE,
    schedule: 'Daily',
  });

  beforeAll(async () => {
    ownFeed = await saved(tokens.seller, input('Seller RSR'));
  });

  it('a visitor is asked to sign in and a buyer is refused, for every feed call', async () => {
    for (const [token, status] of [
      [tokens.visitor, 401],
      [tokens.buyer, 403],
    ] as const) {
      expect((await manage(token, input('Not mine'))).statusCode).toBe(status);
      expect((await list(token)).statusCode).toBe(status);
      expect((await remove(token, ownFeed.id)).statusCode).toBe(status);
    }
  });

  it('the owner reads their feed, by name too', async () => {
    const res = await list(tokens.seller, 'seller rsr');
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((feed: DistributorFeed) => feed.id)).toEqual([ownFeed.id]);
    expect(ownFeed).toMatchObject({
      name: 'Seller RSR',
      source: 'url',
      format: 'rsr',
      isActive: true,
      lastStatus: 'Never',
      runs: [],
      priceRule: PRICE_RULE,
      deliveryDays: 3,
      shippingCost: 0,
    });
    expect(ownFeed.distributorId).not.toBeNull();
  });

  it('another seller neither sees, changes nor deletes it (404, as for an unknown id)', async () => {
    const listed = await list(tokens.anotherSeller);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results.map((feed: DistributorFeed) => feed.id)).not.toContain(ownFeed.id);
    const changed = await manage(tokens.anotherSeller, { ...input('Taken over'), id: ownFeed.id });
    expect(changed.statusCode).toBe(404);
    expect(changed.json().error.code).toBe('not_found');
    expect((await remove(tokens.anotherSeller, ownFeed.id)).statusCode).toBe(404);
    expect((await list(tokens.seller, 'Seller RSR')).json().results[0].name).toBe('Seller RSR');
  });

  it('an admin changes and deletes it; the seller can then no longer find it', async () => {
    const changed = await manage(tokens.admin, {
      ...input('Seller RSR renamed'),
      id: ownFeed.id,
      isActive: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: ownFeed.id, name: 'Seller RSR renamed', isActive: false });
    expect((await list(tokens.seller)).json().results.map((feed: DistributorFeed) => feed.name)).toContain(
      'Seller RSR renamed',
    );
    expect((await list(tokens.admin)).json().results.map((feed: DistributorFeed) => feed.id)).not.toContain(
      ownFeed.id,
    );
    expect((await remove(tokens.admin, ownFeed.id)).json()).toEqual({ success: true });
    expect((await list(tokens.seller)).json().results.map((feed: DistributorFeed) => feed.id)).not.toContain(
      ownFeed.id,
    );
    expect((await remove(tokens.seller, ownFeed.id)).statusCode).toBe(404);
  });

  it('the owner deletes their own feed', async () => {
    const feed = await saved(tokens.seller, input(uniqueName('Short-lived')));
    expect((await remove(tokens.seller, feed.id)).json()).toEqual({ success: true });
  });
});

describe('what a feed must say', () => {
  const base: DistributorFeedInput = {
    name: 'Checked',
    source: 'url',
    url: 'https://example-distributor.com/feed.csv',
    format: 'zanders',
    priceRule: PRICE_RULE,
  };

  it.each([
    ['an address that is not http(s)', { url: 'ftp://ftp.rsrgroup.com/rsrinventory-new.txt' }, 'url'],
    ['an address for a URL feed', { url: undefined }, 'url'],
    ['a column mapping for a generic CSV', { format: 'generic-csv' }, 'columnMapping'],
    ['a markup within bounds', { priceRule: { ...PRICE_RULE, amount: 5000 } }, 'priceRule.amount'],
  ] as const)('refuses a feed without %s', async (_what, change, field) => {
    const res = await manage(tokens.seller, { ...base, ...change } as DistributorFeedInput);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('needs a file for an uploaded feed, and refuses a second feed of the same name', async () => {
    const res = await manage(tokens.seller, { ...base, source: 'upload', url: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ feedFile: 'Choose the feed file to upload.' });
    await saved(tokens.seller, { ...base, name: 'Zanders daily' });
    const twice = await manage(tokens.seller, { ...base, name: 'ZANDERS DAILY' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You already have a distributor feed named “ZANDERS DAILY”.');
  });
});

describe('pulling a feed served over http', () => {
  let feed: DistributorFeed;
  const rsr = fixture('rsrinventory-new.txt').toString('utf8');

  it('creates listings under the distributor, priced by the rule, with the state restrictions', async () => {
    served.set('/rsr/rsrinventory-new.txt', Buffer.from(rsr));
    feed = await saved(tokens.dealer, {
      name: 'RSR nightly',
      source: 'url',
      url: `${origin}/rsr/rsrinventory-new.txt`,
      format: 'rsr',
      priceRule: PRICE_RULE,
      shippingCost: 25,
      deliveryDays: 2,
      pullNow: true,
    });
    expect(feed.lastStatus).toBe('Succeeded');
    const [run] = feed.runs;
    expect(run).toMatchObject({
      status: 'Succeeded',
      trigger: 'manual',
      totalRows: 7,
      created: 6,
      updated: 0,
      unchanged: 0,
      closed: 0,
      failed: 1,
    });
    expect(run?.errors).toEqual([
      { line: 5, stockNumber: 'MAG12345', message: 'The line has 6 fields; an RSR inventory line has 77.' },
    ]);
    const [rsrGroup] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from distributors where name = 'RSR Group'`,
    );
    expect(feed.distributorId).toBe(rsrGroup?.id);

    const listings = byStock(await listingsOfFeed(feed.id));
    expect([...listings.keys()].sort()).toEqual(
      ['GLPA1750203', 'HRN90250', 'MOS50104', 'RUG1103', 'SWA162634', 'VORDBK-3558'].sort(),
    );
    for (const listing of listings.values()) expect(listing.distributor_id).toBe(rsrGroup?.id);
    // 539.12 × 1.2 = 646.94 → 646.99 (above the 599.99 MAP).
    expect(Number(listings.get('GLPA1750203')?.price)).toBe(646.99);
    // 382.40 × 1.2 = 458.88 → 458.99, under the 459.00 MAP: MAP wins.
    expect(Number(listings.get('MOS50104')?.price)).toBe(459);
    expect(listings.get('GLPA1750203')?.excluded_ship_to_states).toEqual(['CA', 'HI', 'MA']);
    expect(listings.get('SWA162634')?.excluded_ship_to_states).toEqual(['CA', 'DC', 'HI', 'MA', 'NJ', 'NY']);
  });

  it('the distributor filter of the search finds the pulled listings', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/listings/search',
      payload: { distributorId: feed.distributorId, pageSize: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json().results as { id: string }[]).map((card) => card.id).sort();
    const pulled = (await listingsOfFeed(feed.id)).map((row) => row.id).sort();
    expect(found).toEqual(pulled);
  });

  it('the same file again changes nothing', async () => {
    feed = await saved(tokens.dealer, { ...inputOf(feed), pullNow: true });
    expect(feed.runs[0]).toMatchObject({ created: 0, updated: 0, unchanged: 6, closed: 0, failed: 1 });
  });

  it('a changed price and a removed item: the price is updated and the listing closed', async () => {
    const changed = rsr
      .split('\r\n')
      .filter((line) => !line.startsWith('HRN90250;'))
      .map((line) => (line.startsWith('RUG1103;') ? line.replace(';244.51;', ';250.00;') : line))
      .join('\r\n');
    served.set('/rsr/rsrinventory-new.txt', Buffer.from(changed));
    feed = await saved(tokens.dealer, { ...inputOf(feed), pullNow: true });
    expect(feed.runs[0]).toMatchObject({ created: 0, updated: 1, unchanged: 4, closed: 1, failed: 1 });
    expect(feed.runs.map((run) => run.status)).toEqual(['Succeeded', 'Succeeded', 'Succeeded']);
    const listings = byStock(await listingsOfFeed(feed.id));
    expect(Number(listings.get('RUG1103')?.price)).toBe(300.99);
    expect(listings.get('HRN90250')?.is_active).toBe(false);
    expect(listings.get('GLPA1750203')?.is_active).toBe(true);
  });

  it('leaves a listing the dealer edited on the site (ManualEntry) as it is', async () => {
    await t.database.db.execute(
      sql`update listings set listing_options = listing_options | ${ListingOption.ManualEntry}, price = 555
          where inventory_source_id = ${feed.id}::uuid and seller_stock_number = 'GLPA1750203'`,
    );
    served.set(
      '/rsr/rsrinventory-new.txt',
      Buffer.from(
        rsr
          .split('\r\n')
          .filter((line) => !line.startsWith('GLPA1750203;'))
          .join('\r\n')
          .replace(';244.51;', ';260.00;'),
      ),
    );
    feed = await saved(tokens.dealer, { ...inputOf(feed), pullNow: true });
    const listings = byStock(await listingsOfFeed(feed.id));
    const glock = listings.get('GLPA1750203');
    expect(Number(glock?.price)).toBe(555);
    expect(glock?.is_active).toBe(true);
    expect(Number(listings.get('RUG1103')?.price)).toBe(312.99);
  });

  it('a malformed feed reports its errors and changes nothing', async () => {
    const before = await listingsOfFeed(feed.id);
    served.set('/rsr/rsrinventory-new.txt', Buffer.from('<html><body>Maintenance;window</body></html>\n'));
    feed = await saved(tokens.dealer, { ...inputOf(feed), pullNow: true });
    expect(feed.lastStatus).toBe('Failed');
    expect(feed.runs[0]).toMatchObject({
      status: 'Failed',
      created: 0,
      updated: 0,
      closed: 0,
      failed: 1,
      message: 'No line of the feed could be read as an item.',
    });
    expect(feed.runs[0]?.errors[0]?.message).toBe('The line has 2 fields; an RSR inventory line has 77.');
    expect(await listingsOfFeed(feed.id)).toEqual(before);
  });

  it('a feed address that answers an error records a failed pull', async () => {
    served.delete('/rsr/rsrinventory-new.txt');
    feed = await saved(tokens.dealer, { ...inputOf(feed), pullNow: true });
    expect(feed.runs[0]).toMatchObject({ status: 'Failed', message: 'The server answered 404 Not Found' });
    expect(feed.runs[0]?.errors).toEqual([
      { line: 0, stockNumber: null, message: 'The server answered 404 Not Found' },
    ]);
  });
});

function inputOf(feed: DistributorFeed): DistributorFeedInput {
  return {
    id: feed.id,
    name: feed.name,
    source: feed.source,
    url: feed.url ?? undefined,
    format: feed.format,
    columnMapping: feed.columnMapping ?? undefined,
    priceRule: feed.priceRule,
    shippingCost: feed.shippingCost,
    deliveryDays: feed.deliveryDays,
    schedule: feed.schedule,
    isActive: feed.isActive,
  };
}

describe('each format from its sample file, uploaded', () => {
  const GENERIC_MAPPING = {
    stock_number: 'SKU',
    title: 'Product Name',
    category: 'Dept',
    manufacturer: 'Brand',
    model: 'Model No',
    caliber: 'Caliber',
    condition: 'Cond',
    price: 'Our Cost',
    map_price: 'MAP',
    quantity: 'Qty On Hand',
    description: 'Long Description',
    image_urls: 'Photo',
    excluded_states: 'No Ship States',
  } as const;

  it.each([
    ['rsr', 'rsrinventory-new.txt', 6, 1, 'RSR Group'],
    ['davidsons', 'davidsons_inventory.csv', 4, 1, 'Davidson’s'],
    ['lipseys', 'lipseys-catalog.csv', 5, 1, 'Lipsey’s'],
    ['zanders', 'liveinv.csv', 5, 1, 'Zanders Sporting Goods'],
    ['generic-csv', 'dealer-inventory.csv', 4, 1, null],
  ] as const)('%s: %s', async (format, file, created, failed, distributor) => {
    // Stock numbers are the seller's own across feeds, so these go to a seller without the RSR pulls above.
    const feed = await saved(
      tokens.seller,
      {
        name: `Upload ${format}`,
        source: 'upload',
        format,
        ...(format === 'generic-csv' ? { columnMapping: GENERIC_MAPPING } : {}),
        priceRule: { markup: 'amount', amount: 30, rounding: 'whole' },
        pullNow: true,
      },
      { name: file, data: fixture(file) },
    );
    expect(feed).toMatchObject({ source: 'upload', fileName: file, url: null });
    expect(feed.runs[0], JSON.stringify(feed.runs[0]?.errors)).toMatchObject({
      status: 'Succeeded',
      created,
      failed,
    });
    const listings = await listingsOfFeed(feed.id);
    expect(listings).toHaveLength(created);
    if (distributor === null) {
      expect(feed.distributorId).toBeNull();
    } else {
      const [row] = await queryRows<{ name: string }>(
        t.database.db,
        sql`select name from distributors where id = ${feed.distributorId}::uuid`,
      );
      expect(row?.name).toBe(distributor);
    }
  });
});

describe('a seller who may not list', () => {
  it('gets no listings from a pull: the run fails with the reason', async () => {
    served.set('/frozen/liveinv.csv', fixture('liveinv.csv'));
    const feed = await saved(tokens.dealer, {
      name: uniqueName('Frozen'),
      source: 'url',
      url: `${origin}/frozen/liveinv.csv`,
      format: 'zanders',
      priceRule: PRICE_RULE,
    });
    const dealerId = DEMO_ACCOUNTS.dealer.id;
    await t.database.db.execute(
      sql`update users set account_options = account_options | 2 where id = ${dealerId}`,
    );
    try {
      expect(await pullFeed(feedDeps(t.database.db), feed.id, 'manual')).not.toBeNull();
      const runs = await queryRows<{ status: string; message: string | null }>(
        t.database.db,
        sql`select status, message from distributor_feed_runs where feed_id = ${feed.id}::uuid`,
      );
      expect(runs).toEqual([{ status: 'Failed', message: LISTING_INELIGIBILITY_MESSAGES.AccountFrozen }]);
      expect(await listingsOfFeed(feed.id)).toEqual([]);
    } finally {
      await t.database.db.execute(
        sql`update users set account_options = account_options & ~2 where id = ${dealerId}`,
      );
    }
  });
});

describe('one pull at a time per feed', () => {
  it('a feed held by one pull cannot be taken by another until it is released', async () => {
    const feed = await saved(tokens.dealer, {
      name: uniqueName('Locked'),
      source: 'url',
      url: `${origin}/none.csv`,
      format: 'zanders',
      priceRule: PRICE_RULE,
    });
    const first = newLeaseToken();
    expect(await claimFeed(t.database.db, feed.id, first)).not.toBeNull();
    expect(await claimFeed(t.database.db, feed.id, newLeaseToken())).toBeNull();
    // "Pull now" while a pull runs records no second run.
    const during = await saved(tokens.dealer, { ...inputOf(feed), pullNow: true });
    expect(during.runs).toEqual([]);
    await releaseFeed(t.database.db, feed.id, first);
    expect(await claimFeed(t.database.db, feed.id, newLeaseToken())).not.toBeNull();
  });

  it('a pull cut off by a stopped server is marked failed, and the feed is free again once its lease lapses', async () => {
    served.set('/resume/liveinv.csv', fixture('liveinv.csv'));
    const feed = await saved(tokens.dealer, {
      name: uniqueName('Interrupted'),
      source: 'url',
      url: `${origin}/resume/liveinv.csv`,
      format: 'zanders',
      priceRule: PRICE_RULE,
    });
    expect(await claimFeed(t.database.db, feed.id, newLeaseToken())).not.toBeNull();
    await t.database.db
      .insert(distributorFeedRuns)
      .values({ feedId: feed.id, trigger: 'schedule', status: 'Running' });
    expect((await saved(tokens.dealer, { ...inputOf(feed), pullNow: true })).runs).toHaveLength(1);
    await t.database.db.execute(
      sql`update distributor_feeds set leased_until = now() - interval '1 second' where id = ${feed.id}::uuid`,
    );
    const pulled = await saved(tokens.dealer, { ...inputOf(feed), pullNow: true });
    expect(pulled.runs.map((run) => [run.trigger, run.status])).toEqual([
      ['manual', 'Succeeded'],
      ['schedule', 'Failed'],
    ]);
    expect(pulled.runs[1]?.message).toMatch(/^The server stopped during this pull/);
    expect(pulled.runs[0]).toMatchObject({ created: 5, failed: 1 });
  });

  it('scheduled pulls started at once take each due feed once', async () => {
    await t.database.db.execute(sql`update distributor_feeds set next_run_at = now() + interval '1 day'`);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      served.set(`/scheduled/${n}.csv`, fixture('liveinv.csv'));
      const feed = await saved(tokens.dealer, {
        name: `Scheduled ${n}`,
        source: 'url',
        url: `${origin}/scheduled/${n}.csv`,
        format: 'zanders',
        priceRule: PRICE_RULE,
        schedule: 'Hourly',
      });
      ids.push(feed.id);
    }
    const deps = feedDeps(t.database.db);
    const taken = await Promise.all([runDueFeeds(deps), runDueFeeds(deps), runDueFeeds(deps)]);
    expect(taken.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(3);
    const runs = await runsOf(t.database.db, ids);
    expect(runs).toEqual(ids.map((id) => ({ feed_id: id, trigger: 'schedule', n: 1 })).sort(byFeed));
    // Each pull scheduled the next one an hour on; nothing is due now.
    expect(await runDueFeeds(deps)).toBe(0);
    const [feed] = (await list(tokens.dealer, 'Scheduled 1')).json().results as DistributorFeed[];
    expect(feed?.lastStatus).toBe('Succeeded');
    const inAnHour = Date.parse(feed?.nextRunAt ?? '') - Date.parse(feed?.lastRunAt ?? '');
    expect(Math.abs(inAnHour - 60 * 60 * 1000)).toBeLessThan(5_000);
  });

  it('a stopping server gives back the feeds it claimed but did not start, still due', async () => {
    await t.database.db.execute(sql`update distributor_feeds set next_run_at = now() + interval '1 day'`);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      served.set(`/stopping/${n}.csv`, fixture('liveinv.csv'));
      const feed = await saved(tokens.dealer, {
        name: `Stopping ${n}`,
        source: 'url',
        url: `${origin}/stopping/${n}.csv`,
        format: 'zanders',
        priceRule: PRICE_RULE,
        schedule: 'Hourly',
      });
      ids.push(feed.id);
    }
    // The server is asked to stop while it claims: it starts no pull.
    const stopping = new AbortController();
    const deps = feedDeps(t.database.db);
    const pulling = runDueFeeds(deps, 3, stopping.signal);
    stopping.abort();
    expect(await pulling).toBe(3);
    expect(await runsOf(t.database.db, ids)).toEqual([]);
    const leased = await queryRows<{ id: string; leased: boolean; due: boolean }>(
      t.database.db,
      sql`select id::text, lease_token is not null or leased_until is not null as leased, next_run_at <= now() as due
        from distributor_feeds where id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`,
    );
    // No claim is kept: the three are due and free, and the next look (any server's) takes them.
    expect(leased.filter((row) => row.leased)).toEqual([]);
    expect(leased.filter((row) => row.due)).toHaveLength(3);
    expect(await runDueFeeds(deps)).toBe(3);
  });
});

const byFeed = (a: { feed_id: string }, b: { feed_id: string }) => a.feed_id.localeCompare(b.feed_id);

function feedDeps(db: Database): FeedDeps {
  return {
    db,
    blobs: fileBlobStore(path.join(t.dataDir, 'files')),
    allowPrivateAddresses: true,
    fetchTimeoutMs: 5_000,
    onError: (error) => {
      throw error;
    },
  };
}

async function runsOf(db: Database, feedIds: readonly string[]) {
  const rows = await queryRows<{ feed_id: string; trigger: string; n: number }>(
    db,
    sql`select feed_id, trigger, count(*)::int as n from distributor_feed_runs
        where feed_id in (select json_array_elements_text(${JSON.stringify(feedIds)}::json)::uuid)
        group by feed_id, trigger`,
  );
  return rows.sort(byFeed);
}

// Two server instances need a database server they share: this runs in the PostgreSQL pass of the
// API tests (on PGlite one process owns the data folder, and the lease is covered above).
if (process.env.DATABASE_URL) {
  describe('two server instances on one PostgreSQL', () => {
    const adminUrl = process.env.DATABASE_URL as string;
    const name = `ironsight_feeds_${process.pid}_${randomBytes(4).toString('hex')}`;
    const handles: DatabaseHandle[] = [];
    const apps: FastifyInstance[] = [];

    beforeAll(async () => {
      await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      for (let i = 0; i < 2; i += 1) {
        const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
        handles.push(handle);
        const app = await buildApp(testConfig({ dataDir: t.dataDir }), {
          database: handle,
          ownsDatabase: false,
        });
        await app.ready();
        apps.push(app);
      }
    }, 60_000);
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const handle of handles) await handle.close();
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    });

    it('never pull the same feed twice', async () => {
      const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
      const dealer = await accountWithRoles(first.db, ['PlatinumSeller'], '75201');
      // A feed's listings go only to a seller who may list: one with payment set up.
      await first.db.execute(sql`update users set payment_gateway_connected = true where id = ${dealer.id}`);
      const ids: string[] = [];
      for (let n = 0; n < 6; n += 1) {
        served.set(`/two/${n}.csv`, fixture('liveinv.csv'));
        const [row] = await first.db
          .insert(distributorFeeds)
          .values({
            userId: dealer.id,
            name: `Two instances ${n}`,
            source: 'url',
            url: `${origin}/two/${n}.csv`,
            format: 'zanders',
            priceRule: PRICE_RULE,
            deliveryDays: 3,
            schedule: 'Daily',
            nextRunAt: new Date(Date.now() - 1000),
          })
          .returning({ id: distributorFeeds.id });
        ids.push(row?.id as string);
      }
      const taken = await Promise.all([
        runDueFeeds(feedDeps(first.db), 2),
        runDueFeeds(feedDeps(second.db), 2),
        runDueFeeds(feedDeps(first.db), 2),
        runDueFeeds(feedDeps(second.db), 2),
      ]);
      expect(taken.reduce((sum, n) => sum + n, 0)).toBe(6);
      expect(await runsOf(first.db, ids)).toEqual(
        ids.map((id) => ({ feed_id: id, trigger: 'schedule', n: 1 })).sort(byFeed),
      );
    });
  });
}
