/**
 * The reference cluster (scripts/cluster: three servers on one PostgreSQL and one S3-compatible
 * bucket, behind HAProxy) under a shopper mix, on a scratch database seeded with the demo data:
 *
 * 1. throughput of the mix through the balancer with 3 servers, then with 1 (the other two taken
 *    out through HAProxy's runtime API);
 * 2. the balancer's overhead: one client, health checks straight to a server and through HAProxy,
 *    alternated;
 * 3. cross-server delays under the mix: a message sent through s1 to the live unread count of a
 *    stream on s2; a listing written through s1 to the cached search of s2;
 * 4. kill -9 of one server under the mix, restarted at once: failed reads (target 0), writes that
 *    failed and acknowledged writes lost (target 0), recovery (back in rotation, target ≤ 15 s);
 * 5. a rolling restart under the mix (SIGTERM, start, back in rotation, one server after the other):
 *    failed reads and writes, acknowledged writes lost.
 *
 * The mix: home page, listing pages, the home lists, brands, the generated search mix
 * (search-mix.ts) and suggestion texts, the unread count, and messages sent by signed-in buyers
 * (the writes whose acknowledgement is checked against the database afterwards).
 *
 * Usage: npm run bench:cluster [-- --connections 50 --duration 20 --kill-duration 30 --listings 20000
 *   --postgres postgres://postgres@127.0.0.1:5432/test --only throughput,overhead,delays,kill,rolling]
 * `--only` runs the named parts alone (after the seeding, the cluster's start and the warm-up).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Cluster, startCluster } from '../scripts/cluster/cluster.ts';
import { openDatabase, queryRows } from '../src-server/db/client.ts';
import { users } from '../src-server/db/schema.ts';
import { DEMO_ACCOUNTS } from '../src-server/seed/accounts.ts';
import { seedDemoData } from '../src-server/seed/seed.ts';
import { tokenFor } from '../tests/api/support/catalog.ts';
import {
  addListing,
  openRawEventStream,
  searchIds,
  sendMessage,
  signIn,
  sleep,
} from '../tests/cluster/support/http.ts';
import { type Data, describeRun, fmt, perSecond, runMix, shopperMix } from './cluster-mix.ts';
import { withScratchPostgres } from './postgres-database.ts';
import { mixCatalogue, searchMix, suggestionPrefixes } from './search-mix.ts';
import { ROOT } from './server-process.ts';
import { figuresOf } from './timing.ts';

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    'kill-duration': { type: 'string', default: '30' },
    listings: { type: 'string', default: '20000' },
    only: { type: 'string', default: 'throughput,overhead,delays,kill,rolling' },
    postgres: {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const CONNECTIONS = Number(flags.connections);
const DURATION_MS = Number(flags.duration) * 1000;
const KILL_DURATION_MS = Number(flags['kill-duration']) * 1000;
const LISTINGS = Number(flags.listings);
const PARTS = ['throughput', 'overhead', 'delays', 'kill', 'rolling'] as const;
const ONLY = new Set(flags.only.split(',').map((part) => part.trim()));
for (const part of ONLY) {
  if (!(PARTS as readonly string[]).includes(part)) throw new Error(`--only: no part named ${part}`);
}
const runs = (part: (typeof PARTS)[number]) => ONLY.has(part);
/** Seconds into the kill phase when the server is killed. */
const KILL_AT_MS = 5_000;
const WARM_UP_MS = 5_000;
/** Buyers who send the mix's messages (each sender may send 60 in 10 minutes, 20 to one seller). */
const SENDERS = 300;
const PROBES = 40;
const WEB_ROOT = existsSync(path.join(ROOT, 'dist/web/index.html'))
  ? path.join(ROOT, 'dist/web')
  : path.join(ROOT, 'tests/api/fixtures/web');

async function serverStatus(cluster: Cluster, name: string): Promise<string> {
  const row = (await cluster.haproxy.stats()).find((stat) => stat.backend === 'api' && stat.server === name);
  return row?.status ?? 'unknown';
}

async function untilStatus(
  cluster: Cluster,
  name: string,
  wanted: (status: string) => boolean,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!wanted(await serverStatus(cluster, name))) {
    if (Date.now() > deadline) throw new Error(`${name} did not reach the wanted state in HAProxy`);
    await sleep(100);
  }
}

/** HAProxy's log so far: a line per request that did not end well (deploy/haproxy/ironsight.cfg). */
function balancerLog(cluster: Cluster): Promise<string> {
  return readFile(path.join(cluster.logDir, 'haproxy.log'), 'utf8').catch(() => '');
}

/** The requests HAProxy retried, redispatched or could not answer, by termination state, and the last few. */
function printBalancerLog(text: string): void {
  // httplog: … Tq/Tw/Tc/Tr/Ta status bytes - - TERM … retries "request"
  const requests = text.split('\n').filter((line) => / "[A-Z]+ \S+ HTTP\/[\d.]+"$/.test(line));
  const states = new Map<string, number>();
  for (const line of requests) {
    const state = /\s\d{3} \d+ \S+ \S+ (\S{4}) /.exec(line)?.[1] ?? '?';
    states.set(state, (states.get(state) ?? 0) + 1);
  }
  console.info(
    `HAProxy logged ${requests.length} requests retried or not answered whole; by termination state: ${[...states].map(([state, count]) => `${state} ${count}`).join(', ') || 'none'}`,
  );
  for (const line of requests.filter((entry) => !/ ---- /.test(entry)).slice(0, 10))
    console.info(`  ${line.slice(0, 300)}`);
}

/** Balancer overhead: one client, `/api/health` straight to s1 and through HAProxy, alternated. */
async function balancerOverhead(cluster: Cluster, rounds = 1000) {
  const direct: number[] = [];
  const balanced: number[] = [];
  const time = async (url: string, into: number[]) => {
    const began = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    into.push(performance.now() - began);
  };
  for (let round = 0; round < rounds; round++) {
    await time(`${cluster.servers[0]!.origin}/api/health`, direct);
    await time(`${cluster.url}/api/health`, balanced);
  }
  return { direct: figuresOf(direct.slice(50)), balanced: figuresOf(balanced.slice(50)) };
}

/** Cross-server delays under the mix: live unread count (s1 → stream on s2) and cached search (s1 → s2). */
async function crossServerDelays(cluster: Cluster, data: Data) {
  const [s1, s2] = cluster.servers.map((server) => server.origin) as [string, string];
  const dealer = await signIn(s1, DEMO_ACCOUNTS.dealer.email, DEMO_ACCOUNTS.dealer.password);
  const target = await addListing(s1, dealer, 'Zeiss Conquest V4 cluster bench');
  const stream = await openRawEventStream<{ type: string; unreadCount: number }>(
    `${s2}/api/messages/live`,
    dealer,
  );
  const opened = await stream.next((event) => event.type === 'unread', 10_000);
  // From the send to the event on s2, and from the send's acknowledgement to it (0 when the event came first).
  const live: number[] = [];
  const liveAfterAck: number[] = [];
  const sends: number[] = [];
  for (let round = 1; round <= PROBES; round++) {
    const began = performance.now();
    const response = await sendMessage(s1, data.senders[round]!, target.id, `Probe ${round}`);
    const acknowledged = performance.now();
    sends.push(acknowledged - began);
    if (response.status !== 200) throw new Error(`probe message refused: ${response.status}`);
    await stream.next(
      (event) => event.type === 'message' && event.unreadCount >= opened.unreadCount + round,
      10_000,
    );
    live.push(performance.now() - began);
    liveAfterAck.push(Math.max(0, performance.now() - acknowledged));
  }
  stream.close();

  // From the write's acknowledgement to the answer of the first search on s2 that has it; and how
  // often the first search sent after the acknowledgement already had it.
  const cache: number[] = [];
  let firstSearchHadIt = 0;
  for (let round = 1; round <= PROBES; round++) {
    const word = `benchwidget${round}x${Date.now().toString(36)}`;
    const body = { keyword: word };
    if ((await searchIds(s2, body)).length !== 0) throw new Error('the probe word is already listed');
    const added = await addListing(s1, dealer, `Vortex ${word} red dot`);
    const acknowledged = performance.now();
    for (let attempt = 0; ; attempt++) {
      if ((await searchIds(s2, body)).includes(added.id)) {
        if (attempt === 0) firstSearchHadIt += 1;
        break;
      }
      if (performance.now() - acknowledged > 10_000)
        throw new Error('the write never reached the cached search');
      await sleep(5);
    }
    cache.push(performance.now() - acknowledged);
  }
  return {
    live: figuresOf(live),
    liveAfterAck: figuresOf(liveAfterAck),
    sends: figuresOf(sends),
    cache: figuresOf(cache),
    firstSearchHadIt,
  };
}

async function seed(url: string): Promise<Data> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  try {
    const started = performance.now();
    await seedDemoData(handle.db, { seed: 1997, listings: LISTINGS });
    await handle.db.execute(sql`vacuum analyze`);
    console.info(
      `seeded ${LISTINGS.toLocaleString('en-US')} listings in ${((performance.now() - started) / 1000).toFixed(0)} s (load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')})`,
    );
    const catalogue = await mixCatalogue(handle.db);
    const listings = await queryRows<{ id: string; title: string }>(
      handle.db,
      sql`select id, title from listings where not is_sold order by id limit 2000`,
    );
    const senders = await handle.db
      .insert(users)
      .values(
        Array.from({ length: SENDERS }, (_, index) => ({
          email: `cluster-buyer-${index}@example.com`,
          firstName: `Buyer${index}`,
          lastName: 'Bench',
          roles: ['Buyer'],
        })),
      )
      .returning({ id: users.id });
    return {
      listings,
      searches: searchMix(catalogue).map((request) => JSON.stringify(request.body)),
      prefixes: suggestionPrefixes(catalogue),
      senders: senders.map((sender) => sender.id),
    };
  } finally {
    await handle.close();
  }
}

async function lostWrites(url: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const [row] = await queryRows<{ found: number }>(
      handle.db,
      sql`select count(*)::int as found from messages where id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`,
    );
    return ids.length - (row?.found ?? 0);
  } finally {
    await handle.close();
  }
}

await withScratchPostgres(flags.postgres, 'cluster_bench', async (url) => {
  const data = await seed(url);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-cluster-bench-'));
  const clusterStarted = performance.now();
  const cluster = await startCluster({
    databaseUrl: url,
    dataDir,
    demoData: false,
    serverEnv: { WEB_ROOT },
  });
  console.info(
    `cluster started in ${((performance.now() - clusterStarted) / 1000).toFixed(1)} s: ${cluster.url}`,
  );
  try {
    // The mix's senders, signed with the cluster's secret as its servers would sign them.
    const tokens = await Promise.all(
      data.senders.map(async (id) => `Bearer ${await tokenFor(id, ['Buyer'], cluster.jwtSecret)}`),
    );
    const mixData: Data = { ...data, senders: tokens };
    const mix = shopperMix(mixData);

    console.info(`\nwarming up (${WARM_UP_MS / 1000} s)…`);
    await runMix(cluster.url, CONNECTIONS, mix, mixData, WARM_UP_MS);

    if (runs('throughput')) {
      console.info(
        `\n1. Throughput: ${CONNECTIONS} connections, ${DURATION_MS / 1000} s each, through HAProxy`,
      );
      const three = await runMix(cluster.url, CONNECTIONS, mix, mixData, DURATION_MS);
      console.info(describeRun('3 servers', three));
      for (const name of ['s2', 's3']) await cluster.haproxy.command(`disable server api/${name}`);
      const one = await runMix(cluster.url, CONNECTIONS, mix, mixData, DURATION_MS);
      console.info(describeRun('1 server (s2, s3 disabled)', one));
      for (const name of ['s2', 's3']) await cluster.haproxy.command(`enable server api/${name}`);
      for (const name of ['s2', 's3']) await untilStatus(cluster, name, (status) => status === 'UP');
      console.info(
        `3 servers / 1 server: ${(perSecond(three) / perSecond(one)).toFixed(2)}× (2 cores shared by the servers, PostgreSQL, HAProxy and this client)`,
      );
    }
    if (runs('overhead')) {
      console.info('\n2. Balancer overhead: one client, GET /api/health, 1,000 of each, alternated');
      const overhead = await balancerOverhead(cluster);
      console.info(
        `straight to s1: p50 ${fmt(overhead.direct.p50)}, p99 ${fmt(overhead.direct.p99)}; through HAProxy: p50 ${fmt(overhead.balanced.p50)}, p99 ${fmt(overhead.balanced.p99)}; overhead p50 ${fmt(overhead.balanced.p50 - overhead.direct.p50)}`,
      );
    }
    if (runs('delays')) {
      console.info(`\n3. Cross-server delays under the mix (${PROBES} probes each)`);
      const probe: { delays: Awaited<ReturnType<typeof crossServerDelays>> | null } = { delays: null };
      await runMix(
        cluster.url,
        CONNECTIONS,
        mix,
        mixData,
        300_000,
        async () => {
          probe.delays = await crossServerDelays(cluster, mixData);
        },
        { untilDone: true },
      );
      const probed = probe.delays;
      if (probed) {
        console.info(
          `live unread count, message sent on s1 → event on s2: p50 ${fmt(probed.live.p50)}, p95 ${fmt(probed.live.p95)} from the send; p50 ${fmt(probed.liveAfterAck.p50)}, p95 ${fmt(probed.liveAfterAck.p95)} after its acknowledgement; the send itself p50 ${fmt(probed.sends.p50)}, p95 ${fmt(probed.sends.p95)} (target p95 ≤ 1 s from the send)`,
        );
        console.info(
          `cached search, listing written on s1 → answered on s2: p50 ${fmt(probed.cache.p50)}, p95 ${fmt(probed.cache.p95)} after the acknowledgement (target p95 ≤ 1 s); the first search sent after it had it ${probed.firstSearchHadIt}/${PROBES} times`,
        );
      }
    }
    if (runs('kill')) {
      console.info(
        `\n4. kill -9 of s2 ${KILL_AT_MS / 1000} s into ${KILL_DURATION_MS / 1000} s of the mix, restarted at once`,
      );
      const victim = cluster.servers[1]!;
      const events: Record<string, number> = {};
      const logBefore = await balancerLog(cluster);
      const killRun = await runMix(
        cluster.url,
        CONNECTIONS,
        mix,
        mixData,
        KILL_DURATION_MS,
        async (elapsed) => {
          await sleep(KILL_AT_MS);
          await victim.stop('SIGKILL');
          events.killed = elapsed();
          const restarting = victim.start().then(() => {
            events.healthy = elapsed();
          });
          await untilStatus(cluster, victim.name, (status) => !status.startsWith('UP'));
          events.out = elapsed();
          await restarting;
          await untilStatus(cluster, victim.name, (status) => status === 'UP');
          events.back = elapsed();
        },
      );
      const lost = await lostWrites(url, killRun.acknowledged);
      const killed = events.killed ?? 0;
      const after = (at: number | undefined) =>
        at === undefined ? 'never' : `${((at - killed) / 1000).toFixed(1)} s`;
      console.info(describeRun('mix with the kill', killRun));
      const window = [...killRun.reads, ...killRun.writes].filter(
        (sample) => sample.at >= killed && sample.at <= (events.back ?? killed),
      );
      const windowFigures = window.length ? figuresOf(window.map((sample) => sample.ms)) : null;
      console.info(
        `out of rotation after ${after(events.out)}; answering again after ${after(events.healthy)}; back in rotation (recovery) after ${after(events.back)} (target ≤ 15 s)`,
      );
      if (windowFigures) {
        console.info(
          `while it was away: p50 ${fmt(windowFigures.p50)}, p99 ${fmt(windowFigures.p99)} over ${window.length} requests`,
        );
      }
      console.info(
        `failed reads ${killRun.readFailures.length} (target 0), ${killRun.readsResent} closed without an answer and resent by the client as a browser does; writes not acknowledged ${killRun.writeFailures.length}; acknowledged writes ${killRun.acknowledged.length}, lost ${lost} (target 0)`,
      );
      for (const failure of [...killRun.readFailures, ...killRun.writeFailures].slice(0, 10))
        console.info(`  ${failure}`);
      printBalancerLog((await balancerLog(cluster)).slice(logBefore.length));
    }
    if (runs('rolling')) {
      console.info(
        '\n5. Rolling restart under the mix: each server in turn gets SIGTERM, is started again and taken back',
      );
      const rolling: string[] = [];
      const rollingRun = await runMix(
        cluster.url,
        CONNECTIONS,
        mix,
        mixData,
        600_000,
        async (elapsed) => {
          await sleep(2_000);
          for (const server of cluster.servers) {
            const began = elapsed();
            const outcome = await server.stop('SIGTERM');
            const exited = elapsed();
            await server.start();
            await untilStatus(cluster, server.name, (status) => status === 'UP');
            rolling.push(
              `${server.name}: exited ${outcome} after ${((exited - began) / 1000).toFixed(1)} s, back in rotation ${((elapsed() - exited) / 1000).toFixed(1)} s later`,
            );
          }
          await sleep(2_000);
        },
        { untilDone: true },
      );
      const rollingLost = await lostWrites(url, rollingRun.acknowledged);
      console.info(describeRun('mix with the rolling restart', rollingRun));
      for (const line of rolling) console.info(`  ${line}`);
      console.info(
        `failed reads ${rollingRun.readFailures.length} (target 0), ${rollingRun.readsResent} resent; writes not acknowledged ${rollingRun.writeFailures.length}; acknowledged writes ${rollingRun.acknowledged.length}, lost ${rollingLost} (target 0)`,
      );
      for (const failure of [...rollingRun.readFailures, ...rollingRun.writeFailures].slice(0, 10)) {
        console.info(`  ${failure}`);
      }
    }
    const stats = (await cluster.haproxy.stats()).filter((row) => row.backend === 'api');
    console.info(
      `HAProxy: ${stats.map((row) => `${row.server} ${row.sessions} requests, ${row.retries} retries, ${row.redispatches} redispatches`).join('; ')}`,
    );
  } finally {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
