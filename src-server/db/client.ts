import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataFolder } from './data-lock.ts';
import * as schema from './schema.ts';

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
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

const CONNECT_TIMEOUT_MS = 5_000;
const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Migration bookkeeping lives in the application's own schema so isolated schemas never share it. */
const migrationConfig = { migrationsFolder, migrationsSchema: 'public' };

/** Opens the database, applies every pending migration and returns a handle that closes cleanly. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that is down or unreachable fails the request (503) instead of holding it open.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A dropped connection (restart, failover, pg_terminate_backend) must never be fatal: an 'error' event
    // without a listener ends the process. The pool hears idle clients only, so each client gets its own
    // listener for while it is checked out; its query then fails (503) and the pool replaces it.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzleNodePg({ client: pool, schema });
    try {
      await migrateNodePg(db, migrationConfig);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  const release = options.dataDir ? await lockDataFolder(options.dataDir) : async () => {};
  try {
    const client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      extensions: { pg_trgm },
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, migrationConfig);
    return {
      db: db as unknown as Database,
      kind: 'pglite',
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

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
