import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app.ts';
import { type DatabaseHandle, queryRows } from '../../src-server/db/client.ts';
import { sellerListingsStatement } from '../../src-server/modules/listings/service.ts';
import { accountsSeedPart, DEMO_ACCOUNTS } from '../../src-server/seed/accounts.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import { tokenOf } from './support/accounts.ts';
import { testConfig } from './support/test-app.ts';
import { openTestDatabase } from './support/test-database.ts';

/** A dealer with a warehouse of listings. */
const LISTINGS = 50_000;
/** Another seller's, so the planner weighs the dealer's share of a shared catalogue. */
const OTHER_LISTINGS = 10_000;
/** The limits `npm start` runs with (config.ts defaults). */
const LIMITS = { queueLimit: 200, queueWaitMs: 1000, statementTimeoutMs: 5000 };

let database: DatabaseHandle;
let app: FastifyInstance;
let token: string;

/** Listings of a seller written in one statement (the keyword copy is not needed here). */
async function bulkListings(userId: string, count: number) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`alter table listings disable trigger listings_search_sync_insert`);
    await tx.execute(sql`insert into listings (user_id, title, description, manufacturer, condition, quantity, price,
        family_id, zip_code, listing_start_date, listing_end_date, is_sold, is_active)
      select ${userId}::uuid, 'Warehouse item ' || n, 'A boxed item from the warehouse.', 'Glock',
        'NewInBox', n % 7, 300 + n % 500, 1 + n % 20, '75201',
        now() - make_interval(mins => n), now() + interval '60 days', n % 11 = 0, n % 13 <> 0
      from generate_series(1, ${count}) as n`);
    await tx.execute(sql`alter table listings enable trigger listings_search_sync_insert`);
  });
}

beforeAll(async () => {
  database = await openTestDatabase(LIMITS);
  await seedDemoData(database.db, DEFAULT_SEED_OPTIONS, [accountsSeedPart]);
  const started = performance.now();
  await bulkListings(DEMO_ACCOUNTS.dealer.id, LISTINGS);
  await bulkListings(DEMO_ACCOUNTS.seller.id, OTHER_LISTINGS);
  await database.db.execute(sql`analyze listings`);
  console.info(
    `listings/large seller: ${LISTINGS + OTHER_LISTINGS} listings written in ${Math.round(performance.now() - started)} ms`,
  );
  app = await buildApp(testConfig(), { database, ownsDatabase: false });
  await app.ready();
  token = await tokenOf(app, 'dealer');
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const myListings = (body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/listings/getall',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });

/** The statuses of My listings, every tab. */
const TABS = ['active', 'sold', 'closed', 'outOfStock', 'frozen', 'all'] as const;

describe("a large seller's own listings", () => {
  it('answers every tab and sort within a fraction of a second under the request limits, with exact counts', async () => {
    const timings: string[] = [];
    for (const status of TABS) {
      for (const sort of ['newest', 'oldest', 'priceAsc']) {
        const started = performance.now();
        const res = await myListings({ filters: { status, sort }, page: 1, pageSize: 25 });
        const ms = Math.round(performance.now() - started);
        timings.push(`${status}/${sort} ${ms} ms`);
        expect(res.statusCode, res.body).toBe(200);
        expect(ms).toBeLessThan(1500);
        const body = res.json();
        expect(body.results.length).toBe(status === 'frozen' ? 0 : 25);
        expect(body.total).toBe(body.counts[status]);
      }
    }
    console.info(`listings/large seller: ${timings.join(', ')}`);
    const res = await myListings({ filters: { status: 'all' }, page: 3, pageSize: 25 });
    const body = res.json();
    // generate_series gave every 11th listing as sold; the newest listing is the first of the series.
    expect(body.counts).toMatchObject({ all: LISTINGS, sold: Math.floor(LISTINGS / 11), frozen: 0 });
    expect(body.results[0].title).toBe('Warehouse item 51');
  });

  it('reads the page from the seller index and bounds the count', async () => {
    const statement = sellerListingsStatement(
      DEMO_ACCOUNTS.dealer.id,
      { status: 'all', sort: 'newest' },
      1,
      25,
    );
    const rows = await queryRows<Record<string, string>>(database.db, sql`explain ${statement}`);
    const plan = rows.map((row) => Object.values(row)[0]).join('\n');
    // The page: the seller's index in the page's order, stopped after the page's rows; no sort of every listing.
    expect(plan).toMatch(
      /Limit {2}\([^\n]*rows=25 [^\n]*\n\s*->\s+Index (Only )?Scan( Backward)? using listings_user_page_idx on listings/,
    );
    expect(plan).not.toMatch(/Sort[^\n]*rows=(\d{3,})/);
    // The counts: one pass stopped after SELLER_COUNT_LIMIT listings.
    expect(plan).toMatch(/Aggregate[^\n]*\n\s*->\s+Limit /);
  });
});
