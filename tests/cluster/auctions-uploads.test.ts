/**
 * The reference cluster (scripts/cluster) on work that spans servers: an auction's live channel
 * followed on one server while bids arrive through another; the auction ending job, which every
 * server runs on its own timer, ending each due auction once with one alert per party; and a bulk
 * upload whose server is killed (kill -9: nothing given back) taken over by another once its lease
 * lapses. The servers run with the shortest bulk-upload lease (5 s) so the takeover is quick.
 * Needs HAProxy and PostgreSQL, as tests/cluster/cluster.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster/cluster.ts';
import type { AuctionLiveEvent } from '../../shared/contract/auctions.ts';
import type { BulkUpload } from '../../shared/contract/inventory.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { AUCTION_ENDING_MS } from '../../src-server/modules/auctions/ending.ts';
import { DEMO_ACCOUNTS } from '../../src-server/seed/accounts.ts';
import { multipartForm } from '../api/support/uploads.ts';
import { inventoryCsv } from '../support/inventory-csv.ts';
import { type ScratchDatabase, seededScratchDatabase } from './support/cluster-database.ts';
import { openRawEventStream, type Session, signIn, waitUntil } from './support/http.ts';

/** The servers' bulk-upload lease, in seconds (the least the server accepts). */
const LEASE_SECONDS = 5;

let database: ScratchDatabase;
let dataDir: string;
let cluster: Cluster;
let origins: [string, string, string];
let sql: pg.Client;

beforeAll(async () => {
  database = await seededScratchDatabase('cluster_work');
  dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-cluster-work-'));
  cluster = await startCluster({
    databaseUrl: database.url,
    dataDir,
    demoData: false,
    serverEnv: {
      WEB_ROOT: path.resolve(import.meta.dirname, '../api/fixtures/web'),
      BULK_UPLOAD_LEASE_SECONDS: String(LEASE_SECONDS),
    },
  });
  origins = cluster.servers.map((server) => server.origin) as [string, string, string];
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await cluster?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Runs `query` on the test's own connection to the cluster's database; its rows. */
async function rowsOf<T>(query: string, values: unknown[] = []): Promise<T[]> {
  return (await sql.query(query, values)).rows as T[];
}

/** Lists a $100-start optic auction for 7 days through `origin`; its listing id. */
async function listAuction(origin: string, seller: Session, title: string): Promise<string> {
  const form = multipartForm(
    {
      request: JSON.stringify({
        title,
        description: '<p>Clear glass, original box.</p>',
        familyId: CategoryFamilyId.Optics,
        manufacturer: 'Leupold',
        condition: 'Used',
        quantity: 1,
        price: 100,
        zipCode: '75201',
        listingType: 1,
        durationDays: 7,
      }),
    },
    [],
  );
  const response = await fetch(`${origin}/api/listings/add`, {
    method: 'POST',
    headers: { ...form.headers, authorization: seller.authorization },
    body: new Uint8Array(form.payload),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`auction refused on ${origin}: ${response.status} ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}

/** Bids `maxBid` on the auction through `origin` (answers 200 or throws). */
async function bid(origin: string, bidder: Session, listingId: string, maxBid: number): Promise<void> {
  const response = await fetch(`${origin}/api/auctions/${listingId}/bids`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: bidder.authorization },
    body: JSON.stringify({ maxBid, idempotencyKey: randomUUID() }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`bid refused on ${origin}: ${response.status} ${text}`);
}

/** Runs `work` on each item, `concurrency` at a time. */
async function eachAtOnce<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) await work(items[index]!, index);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

describe('auctions across servers', () => {
  it("brings each bid, through whichever server, to the auction's watchers on the others and through the balancer", async () => {
    const seller = await signIn(origins[0], DEMO_ACCOUNTS.seller.email, DEMO_ACCOUNTS.seller.password);
    const buyer = await signIn(origins[0], DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password);
    const rival = await signIn(origins[1], DEMO_ACCOUNTS.dealer.email, DEMO_ACCOUNTS.dealer.password);
    const id = await listAuction(origins[0], seller, 'Leupold Mark 5HD 5-25x56 cluster auction');
    // A visitor on s2, the buyer on s3 (who sees their own standing), and a visitor through HAProxy.
    const visitor = await openRawEventStream<AuctionLiveEvent>(`${origins[1]}/api/auctions/${id}/live`, null);
    const own = await openRawEventStream<AuctionLiveEvent>(`${origins[2]}/api/auctions/${id}/live`, buyer);
    const balanced = await openRawEventStream<AuctionLiveEvent>(
      `${cluster.url}/api/auctions/${id}/live`,
      null,
    );
    try {
      for (const stream of [visitor, own, balanced]) {
        expect(stream.status).toBe(200);
        expect((await stream.next(() => true)).auction).toMatchObject({ listingId: id, bidCount: 0 });
      }
      // The buyer bids through s1, the rival outbids them through s2, the buyer comes back through s3.
      const rounds = [
        { origin: origins[0], who: buyer, maxBid: 150, price: 100, standing: 'leading' },
        { origin: origins[1], who: rival, maxBid: 300, price: 155, standing: 'outbid' },
        { origin: origins[2], who: buyer, maxBid: 400, price: 305, standing: 'leading' },
      ] as const;
      const delays: number[] = [];
      for (const round of rounds) {
        const sent = performance.now();
        await bid(round.origin, round.who, id, round.maxBid);
        const seen = await visitor.next((event) => event.auction.currentPrice === round.price);
        delays.push(performance.now() - sent);
        expect(seen.auction).toMatchObject({ myStanding: null, myMaxBid: null });
        await own.next(
          (event) =>
            event.auction.currentPrice === round.price && event.auction.myStanding === round.standing,
        );
        await balanced.next((event) => event.auction.currentPrice === round.price);
      }
      console.info(
        `auction live across servers: a bid → the event on another server in ${delays.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (bid included)`,
      );
      expect(Math.max(...delays)).toBeLessThan(2_000);
    } finally {
      for (const stream of [visitor, own, balanced]) stream.close();
    }
  });

  it('ends each due auction once, with one alert per party, though all three servers run the ending job', async () => {
    const seller = await signIn(origins[1], DEMO_ACCOUNTS.seller.email, DEMO_ACCOUNTS.seller.password);
    const bidder = await signIn(origins[2], DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password);
    const count = 60;
    const ids: string[] = new Array(count);
    // Listed through the three servers; every other one gets a bid, so it sells.
    await eachAtOnce(ids, 6, async (_, index) => {
      const origin = origins[index % 3]!;
      ids[index] = await listAuction(
        origin,
        seller,
        `Swarovski Z8i ending ${index} ${randomUUID().slice(0, 8)}`,
      );
      if (index % 2 === 0) await bid(origin, bidder, ids[index]!, 150);
    });
    // All due at once: whichever servers' timers come first take them (each takes the rows it can lock).
    await rowsOf(
      "update auctions set ends_at = now() - interval '1 second' where listing_id = any($1::uuid[])",
      [ids],
    );
    const due = performance.now();
    const took = await waitUntil(
      async () =>
        (
          await rowsOf<{ open: number }>(
            'select count(*)::int as open from auctions where listing_id = any($1::uuid[]) and outcome is null',
            [ids],
          )
        )[0]?.open === 0,
      AUCTION_ENDING_MS * 2 + 10_000,
      'every due auction ended',
    );
    const outcomes = await rowsOf<{ listing_id: string; outcome: string; high_bidder_id: string | null }>(
      'select listing_id, outcome, high_bidder_id from auctions where listing_id = any($1::uuid[])',
      [ids],
    );
    const byId = new Map(outcomes.map((row) => [row.listing_id, row]));
    for (const [index, id] of ids.entries()) {
      expect(byId.get(id)?.outcome, `auction ${index}`).toBe(index % 2 === 0 ? 'sold' : 'unsold');
    }
    // One alert to the seller for each auction and one to the winner for each sold one: never two.
    const alerts = await rowsOf<{ user_id: string; subject: string; alerts: number }>(
      `select user_id, subject, count(*)::int as alerts from alerts
        where subject = any($1::text[]) group by user_id, subject`,
      [ids.map((id) => `auction:${id}`)],
    );
    const alertsOf = (userId: string, id: string) =>
      alerts.find((row) => row.user_id === userId && row.subject === `auction:${id}`)?.alerts ?? 0;
    for (const [index, id] of ids.entries()) {
      expect(alertsOf(DEMO_ACCOUNTS.seller.id, id), `seller, auction ${index}`).toBe(1);
      expect(alertsOf(DEMO_ACCOUNTS.buyer.id, id), `winner, auction ${index}`).toBe(index % 2 === 0 ? 1 : 0);
    }
    console.info(
      `auction ending across servers: ${count} auctions due at once, all ended ${(took / 1000).toFixed(1)} s later (jobs every ${AUCTION_ENDING_MS / 1000} s on each server), ${alerts.length} alerts, each party once; ${((performance.now() - due) / 1000).toFixed(1)} s in all`,
    );
  }, 120_000);
});

describe('a bulk upload whose server is killed', () => {
  it('kill -9 mid-upload: another server takes the upload over once its lease lapses, every row once', async () => {
    const server = cluster.servers[0]!;
    const dealer = await signIn(server.origin, DEMO_ACCOUNTS.dealer.email, DEMO_ACCOUNTS.dealer.password);
    const rows = 10_000;
    const form = new FormData();
    form.append(
      'formFiles',
      new Blob([new Uint8Array(inventoryCsv(rows))], { type: 'text/csv' }),
      'inventory.csv',
    );
    const queued = await fetch(`${server.origin}/api/users/process-bulkuploads`, {
      method: 'POST',
      headers: { authorization: dealer.authorization },
      body: form,
    });
    expect(queued.status, await queued.clone().text()).toBe(200);
    const id = ((await queued.json()) as { results: BulkUpload[] }).results[0]!.id;
    const uploadOf = async () => {
      const response = await fetch(`${origins[1]}/api/users/bulkuploads`, {
        headers: { authorization: dealer.authorization },
      });
      return ((await response.json()) as { results: BulkUpload[] }).results.find(
        (upload) => upload.id === id,
      )!;
    };
    // The server that queued it claims it at once (each claim holds it under a holder id of its own).
    await waitUntil(async () => (await uploadOf()).processedRows > 0, 30_000, 'the upload under way');
    const holderNow = async () =>
      (
        await rowsOf<{ lease_holder: string | null }>('select lease_holder from bulk_uploads where id = $1', [
          id,
        ])
      )[0]?.lease_holder ?? null;
    const holders = new Set<string>();
    const first = await holderNow();
    expect(first).not.toBeNull();
    holders.add(first!);

    await server.stop('SIGKILL');
    const killed = performance.now();
    const atKill = await uploadOf();
    await waitUntil(
      async () => {
        const holder = await holderNow();
        if (holder) holders.add(holder);
        return (await uploadOf()).status === 'Completed';
      },
      90_000,
      'the upload completed by another server',
    );
    const done = await uploadOf();
    const after = await holderNow();
    // Each stock number listed once: the batch cut by the kill was rolled back and written again.
    const [listed] = await rowsOf<{ listings: number; distinct: number }>(
      `select count(*)::int as listings, count(distinct lower(seller_stock_number))::int as distinct
        from listings where user_id = $1 and seller_stock_number like 'INV-%'`,
      [DEMO_ACCOUNTS.dealer.id],
    );
    console.info(
      `bulk upload: kill -9 of s1 at ${atKill.processedRows} of ${rows} rows; completed by another server ${((performance.now() - killed) / 1000).toFixed(1)} s later (lease ${LEASE_SECONDS} s)`,
    );
    // The killed server's claim, then another server's.
    expect(holders.size).toBeGreaterThanOrEqual(2);
    expect(done.processedRows).toBe(rows);
    expect(done.createdCount).toBe(rows);
    expect(after).toBeNull();
    expect(listed).toEqual({ listings: rows, distinct: rows });

    await server.start();
  }, 150_000);
});
