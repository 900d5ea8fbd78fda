import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isConnectionLost } from './connection-errors.ts';
import { lockDataFolder } from './data-lock.ts';
import { type ListenOptions, listenForNotifications } from './notifications.ts';
import { PGliteThread, pgliteWasmModule } from './pglite-thread.ts';
import { prepareRecurringStatements, rowsOf } from './prepared-statements.ts';
import * as schema from './schema.ts';
import { StatementQueue } from './statement-queue.ts';

export type Schema = typeof schema;
/** Both drivers share the PostgreSQL dialect; services take this one type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of the database, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a statement runs on: the database or one of its transactions; helpers that work in either take this. */
export type DbExecutor = Database | Transaction;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * Embedded PGlite only: calls `onPayload` with each notification on `channel`. This process is the
   * database's only writer (the data folder is locked), and a notification is delivered at commit,
   * before the writing statement's or transaction's promise settles. Absent on PostgreSQL, where
   * other server instances write too. Resolves once listening, to a function that stops it.
   */
  listenToOwnWrites?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: calls `onPayload` with each notification on `channel` from any server instance,
   * on a connection of its own that is re-established when lost (`onResumed` then tells the caller
   * that notifications may have been missed). Resolves once listening, to a function that stops it.
   */
  listenAcrossInstances?: (
    channel: string,
    onPayload: (payload: string) => void,
    options?: ListenOptions,
  ) => Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections now, for /health and operators. */
  poolCounts?: () => PoolCounts;
  /**
   * PostgreSQL only: a small pool of its own (`LIVE_POOL_SIZE` connections) for the live channels'
   * reads after a signal, so an event is not queued behind the requests waiting for the main pool.
   * Embedded, use `db`.
   */
  liveDb?: Database;
}

/** Connections of the live channels' pool (PostgreSQL). */
export const LIVE_POOL_SIZE = 2;

/** A PostgreSQL pool's connections: open, of which idle, and checkouts waiting for one. */
export interface PoolCounts {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** How much waiting work the database accepts and how long a statement may take; unset: unbounded. */
export interface DatabaseLimits {
  /** Statements (PGlite) or pool checkouts (PostgreSQL) that may wait; one more fails at once (503). */
  queueLimit?: number;
  /**
   * PGlite: the longest a statement waits for its turn before failing (503), and work that would
   * wait longer is refused at once. PostgreSQL bounds the wait for a pooled connection by its connect timeout.
   */
  queueWaitMs?: number;
  /**
   * PostgreSQL: statement_timeout of every pooled connection. PGlite cannot interrupt a running
   * statement (its WebAssembly has no timer signal), so there the queue wait is the bound.
   */
  statementTimeoutMs?: number;
}

export type DatabaseOptions = DatabaseLimits &
  (
    | { kind: 'postgres'; url: string; poolSize?: number }
    /**
     * dataDir undefined keeps the database in memory (tests). `snapshot` starts an in-memory
     * database from a dump of a migrated one (see `migratedSnapshot`) instead of creating and
     * migrating a new one, which takes seconds.
     */
    | { kind: 'pglite'; dataDir?: string; snapshot?: Blob }
  );

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL settings of embedded PGlite. Its WebAssembly memory only grows, and PostgreSQL's
 * default 128 MB of shared buffers fill as pages are read (160 MB resident once a large upload
 * has run); the operating system's file cache still holds the data folder's pages. Prepared
 * statements are planned for each run's values (`prepared-statements.ts`).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'plan_cache_mode=force_custom_plan'];
const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Migration bookkeeping lives in the application's own schema so isolated schemas never share it. */
const migrationConfig = { migrationsFolder, migrationsSchema: 'public' };

/** What runs once the migrations are applied, before the handle is answered. */
export interface OpenOptions {
  /**
   * Work on the migrated database that one process at a time must do (seeding the demo data into
   * an empty database): on PostgreSQL it runs under the start-up lock with the migrations, so
   * servers started at once on one database migrate and prepare it one after the other.
   */
  prepare?: (db: Database) => Promise<unknown>;
}

/** Opens the database, applies every pending migration and returns a handle that closes cleanly. */
export async function openDatabase(
  options: DatabaseOptions,
  { prepare }: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const max = options.poolSize ?? 10;
    const pool = postgresPool(options, max);
    const checkouts = new StatementQueue({
      concurrency: max,
      limit: options.queueLimit ?? Number.POSITIVE_INFINITY,
      maxWaitMs: CONNECT_TIMEOUT_MS,
      refuseByEstimate: false,
    });
    queueCheckouts(pool, checkouts);
    const db = drizzleNodePg({ client: pool, schema });
    returnEveryTransactionClient(db, pool);
    const livePool = postgresPool(options, LIVE_POOL_SIZE);
    try {
      await migratePostgres(options.url, prepare ? () => prepare(db) : undefined);
    } catch (error) {
      await Promise.all([pool.end(), livePool.end()]).catch(() => undefined);
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      poolCounts: () => ({
        max,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount + checkouts.waiting,
      }),
      listenAcrossInstances: (channel, onPayload, listenOptions) =>
        listenForNotifications(options.url, channel, onPayload, listenOptions),
      liveDb: drizzleNodePg({ client: livePool, schema }),
      close: async () => {
        await Promise.all([pool.end(), livePool.end()]);
      },
    };
  }

  const release = options.dataDir ? await lockDataFolder(options.dataDir) : async () => {};
  try {
    const client = await PGliteThread.open({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.snapshot ? { snapshot: options.snapshot } : {}),
      startParams: PGLITE_START_PARAMS,
      // Without its database the server can answer nothing: the process ends, as on any error
      // nothing caught, so that whatever supervises it starts it again.
      onStopped: (error) =>
        process.nextTick(() => {
          throw error;
        }),
    });
    const db = drizzleOverPglite({ client, schema });
    await migratePglite(db, migrationConfig);
    prepareRecurringStatements(db);
    queueStatements(
      client,
      new StatementQueue({
        concurrency: PGLITE_UNITS_SENT,
        // The units waiting on the database's thread count among those waiting.
        limit: Math.max(0, (options.queueLimit ?? Number.POSITIVE_INFINITY) - (PGLITE_UNITS_SENT - 1)),
        maxWaitMs: options.queueWaitMs ?? 0,
      }),
    );
    // One process holds the data folder: nothing else migrates or prepares it meanwhile.
    await prepare?.(db);
    return {
      db,
      kind: 'pglite',
      listenToOwnWrites: (channel, onPayload) => client.listen(channel, onPayload),
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** A pool of `max` connections to the PostgreSQL database of `options`. */
function postgresPool(options: DatabaseLimits & { url: string }, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max,
    // A database that is down or unreachable fails the request (503) instead of holding it open.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    // No JIT compilation: the server's statements are short, and a plan whose estimated cost passes
    // jit_above_cost (a search's branch that its counts leave unread, on a million listings) would
    // spend about 10 ms compiling before running for one. No parallel workers either: starting them
    // costs a statement several milliseconds, and the pool already runs statements side by side on
    // every core (a search's count read in parallel took 27 ms against 2 ms alone).
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
  });
  // A dropped connection (restart, failover, pg_terminate_backend) must never be fatal: an 'error' event
  // without a listener ends the process. The pool hears idle clients only, so each client gets its own
  // listener for while it is checked out; its query then fails (503) and the pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting]),
];

/**
 * Drizzle's PGlite driver over any client that answers as PGlite does: it calls `query` and
 * `transaction` alone, and PGlite's thread (`pglite-thread.ts`) answers both.
 */
const drizzleOverPglite = drizzlePglite<typeof schema> as (config: {
  client: Pick<PGlite, 'query' | 'transaction'>;
  schema: typeof schema;
}) => ReturnType<typeof drizzlePglite<typeof schema>>;

/**
 * Units of work (a statement, a transaction) sent to PGlite's thread at once: one runs, and the
 * next waits there at hand, so the database's thread does not idle while this one, busy with HTTP
 * and JSON, comes round to sending it (`pglite-thread.ts`).
 */
const PGLITE_UNITS_SENT = 2;

/** A PGlite of this process's own thread (a snapshot is made once, and dumped; the server's runs on a thread, `pglite-thread.ts`). */
const createPglite = async () =>
  PGlite.create({
    extensions: { pg_trgm },
    startParams: PGLITE_START_PARAMS,
    pgliteWasmModule: await pgliteWasmModule(),
  });

/**
 * A dump of a new in-memory database with every migration applied, then `fill` (reference data
 * that a server would otherwise load at each start): `openDatabase` starts from it in a fraction of
 * the time a new database takes (tests open one database per file).
 */
export async function migratedSnapshot(fill?: (db: Database) => Promise<unknown>): Promise<Blob> {
  const client = await createPglite();
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, migrationConfig);
    await fill?.(db);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** A digest of the migrations: a snapshot or template database made from other migrations is not reused. */
export async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(migrationsFolder, { recursive: true })).filter((file) =>
    /\.(sql|json)$/.test(file),
  );
  for (const file of files.sort())
    hash.update(file).update(await readFile(path.join(migrationsFolder, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The session-level advisory lock (one bigint key, apart from the two-key locks of the jobs) that a
 * process holds on PostgreSQL while it migrates and prepares the database at start-up.
 */
export const STARTUP_LOCK_KEY = 7_301_000;

/**
 * Applies the pending migrations, then runs `then` (see `OpenOptions.prepare`), under the start-up
 * lock: a second process starting on the same database waits for the first to finish, then finds
 * the migrations applied and the data there. The lock is held by a connection of its own, free of
 * the statement timeout (an index build may take long), on which the migrations run; should the
 * process die, PostgreSQL releases it with the connection.
 */
export async function migratePostgres(url: string, then?: () => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client, schema }), migrationConfig);
    await then?.();
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
  } finally {
    // Ending the session releases the lock too (it is how a failed start gives it back).
    await client.end();
  }
}

/**
 * PGlite runs one statement or transaction at a time; its entry points go through one FIFO queue
 * so waiting work is counted and bounded (`PGLITE_UNITS_SENT` of them on PGlite's thread at once).
 * Statements inside a transaction use the transaction's own handle and run within the
 * transaction's turn.
 */
function queueStatements(
  client: Pick<PGlite, 'query' | 'exec' | 'transaction'>,
  queue: StatementQueue,
): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => queue.run(() => query(...args))) as typeof query;
  client.exec = (...args) => queue.run(() => exec(...args));
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    queue.run(() => transaction(...args))) as typeof transaction;
}

/**
 * The pool's checkouts (a statement's, a transaction's) take their turn in `queue`, of the pool's
 * size, rather than in the pool's own first-come queue: as on PGlite, the next statement of a request
 * that has had a turn goes before the first statements of requests not yet started, so under load a
 * request of several statements (a message sent: its checks, its transaction, its answer) waits for
 * a connection about once rather than once per statement. Past the queue's limit a checkout fails at
 * once, and one that waited the connect timeout fails then (503 with Retry-After, both). pool.query
 * checks out through pool.connect, so this one entry point covers both.
 */
function queueCheckouts(pool: pg.Pool, queue: StatementQueue): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const checkout = () =>
    new Promise<pg.PoolClient>((resolve, reject) => {
      queue
        .run(
          () =>
            // The turn lasts until the client goes back to the pool.
            new Promise<void>((released) => {
              connect().then(
                (client) => {
                  const release = client.release;
                  client.release = (error?: Error | boolean) => {
                    client.release = release;
                    released();
                    return release(error);
                  };
                  resolve(client);
                },
                (error: unknown) => {
                  released();
                  reject(error);
                },
              );
            }),
        )
        .catch(reject);
    });
  type Callback = (error: Error | undefined, client?: pg.PoolClient, done?: pg.PoolClient['release']) => void;
  (pool as { connect: unknown }).connect = (callback?: Callback) => {
    if (!callback) return checkout();
    checkout().then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error),
    );
    return undefined;
  };
}

type PoolDatabase = ReturnType<typeof drizzleNodePg<Schema>>;
type TransactionConfig = Parameters<PoolDatabase['transaction']>[1];

/** The fields of drizzle's pool session that a session of one checked-out client is built from. */
interface PoolSessionParts {
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: (work: (tx: unknown) => Promise<unknown>, config?: TransactionConfig) => Promise<unknown>;
}

const isPoolSession = (session: unknown): session is PoolSessionParts =>
  session instanceof NodePgSession && 'schema' in session && 'options' in session;

const hasDialect = (db: unknown): db is { dialect: PgDialect } =>
  typeof db === 'object' && db !== null && 'dialect' in db && db.dialect instanceof PgDialect;

/**
 * Every transaction gives its pooled client back, whatever happens. Drizzle's own pool transaction
 * keeps the client when BEGIN fails (a connection ended between checkout and BEGIN), and each such
 * client is lost to the pool for good: enough of them and every request waits for a connection
 * that never comes. Here the transaction runs on a session of its checked-out client, and the
 * client goes back to the pool when the transaction ended cleanly, or is destroyed otherwise.
 */
function returnEveryTransactionClient(db: PoolDatabase, pool: pg.Pool): void {
  const session: unknown = db._.session;
  const database: unknown = db;
  if (!isPoolSession(session) || !hasDialect(database)) {
    throw new Error('The node-postgres driver no longer keeps the session parts a pooled transaction needs');
  }
  const { dialect } = database;
  session.transaction = async (work, config) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      const own = new NodePgSession(client, dialect, session.schema, session.options);
      return await own.transaction(work as Parameters<typeof own.transaction>[0], config);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      const reusable = client.getTransactionStatus() === 'I' && !(failure && isConnectionLost(failure));
      client.release(reusable ? undefined : new Error('the transaction did not end cleanly'));
    }
  };
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: DbExecutor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * Lifts the statement timeout (DATABASE_STATEMENT_TIMEOUT_MS, meant for requests) for the rest of a
 * transaction: seeding and the search indexes' upkeep are not requests, and take longer than it as
 * the catalogue grows (rebuilding the suggestion terms of a million listings, for one).
 */
export async function liftStatementTimeout(tx: DbExecutor): Promise<void> {
  await tx.execute(sql`set local statement_timeout = 0`);
}
