import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auctionProblems } from '../../shared/domain/auctions.ts';
import { ListingType } from '../../shared/domain/listing.ts';
import { valueFromSales } from '../../shared/domain/valuation.ts';
import { buildApp } from '../../src-server/app.ts';
import type { AppConfig } from '../../src-server/config.ts';
import { type DatabaseHandle, type DbExecutor, queryRows } from '../../src-server/db/client.ts';
import { accountsSeedPart } from '../../src-server/seed/accounts.ts';
import { createAuctionsSeedPart } from '../../src-server/seed/auctions.ts';
import { catalogSeedPart, createCatalogSeedPart } from '../../src-server/seed/catalog.ts';
import { contentSeedPart } from '../../src-server/seed/content.ts';
import { fflSeedPart } from '../../src-server/seed/ffl.ts';
import { createSalesHistorySeedPart } from '../../src-server/seed/sales-history.ts';
import { isDatabaseEmpty, seedDemoData } from '../../src-server/seed/seed.ts';
import type { SeedPart } from '../../src-server/seed/seed-part.ts';
import { DEMO_ACCOUNTS, login } from './support/accounts.ts';
import { testConfig } from './support/test-app.ts';
import { openTestDatabase } from './support/test-database.ts';

/** A small catalogue, so the seeding case stays quick; `npm start` passes DEFAULT_SEED_OPTIONS. */
const SMALL_SEED = { seed: 3, listings: 20 };

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

/** Starts the server as `main.ts` does (asking for demo data) with the given configuration. */
async function start(overrides: Partial<AppConfig>, existing?: DatabaseHandle) {
  const database = existing ?? (await openTestDatabase());
  if (!existing) opened.push(database);
  const app = await buildApp(testConfig(overrides), {
    database,
    ownsDatabase: false,
    demoData: SMALL_SEED,
  });
  await app.ready();
  return { app, database };
}

describe('demo data at start', () => {
  it('is not seeded in production: the published demo passwords do not sign in', async () => {
    const { app, database } = await start({ nodeEnv: 'production', demoData: false });
    try {
      expect(await isDatabaseEmpty(database.db)).toBe(true);
      const res = await login(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      expect(res.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('is seeded when the configuration asks for it (development, or DEMO_DATA=1)', async () => {
    const { app, database } = await start({ nodeEnv: 'development', demoData: true });
    try {
      expect(await isDatabaseEmpty(database.db)).toBe(false);
      const res = await login(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

/** What the demo data is made of, counted from the database. */
async function counts(db: DbExecutor) {
  const [row] = await queryRows<{ users: number; listings: number; dealers: number; links: number }>(
    db,
    sql`select (select count(*) from users)::int as users, (select count(*) from listings)::int as listings,
      (select count(*) from ffl_dealers)::int as dealers, (select count(*) from short_links)::int as links`,
  );
  return row;
}

describe('demo data seeding interrupted', () => {
  it('is completed by the next start when a start stopped after the accounts part', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    // The catalogue's transaction fails after writing everything, as a start that was stopped would.
    const interruptedCatalog: SeedPart = {
      ...catalogSeedPart,
      run: async (tx, random, options) => {
        await catalogSeedPart.run(tx, random, options);
        throw new Error('the start was stopped');
      },
    };
    await expect(
      seedDemoData(database.db, SMALL_SEED, [accountsSeedPart, interruptedCatalog]),
    ).rejects.toThrow('the start was stopped');
    const left = await counts(database.db);
    expect(left?.users).toBeGreaterThan(0);
    expect(left?.listings).toBe(0);

    const { app } = await start({ nodeEnv: 'development', demoData: true }, database);
    await app.close();
    const seeded = await counts(database.db);
    expect(seeded?.listings).toBeGreaterThan(0);
    expect(seeded?.users).toBeGreaterThan(left?.users ?? 0);
    expect(seeded?.dealers).toBeGreaterThan(0);
    expect(seeded?.links).toBe(1);

    // A later start finds every part there and seeds nothing twice.
    const { app: again } = await start({ nodeEnv: 'development', demoData: true }, database);
    try {
      expect(await counts(database.db)).toEqual(seeded);
      expect((await login(again, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).statusCode).toBe(
        200,
      );
    } finally {
      await again.close();
    }
  });

  it('leaves a database of real users alone', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    await database.db.execute(
      sql`insert into users (email, first_name, last_name) values ('someone@example.com', 'Some', 'One')`,
    );
    const { app } = await start({ nodeEnv: 'development', demoData: true }, database);
    await app.close();
    expect(await counts(database.db)).toEqual({ users: 1, listings: 0, dealers: 0, links: 0 });
  });

  it('runs free of the request statement timeout', async () => {
    const database = await openTestDatabase({ statementTimeoutMs: 100 });
    opened.push(database);
    const settings: string[] = [];
    const slowPart: SeedPart = {
      name: 'slow',
      seeded: async () => false,
      run: async (tx) => {
        const [row] = await queryRows<{ timeout: string }>(
          tx,
          sql`select current_setting('statement_timeout') as timeout`,
        );
        settings.push(row?.timeout ?? '');
        // Longer than the requests' statement timeout.
        await tx.execute(sql`select pg_sleep(0.3)`);
      },
    };
    await expect(seedDemoData(database.db, SMALL_SEED, [slowPart])).resolves.toEqual(['slow']);
    expect(settings).toEqual(['0']);
  });
});

describe('the demo auctions', () => {
  it('run every catalogue listing of type Auction as an auction by the listing form’s rules, the same on every seeding', async () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const parts = [
      accountsSeedPart,
      createCatalogSeedPart({ now: () => now }),
      createAuctionsSeedPart({ now: () => now }),
    ];
    const seeded = async () => {
      const database = await openTestDatabase();
      opened.push(database);
      await seedDemoData(database.db, { seed: 3, listings: 4000 }, parts);
      return queryRows<{
        listing_type: number;
        quantity: number;
        price: string;
        listing_end_date: string;
        starting_bid: string | null;
        reserve_price: string | null;
        buy_now_price: string | null;
        current_price: string | null;
        starts_at: string | null;
        ends_at: string | null;
        bid_count: number | null;
        high_bidder_id: string | null;
        history: number;
        search_price: string | null;
        stale_postings: number;
      }>(
        database.db,
        sql`select l.listing_type, l.quantity, l.price, l.listing_end_date, a.starting_bid, a.reserve_price,
            a.buy_now_price, a.current_price, a.starts_at, a.ends_at, a.bid_count, a.high_bidder_id,
            (select count(*)::int from auction_bids b where b.listing_id = l.id) as history,
            s.price as search_price,
            (select count(*)::int from keyword_postings p
              where p.listing_id = l.id and (p.price, p.listing_start_date) <> (l.price, l.listing_start_date))
              as stale_postings
          from listings l left join auctions a on a.listing_id = l.id
            left join listing_search s on s.listing_id = l.id
          where l.listing_type = ${ListingType.Auction} or a.listing_id is not null
          order by l.legacy_id`,
      );
    };
    const auctions = await seeded();
    expect(auctions.length).toBeGreaterThan(5);
    for (const auction of auctions) {
      // Searches see the auction's standing: its search row and postings carry its price and start.
      expect(auction).toMatchObject({
        listing_type: ListingType.Auction,
        quantity: 1,
        price: auction.current_price,
        search_price: auction.current_price,
        stale_postings: 0,
      });
      expect(Date.parse(auction.listing_end_date)).toBe(Date.parse(auction.ends_at ?? ''));
      const startingBid = Number(auction.starting_bid);
      const terms = {
        ...(auction.reserve_price === null ? {} : { reservePrice: Number(auction.reserve_price) }),
        ...(auction.buy_now_price === null ? {} : { buyNowPrice: Number(auction.buy_now_price) }),
      };
      const days = (Date.parse(auction.ends_at ?? '') - Date.parse(auction.starts_at ?? '')) / 86_400_000;
      expect(
        auctionProblems({
          listingType: ListingType.Auction,
          price: startingBid,
          quantity: 1,
          durationDays: days,
          acceptsOffers: false,
          auction: terms,
        }),
      ).toEqual([]);
      // Started; ending over the coming days, but for the demo buyer's win, ended an hour ago.
      expect(Date.parse(auction.starts_at ?? '')).toBeLessThanOrEqual(now.getTime());
      if (
        auction.high_bidder_id === DEMO_ACCOUNTS.buyer.id &&
        Date.parse(auction.ends_at ?? '') <= now.getTime()
      ) {
        expect(Date.parse(auction.ends_at ?? '')).toBe(now.getTime() - 3_600_000);
        expect(auction.reserve_price).toBeNull();
      } else {
        expect(Date.parse(auction.ends_at ?? '')).toBeGreaterThan(now.getTime());
      }
      expect(auction.history).toBe(auction.bid_count);
    }
    const ended = auctions.filter((auction) => Date.parse(auction.ends_at ?? '') <= now.getTime());
    expect(ended.map((auction) => auction.high_bidder_id)).toEqual([DEMO_ACCOUNTS.buyer.id]);
    // The auctions ending on the seeding day have ended by the time the demo is opened later that
    // day: the demo buyer leads none of them, so its only auction to check out is its win.
    const endingThatDay = auctions.filter((auction) => {
      const endsAt = Date.parse(auction.ends_at ?? '');
      return endsAt > now.getTime() && endsAt < now.getTime() + 86_400_000;
    });
    expect(endingThatDay.length).toBeGreaterThan(0);
    expect(endingThatDay.filter((auction) => auction.high_bidder_id === DEMO_ACCOUNTS.buyer.id)).toEqual([]);
    expect(auctions.some((auction) => (auction.bid_count ?? 0) > 0)).toBe(true);
    expect(auctions.some((auction) => auction.reserve_price !== null)).toBe(true);
    expect(auctions.some((auction) => auction.buy_now_price !== null)).toBe(true);
    expect(await seeded()).toEqual(auctions);
  }, 120_000);
});

describe('the demo sales history', () => {
  it('is a year of completed orders of catalogue listings by buyers of its own, in the past, the same on every seeding', async () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const parts = [
      accountsSeedPart,
      createCatalogSeedPart({ now: () => now }),
      fflSeedPart,
      contentSeedPart,
      createAuctionsSeedPart({ now: () => now }),
      createSalesHistorySeedPart({ now: () => now }),
    ];
    const seeded = async () => {
      const database = await openTestDatabase();
      opened.push(database);
      await seedDemoData(database.db, { seed: 3, listings: 600 }, parts);
      const sales = await queryRows<{
        id: string;
        seller_id: string;
        state: string;
        payment_status: string;
        placed_ms: number;
        completed_ms: number;
        subtotal: string;
        shipping_total: string;
        total: string;
        lines: number;
        listing_seller_id: string;
        product: string;
        price: string;
        quantity: number;
        events: string;
        last_event_ms: number;
      }>(
        database.db,
        sql`select o.id, o.seller_id, o.state, o.payment_status,
            extract(epoch from o.created_at)::float8 * 1000 as placed_ms,
            extract(epoch from o.updated_at)::float8 * 1000 as completed_ms,
            o.subtotal, o.shipping_total, o.total,
            (select count(*)::int from order_items x where x.order_id = o.id) as lines,
            l.user_id as listing_seller_id, l.manufacturer || ' ' || l.model as product, i.price, i.quantity,
            (select string_agg(e.state, ' ' order by e.created_at, e.state) from order_events e
              where e.order_id = o.id) as events,
            (select extract(epoch from max(e.created_at))::float8 * 1000 from order_events e
              where e.order_id = o.id) as last_event_ms
          from orders o join order_items i on i.order_id = o.id join listings l on l.id = i.listing_id
          where o.buyer_id in (select id from users where email like 'history.buyer%')
          order by o.created_at, o.id`,
      );
      const buyers = await queryRows<{ id: string; signs_in: boolean }>(
        database.db,
        sql`select id, password_hash is not null as signs_in from users where email like 'history.buyer%'
          order by email`,
      );
      // Each sale is a completed sale for valuations, recorded by the database as the orders were loaded.
      const [recorded] = await queryRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from completed_sales`,
      );
      return { sales, buyers, recorded: recorded?.count };
    };

    const { sales, buyers, recorded } = await seeded();
    expect(recorded).toBe(sales.length);
    const demoIds = Object.values(DEMO_ACCOUNTS).map((account) => account.id);
    // The buyers are accounts of the history's own, which cannot sign in.
    expect(buyers.length).toBeGreaterThan(0);
    for (const buyer of buyers) {
      expect(buyer.signs_in).toBe(false);
      expect(demoIds).not.toContain(buyer.id);
    }
    expect(sales.length).toBeGreaterThan(1000);
    const yearAgo = now.getTime() - 365 * 86_400_000;
    for (const sale of sales) {
      expect(sale).toMatchObject({ state: 'completed', payment_status: 'captured', lines: 1 });
      expect(sale.seller_id).toBe(sale.listing_seller_id);
      expect(demoIds).not.toContain(sale.seller_id);
      expect(sale.placed_ms).toBeGreaterThan(yearAgo);
      expect(sale.placed_ms).toBeLessThan(sale.completed_ms);
      expect(sale.completed_ms).toBeLessThan(now.getTime());
      expect(Number(sale.subtotal)).toBeCloseTo(Number(sale.price) * sale.quantity, 2);
      expect(Number(sale.total)).toBeCloseTo(Number(sale.subtotal) + Number(sale.shipping_total), 2);
      expect(sale.events).toMatch(/^placed paid (awaitingDealer )?shipped delivered completed$/);
      expect(sale.last_event_ms).toBe(sale.completed_ms);
    }
    // The sales spread over the year, and the busiest models sell at least 5 times in every 90 days of it.
    const byProduct = new Map<string, typeof sales>();
    for (const sale of sales) byProduct.set(sale.product, [...(byProduct.get(sale.product) ?? []), sale]);
    const busiest = [...byProduct.values()].sort((a, b) => b.length - a.length).slice(0, 5);
    for (const productSales of busiest) {
      for (let quarter = 0; quarter < 4; quarter++) {
        const end = now.getTime() - quarter * 90 * 86_400_000;
        const inQuarter = productSales.filter(
          (sale) => sale.placed_ms > end - 90 * 86_400_000 && sale.placed_ms <= end,
        );
        expect(inQuarter.length).toBeGreaterThanOrEqual(5);
      }
      const value = valueFromSales(
        productSales.map((sale) => ({ price: Number(sale.price), soldAt: new Date(sale.placed_ms) })),
        now,
      );
      expect(value.salesUsed).toBeGreaterThanOrEqual(5);
      expect(value.trendPercent).not.toBeNull();
    }
    expect(await seeded()).toEqual({ sales, buyers, recorded });
  }, 180_000);
});
