/**
 * The reference cluster (scripts/cluster): three real server processes on one PostgreSQL database
 * and one S3-compatible bucket, behind HAProxy. Each test talks to the servers' own ports to show
 * that what one server did, another sees; the restart tests go through the balancer.
 * Needs HAProxy (apt-get install -y haproxy) and PostgreSQL (CLUSTER_TEST_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/test). Run with `npm run test:cluster`.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_DRAIN_SECONDS, type Cluster, startCluster } from '../../scripts/cluster/cluster.ts';
import type { BulkUpload } from '../../shared/contract/inventory.ts';
import { searchRequestSchema } from '../../shared/contract/listing-search.ts';
import { THROTTLE_RULES } from '../../src-server/core/throttle.ts';
import { popularSearchKey } from '../../src-server/modules/listings/routes.ts';
import { DEMO_ACCOUNTS } from '../../src-server/seed/accounts.ts';
import { inventoryCsv } from '../support/inventory-csv.ts';
import { type ScratchDatabase, seededScratchDatabase } from './support/cluster-database.ts';
import {
  addListing,
  login,
  openRawEventStream,
  readLoad,
  searchIds,
  sendMessage,
  signIn,
  sleep,
  waitUntil,
} from './support/http.ts';

let database: ScratchDatabase;
let dataDir: string;
let cluster: Cluster;
let origins: [string, string, string];

beforeAll(async () => {
  const started = performance.now();
  database = await seededScratchDatabase('cluster');
  const seeded = performance.now();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-cluster-'));
  cluster = await startCluster({
    databaseUrl: database.url,
    dataDir,
    demoData: false,
    serverEnv: {
      WEB_ROOT: path.resolve(import.meta.dirname, '../api/fixtures/web'),
      // A claim on a bulk upload that was not given back would hold it for 10 minutes.
      BULK_UPLOAD_LEASE_SECONDS: '600',
    },
  });
  origins = cluster.servers.map((server) => server.origin) as [string, string, string];
  console.info(
    `cluster test: database copied and seeded in ${((seeded - started) / 1000).toFixed(1)} s, cluster started in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
});

afterAll(async () => {
  await cluster?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const { buyer, seller } = DEMO_ACCOUNTS;

describe('three servers on one database and one bucket, behind HAProxy', () => {
  it('honours a session made on one server on the others, and through the balancer', async () => {
    const session = await signIn(origins[0], buyer.email, buyer.password);
    for (const origin of [...origins, cluster.url]) {
      const response = await fetch(`${origin}/api/messages/getUnreadMessagesCount`, {
        headers: { authorization: session.authorization },
      });
      expect(response.status, origin).toBe(200);
      expect(await response.json()).toEqual({ unreadCount: expect.any(Number) });
    }
    // And a token the servers did not sign is refused by each.
    const forged = `${session.token.slice(0, -4)}AAAA`;
    const refused = await fetch(`${origins[2]}/api/messages/getUnreadMessagesCount`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(refused.status).toBe(401);
  });

  it('serves a photo uploaded through one server from the others (the bucket), and deletes it for all', async () => {
    const session = await signIn(origins[0], seller.email, seller.password);
    const added = await addListing(origins[0], session, 'Leupold VX-3HD 4.5-14x40 cluster photo');
    const bytes: Buffer[] = [];
    for (const origin of [origins[1], origins[2], cluster.url]) {
      const response = await fetch(`${origin}${added.src}?w=412`);
      expect(response.status, origin).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await response.arrayBuffer());
      expect((await sharp(body).metadata()).width).toBe(412);
      bytes.push(body);
    }
    expect(bytes[1]!.equals(bytes[0]!) && bytes[2]!.equals(bytes[0]!)).toBe(true);
    // No server kept it on its own disk.
    for (const index of [1, 2, 3])
      expect(existsSync(path.join(dataDir, `server-${index}`, 'files'))).toBe(false);

    const removed = await fetch(`${origins[1]}/api/listings/delete/${added.id}`, {
      method: 'DELETE',
      headers: { authorization: session.authorization },
    });
    expect(removed.status).toBe(200);
    for (const origin of origins) expect((await fetch(`${origin}${added.src}`)).status, origin).toBe(404);
  });

  it('brings a message sent through one server to the live unread count of a stream on another', async () => {
    const buyerSession = await signIn(origins[0], buyer.email, buyer.password);
    const sellerSession = await signIn(origins[1], seller.email, seller.password);
    const listing = await addListing(origins[2], sellerSession, 'Nightforce NX8 2.5-20x50 cluster message');
    const stream = await openRawEventStream<{ type: string; unreadCount: number }>(
      `${origins[1]}/api/messages/live`,
      sellerSession,
    );
    expect(stream.status).toBe(200);
    // The same channel through HAProxy (its `live` backend): events pass as they come, unbuffered.
    const balanced = await openRawEventStream<{ type: string; unreadCount: number }>(
      `${cluster.url}/api/messages/live`,
      sellerSession,
    );
    expect(balanced.status).toBe(200);
    const opened = await stream.next((event) => event.type === 'unread');
    await balanced.next((event) => event.type === 'unread');

    const delays: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const sent = performance.now();
      const response = await sendMessage(
        origins[0],
        buyerSession.authorization,
        listing.id,
        `Is it still for sale? (${round})`,
      );
      expect(response.status, await response.clone().text()).toBe(200);
      await stream.next(
        (event) => event.type === 'message' && event.unreadCount === opened.unreadCount + round,
      );
      delays.push(performance.now() - sent);
      await balanced.next(
        (event) => event.type === 'message' && event.unreadCount === opened.unreadCount + round,
      );
    }
    stream.close();
    balanced.close();
    console.info(
      `live unread count across servers: message sent on s1 → event on s2 in ${delays.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (send included)`,
    );
    expect(Math.max(...delays)).toBeLessThan(2_000);
  });

  it('answers a cached search on one server with a listing written through another at its next request', async () => {
    const word = `clusterwidget${Date.now().toString(36)}`;
    const body = searchRequestSchema.parse({ keyword: word });
    // A keyword search on the first page is a popular search: kept in each server's shared cache.
    expect(popularSearchKey(body)).not.toBeNull();
    expect(await searchIds(origins[1], body)).toEqual([]);
    expect(await searchIds(origins[2], body)).toEqual([]);

    const session = await signIn(origins[0], seller.email, seller.password);
    const added = await addListing(origins[0], session, `Trijicon ${word} red dot`);
    const acknowledged = performance.now();
    const delays: number[] = [];
    for (const origin of [origins[1], origins[2]]) {
      await waitUntil(
        async () => (await searchIds(origin, body)).includes(added.id),
        5_000,
        `the new listing in the cached search on ${origin}`,
      );
      delays.push(performance.now() - acknowledged);
    }
    console.info(
      `shared cache across servers: listing written on s1 → in the cached search on s2 after ${delays[0]!.toFixed(0)} ms, on s3 after ${delays[1]!.toFixed(0)} ms`,
    );
    // Read per request on PostgreSQL: the very first search after the write sees it.
    expect(Math.max(...delays)).toBeLessThan(1_000);
  });

  it('holds the sign-in limit across servers: guesses spread over three get no more tries than one', async () => {
    const { max } = THROTTLE_RULES.loginPair;
    // One client address of its own (each server believes the one proxy hop, as behind HAProxy).
    const from = { 'x-forwarded-for': '10.38.0.1' };
    const guesses = await Promise.all(
      Array.from({ length: 3 * max }, (_, index) =>
        login(origins[index % 3]!, DEMO_ACCOUNTS.newSeller.email, `wrong-${index}`, from).then(
          (response) => response.status,
        ),
      ),
    );
    expect(guesses.filter((status) => status === 401)).toHaveLength(max);
    expect(guesses.filter((status) => status === 429)).toHaveLength(2 * max);
    // The right password is refused too now, on every server.
    for (const origin of origins) {
      const right = await login(
        origin,
        DEMO_ACCOUNTS.newSeller.email,
        DEMO_ACCOUNTS.newSeller.password,
        from,
      );
      expect(right.status, origin).toBe(429);
    }
  });
});

describe('a server stopping or dying behind HAProxy', () => {
  const reads = ['/api/health', '/api/listings/featured', '/api/listings/newthisweek', '/api/brands', '/'];

  it('SIGTERM: drains (health 503), ends its streams with a reconnect hint and exits, with no read through the balancer failing', async () => {
    const server = cluster.servers[1]!;
    const session = await signIn(server.origin, buyer.email, buyer.password);
    const stream = await openRawEventStream(`${server.origin}/api/messages/live`, session);
    await stream.next(() => true);
    const load = readLoad(cluster.url, reads);
    await sleep(500);

    const started = performance.now();
    const exited = server.stop('SIGTERM');
    // Still answering while it drains, but unhealthy, so HAProxy takes it out.
    await waitUntil(
      async () => (await fetch(`${server.origin}/api/health`)).status === 503,
      2_000,
      'health 503 while draining',
    );
    await waitUntil(
      async () =>
        (await cluster.haproxy.stats()).some(
          (row) => row.backend === 'api' && row.server === 's2' && row.status.startsWith('DOWN'),
        ),
      CLUSTER_DRAIN_SECONDS * 1000,
      'HAProxy marking s2 down within the drain',
    );
    expect(await exited).toBe(0);
    const took = performance.now() - started;
    await stream.ended;
    const hint = Number(/retry: (\d+)\n\n$/.exec(stream.text)?.[1]);
    await sleep(500);
    await load.stop();

    console.info(
      `SIGTERM: s2 exited after ${took.toFixed(0)} ms (drain ${CLUSTER_DRAIN_SECONDS} s); ${load.sent} reads through HAProxy, ${load.failures.length} failed; stream ended with retry ${hint} ms`,
    );
    expect(load.failures).toEqual([]);
    expect(took).toBeGreaterThanOrEqual(CLUSTER_DRAIN_SECONDS * 1000);
    expect(hint).toBeGreaterThanOrEqual(500);
    expect(hint).toBeLessThan(1500);

    await server.start();
    const back = await waitUntil(
      async () =>
        (await cluster.haproxy.stats()).some(
          (row) => row.backend === 'api' && row.server === 's2' && row.status === 'UP',
        ),
      10_000,
      'HAProxy taking s2 back',
    );
    console.info(`s2 restarted; HAProxy had it UP ${back.toFixed(0)} ms after it answered /api/health`);
  });

  it('kill -9: reads under way and after are retried on the others; the restarted server is taken back', async () => {
    const server = cluster.servers[2]!;
    const load = readLoad(cluster.url, reads);
    await sleep(500);
    await server.stop('SIGKILL');
    const killed = performance.now();
    await waitUntil(
      async () =>
        (await cluster.haproxy.stats()).some(
          (row) => row.backend === 'api' && row.server === 's3' && !row.status.startsWith('UP'),
        ),
      5_000,
      'HAProxy marking s3 down',
    );
    const down = performance.now() - killed;
    await sleep(1_000);
    await server.start();
    const restarted = performance.now() - killed;
    await waitUntil(
      async () =>
        (await cluster.haproxy.stats()).some(
          (row) => row.backend === 'api' && row.server === 's3' && row.status === 'UP',
        ),
      10_000,
      'HAProxy taking s3 back',
    );
    const back = performance.now() - killed;
    await load.stop();
    const stats = (await cluster.haproxy.stats()).filter((row) => row.backend === 'api');
    const retries = stats.reduce((sum, row) => sum + row.retries + row.redispatches, 0);
    console.info(
      `kill -9: s3 out of rotation after ${down.toFixed(0)} ms, answering again after ${restarted.toFixed(0)} ms, back in rotation after ${back.toFixed(0)} ms; ${load.sent} reads through HAProxy, ${load.failures.length} failed, ${retries} retried or redispatched`,
    );
    expect(load.failures).toEqual([]);
  });

  it('SIGTERM during a bulk upload gives its lease back: another server resumes the upload at once', async () => {
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
    // Any server answers for the upload (the database is one); s2 is asked, s1 is the one stopped.
    const uploadOf = async () => {
      const response = await fetch(`${cluster.servers[1]!.origin}/api/users/bulkuploads`, {
        headers: { authorization: dealer.authorization },
      });
      return ((await response.json()) as { results: BulkUpload[] }).results.find(
        (upload) => upload.id === id,
      )!;
    };
    await waitUntil(async () => (await uploadOf()).processedRows > 0, 30_000, 'the upload under way');

    const stopped = performance.now();
    const exited = server.stop('SIGTERM');
    const atStop = await uploadOf();
    expect(await exited).toBe(0);
    const resumed = await waitUntil(
      async () => (await uploadOf()).status === 'Completed',
      60_000,
      'the upload completed by another server',
    );
    const done = await uploadOf();
    console.info(
      `bulk upload: SIGTERM to s1 at ${atStop.processedRows} of ${rows} rows; completed by another server ${((performance.now() - stopped) / 1000).toFixed(1)} s later (its claim would have held 600 s)`,
    );
    expect(done.processedRows).toBe(rows);
    expect(done.createdCount).toBe(rows);
    expect(resumed).toBeLessThan(60_000);
  });
});
