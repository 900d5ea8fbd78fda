import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  type DatabaseHandle,
  type DatabaseLimits,
  migratedSnapshot,
  migratePostgres,
  migrationsDigest,
  openDatabase,
} from '../../../src-server/db/client.ts';
import { ensureZipCentroids } from '../../../src-server/modules/location/index.ts';

/**
 * A fresh database per test file: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a new PostgreSQL database created for this file and dropped afterwards, so runs never collide.
 * Both start from a migrated copy made once per set of migrations (a PGlite dump in the temporary
 * folder, a PostgreSQL template database), so a file does not pay for creating and migrating one;
 * the copy holds the ZIP centroids too, which each server would otherwise load as it starts (about
 * 41,000 rows: a second of every test app on PGlite).
 */
export async function openTestDatabase(
  limits: DatabaseLimits & { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({ kind: 'pglite', snapshot: await pgliteSnapshot(), ...limits });

  const name = `ironsight_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = await postgresTemplate(adminUrl);
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`),
  );
  const handle = await openDatabase({
    kind: 'postgres',
    url: databaseUrlFor(adminUrl, name),
    poolSize: 4,
    ...limits,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}

const databaseUrlFor = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The migrated PGlite dump of these migrations, made by the first file that needs it. */
async function pgliteSnapshot(): Promise<Blob> {
  const file = path.join(tmpdir(), `ironsight-pglite-${await migrationsDigest()}-zips.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const snapshot = await migratedSnapshot(ensureZipCentroids);
    // Written beside, then renamed: a file read at the same time is never half-written.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
    await rename(partial, file);
    return snapshot;
  }
}

/**
 * The name of a template database migrated to these migrations (with the ZIP centroids), made once under an advisory lock
 * (test runs in parallel wait for it); templates of older migrations are dropped then.
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const template = `ironsight_template_${await migrationsDigest()}_zips`;
  return withAdminClient(adminUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['ironsight_test_template']);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount) return template;
      const stale = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'ironsight\\_template\\_%'",
      );
      for (const { datname } of stale.rows) await client.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
      const building = `${template}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      await migratePostgres(databaseUrlFor(adminUrl, building));
      const filling = await openDatabase({
        kind: 'postgres',
        url: databaseUrlFor(adminUrl, building),
        poolSize: 1,
      });
      try {
        await ensureZipCentroids(filling.db);
      } finally {
        await filling.close();
      }
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      return template;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['ironsight_test_template']);
    }
  });
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
