/**
 * The shopper mix of `bench:cluster` (bench/cluster.ts) and the loops that run it through the
 * balancer: what a visitor reads (home page, listing pages, home lists, brands, the generated search
 * mix and suggestion texts of search-mix.ts, the unread count) and the messages signed-in buyers
 * send (the writes, each acknowledged one kept to be looked up afterwards).
 */
import { listingPath } from '../shared/routes/paths.ts';
import { createRandom, weightedPick } from '../src-server/seed/random.ts';
import { sendMessage } from '../tests/cluster/support/http.ts';
import { figuresOf } from './timing.ts';

export interface Shot {
  name: string;
  write: boolean;
  path: string;
  init: RequestInit;
}

export interface Sample {
  /** When it was answered, ms since the run started. */
  at: number;
  ms: number;
}

export interface RunResult {
  durationMs: number;
  reads: Sample[];
  writes: Sample[];
  /** Reads that did not get 2xx or 304 (or no answer), each with why. */
  readFailures: string[];
  /**
   * Reads whose kept connection the balancer closed without an answer (a server died under the
   * request and it could not be replayed there), sent again once, as a browser does for an idempotent
   * request on a reused connection; a second failure counts in `readFailures`.
   */
  readsResent: number;
  /** Writes answered 5xx or not at all (not acknowledged; the client may retry them). */
  writeFailures: string[];
  /** Writes refused with a 4xx (a sending limit): not failures of the cluster. */
  writesRefused: number;
  /** Ids of the messages whose sending was acknowledged (200). */
  acknowledged: string[];
}

export interface Data {
  listings: { id: string; title: string }[];
  searches: string[];
  prefixes: string[];
  senders: string[];
}

/** The shopper mix: a fixed sequence of requests drawn by weight. */
export function shopperMix(data: Data): Shot[] {
  const random = createRandom(3838);
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const get = (name: string, path: string, init: RequestInit = {}): Shot => ({
    name,
    write: false,
    path,
    init,
  });
  const kinds: [() => Shot, number][] = [
    [() => get('home page', '/'), 5],
    [
      () => {
        const listing = random.pick(data.listings);
        return get('listing page', listingPath(listing.id, listing.title));
      },
      15,
    ],
    [() => get('featured', '/api/listings/featured'), 8],
    [() => get('new this week', '/api/listings/newthisweek'), 5],
    [() => get('brands', '/api/brands'), 5],
    [() => get('search', '/api/listings/search', json(random.pick(data.searches))), 30],
    [
      () =>
        get(
          'suggestions',
          `/api/listings/suggestions?query=${encodeURIComponent(random.pick(data.prefixes))}`,
        ),
      15,
    ],
    [
      () =>
        get('unread count', '/api/messages/getUnreadMessagesCount', {
          headers: { authorization: random.pick(data.senders) },
        }),
      8,
    ],
    [() => ({ name: 'message', write: true, path: '', init: {} }), 9],
  ];
  return Array.from({ length: 5000 }, () => weightedPick(random, kinds)());
}

/** Runs the mix on `connections` loops against `origin` for `durationMs`; `during` runs beside it. */
export async function runMix(
  origin: string,
  connections: number,
  mix: readonly Shot[],
  data: Data,
  durationMs: number,
  during: (elapsed: () => number) => Promise<void> = async () => {},
  { untilDone = false }: { untilDone?: boolean } = {},
): Promise<RunResult> {
  const result: RunResult = {
    durationMs,
    reads: [],
    writes: [],
    readFailures: [],
    readsResent: 0,
    writeFailures: [],
    writesRefused: 0,
    acknowledged: [],
  };
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  let done = false;
  const loop = async (connection: number) => {
    const sender = data.senders[connection % data.senders.length]!;
    for (let index = connection; elapsed() < durationMs && !done; index += connections) {
      const shot = mix[index % mix.length]!;
      const began = performance.now();
      try {
        if (shot.write) {
          const listing = data.listings[(index * 7919) % data.listings.length]!;
          // Each loop sends as its own buyers in turn, so no sender meets the sending limits.
          const from = data.senders[(connection + connections * (index % 6)) % data.senders.length] ?? sender;
          const response = await sendMessage(
            origin,
            from,
            listing.id,
            `Bench message ${index}`,
            AbortSignal.timeout(30_000),
          );
          const text = await response.text();
          if (response.status === 200) {
            result.acknowledged.push((JSON.parse(text) as { id: string }).id);
            result.writes.push({ at: elapsed(), ms: performance.now() - began });
          } else if (response.status < 500) result.writesRefused += 1;
          else result.writeFailures.push(`${response.status} ${text.replace(/\s+/g, ' ').slice(0, 120)}`);
        } else {
          const send = () =>
            fetch(`${origin}${shot.path}`, { ...shot.init, signal: AbortSignal.timeout(30_000) });
          const response = await send().catch((error: unknown) => {
            if (!closedWithoutAnswer(error)) throw error;
            result.readsResent += 1;
            return send();
          });
          await response.arrayBuffer();
          if (response.ok || response.status === 304) {
            result.reads.push({ at: elapsed(), ms: performance.now() - began });
          } else result.readFailures.push(`${shot.name}: ${response.status}`);
        }
      } catch (error) {
        const why = `${shot.name}: ${(error as Error).cause ?? (error as Error).message}`;
        (shot.write ? result.writeFailures : result.readFailures).push(why);
      }
    }
  };
  await Promise.all([
    ...Array.from({ length: connections }, (_, connection) => loop(connection)),
    during(elapsed).finally(() => {
      if (untilDone) done = true;
    }),
  ]);
  result.durationMs = elapsed();
  return result;
}

/** The connection closed before any answer (undici's "other side closed"): nothing of the answer was sent. */
function closedWithoutAnswer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code === 'UND_ERR_SOCKET' && cause.message === 'other side closed';
}

export const perSecond = (run: RunResult) => ((run.reads.length + run.writes.length) * 1000) / run.durationMs;
export const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;

export function describeRun(title: string, run: RunResult): string {
  const all = figuresOf([...run.reads, ...run.writes].map((sample) => sample.ms));
  const writes = run.writes.length ? figuresOf(run.writes.map((sample) => sample.ms)) : null;
  const written = writes ? ` (messages sent: p50 ${fmt(writes.p50)}, p95 ${fmt(writes.p95)})` : '';
  return `${title.padEnd(34)} ${perSecond(run).toFixed(0).padStart(5)} req/s   p50 ${fmt(all.p50).padStart(7)}   p95 ${fmt(all.p95).padStart(7)}   p99 ${fmt(all.p99).padStart(8)}${written}   failed reads ${run.readFailures.length} (${run.readsResent} resent), failed writes ${run.writeFailures.length}, refused writes ${run.writesRefused}`;
}
