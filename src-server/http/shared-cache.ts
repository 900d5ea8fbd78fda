import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, queryRows } from '../db/client.ts';
import type { PublicReply, PublicRequest } from './endpoint.ts';

/**
 * Answers that are the same for every visitor (home lists, brands, popular searches), kept in this
 * process under the catalogue version they were computed at. An answer is served only while its
 * version is still current and it is younger than the lifetime; the lifetime bounds what changes
 * with the clock alone (a listing ending, the 7-day window), the version bounds everything written.
 */
export interface SharedAnswer<T> {
  value: T;
  /** A strong validator from the body itself, so every instance gives the same content the same tag. */
  etag: string;
}

export interface SharedCache {
  /**
   * The answer under `key` at the current catalogue version; concurrent misses compute it once. An
   * answer `keep` refuses (one made while part of it could not be read) is shared with the calls
   * that joined its computation but not kept for later ones.
   */
  get<T>(key: string, compute: () => Promise<T>, keep?: (value: T) => boolean): Promise<SharedAnswer<T>>;
  /** How many answers are kept (tests and diagnostics). */
  readonly size: number;
}

export interface SharedCacheOptions {
  /** The catalogue version now; read on every `get`, so it must be cheap (see `catalogVersion`). */
  version: () => Promise<string>;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
  /**
   * false: nothing is kept and no computation is shared, so every `get` computes (the catalogue
   * version is not read either). The server's SHARED_CACHE=off, for measuring uncached work.
   */
  enabled?: boolean;
}

/** Long enough to absorb a burst of home-page visits, short enough for the clock-driven changes. */
export const SHARED_CACHE_TTL_MS = 30_000;
const SHARED_CACHE_MAX_ENTRIES = 500;

interface Entry {
  version: string;
  storedAt: number;
  answer: SharedAnswer<unknown>;
}

export const etagOf = (value: unknown): string =>
  `"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;

export function createSharedCache(options: SharedCacheOptions): SharedCache {
  if (options.enabled === false) return uncached;
  const ttlMs = options.ttlMs ?? SHARED_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? SHARED_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<SharedAnswer<unknown>>>();

  const store = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  return {
    get size() {
      return entries.size;
    },
    async get<T>(
      key: string,
      compute: () => Promise<T>,
      keep?: (value: T) => boolean,
    ): Promise<SharedAnswer<T>> {
      const version = await options.version();
      const kept = entries.get(key);
      if (kept && kept.version === version && now() - kept.storedAt < ttlMs) {
        store(key, kept);
        return kept.answer as SharedAnswer<T>;
      }
      // Keyed with the version: a miss after a write never joins a computation started before it.
      const flightKey = `${version}\n${key}`;
      let flight = inFlight.get(flightKey);
      if (!flight) {
        const storedAt = now();
        flight = compute()
          .then((value) => {
            const answer = { value, etag: etagOf(value) };
            if (!keep || keep(value)) store(key, { version, storedAt, answer });
            return answer;
          })
          .finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, flight);
      }
      return flight as Promise<SharedAnswer<T>>;
    },
  };
}

/** A cache that keeps nothing: each call computes its own answer. */
const uncached: SharedCache = {
  size: 0,
  async get<T>(_key: string, compute: () => Promise<T>): Promise<SharedAnswer<T>> {
    const value = await compute();
    return { value, etag: etagOf(value) };
  },
};

/**
 * The shared cache of one part of a server: answers kept under the catalogue version, unless the
 * server's configuration turns keeping off (`sharedCache: false`, SHARED_CACHE=off).
 */
export function catalogSharedCache(
  database: DatabaseHandle,
  config: { sharedCache?: boolean | undefined },
  options: Pick<SharedCacheOptions, 'maxEntries'> = {},
): SharedCache {
  return createSharedCache({
    ...options,
    version: catalogVersion(database),
    enabled: config.sharedCache !== false,
  });
}

/**
 * Coalesces reads of a value that must be fresh for each caller: a caller joins no read already
 * under way (it may have started before a write the caller has seen commit) but the next one,
 * started once that read ends. However many requests arrive, at most one read runs and one waits.
 */
export function freshReader<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const reading: Promise<T> = read().finally(() => {
      if (running === reading) running = null;
    });
    running = reading;
    return reading;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

const versionReaders = new WeakMap<Database, () => Promise<string>>();

/** The channel migration 0012's trigger announces each new catalogue version on. */
export const CATALOG_VERSION_CHANNEL = 'catalog_version';

/**
 * The catalogue version of migration 0011, bumped by statement triggers on listings, brands and the
 * seller columns of cards.
 *
 * On PostgreSQL it is read per request (one primary-key row, coalesced by `freshReader`) rather
 * than heard through LISTEN/NOTIFY: it is right across instances on one database, needs no
 * connection held outside the pool, and has no window of missed notifications while a listening
 * connection is lost and re-established.
 *
 * On embedded PGlite this process is the only writer and hears each new version (migration 0012)
 * before the write that made it returns, so after one read the version is kept in memory and no
 * shared answer waits for the database. Should listening fail, it is read per request as on PostgreSQL.
 */
export function catalogVersion(database: DatabaseHandle): () => Promise<string> {
  const { db } = database;
  let reader = versionReaders.get(db);
  if (!reader) {
    const read = freshReader(async () => {
      const rows = await queryRows<{ version: string }>(
        db,
        sql`select version::text as version from catalog_version where id = 1`,
      );
      return rows[0]?.version ?? '0';
    });
    reader = database.listenToOwnWrites ? heardVersion(database.listenToOwnWrites, read) : read;
    versionReaders.set(db, reader);
  }
  return reader;
}

/** The version kept from the notifications of this process's own writes, `read` once to start. */
function heardVersion(
  listen: NonNullable<DatabaseHandle['listenToOwnWrites']>,
  read: () => Promise<string>,
): () => Promise<string> {
  let known: bigint | null = null;
  // Versions only grow; a notification heard while the first read runs may be newer than its answer.
  const learn = (version: string) => {
    const value = BigInt(version);
    if (known === null || value > known) known = value;
  };
  let listening: Promise<boolean> | null = null;
  const start = async () => {
    try {
      await listen(CATALOG_VERSION_CHANNEL, learn);
    } catch {
      return false;
    }
    learn(await read());
    return true;
  };
  return async () => {
    if (known !== null) return known.toString();
    listening ??= start().catch(() => {
      listening = null;
      return false;
    });
    if (!(await listening) || known === null) return read();
    return (known as bigint).toString();
  };
}

/** How an HTTP cache may keep a shared answer. */
export const HttpCaching = {
  /**
   * The same for every caller: browsers revalidate each time (a cheap 304), a CDN keeps it as long
   * as a server instance would.
   */
  shared: `public, max-age=0, s-maxage=${SHARED_CACHE_TTL_MS / 1000}`,
  /** Computed from the caller's own account (a signed-in caller's location): their browser only. */
  personal: 'private, no-cache',
} as const;

/** Whether `If-None-Match` names this tag (a list, weak tags compared weakly, or `*`). */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((tag) => tag.trim());
  return tags.some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag);
}

/**
 * Answers a GET with a shared answer: its ETag and Cache-Control (plus `Vary` when given), and a
 * bodiless 304 when the caller already holds it. Returns the value for the handler to return; the
 * endpoint sends nothing more once the 304 is sent.
 */
export function replyShared<T>(
  request: Pick<PublicRequest, 'headers'>,
  reply: PublicReply,
  answer: SharedAnswer<T>,
  caching: { cacheControl: string; vary?: string },
): T {
  reply.header('etag', answer.etag);
  reply.header('cache-control', caching.cacheControl);
  if (caching.vary) reply.header('vary', caching.vary);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) void reply.code(304).send();
  return answer.value;
}
