import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, type DatabaseLimits, openDatabase } from '../../../src-server/db/client.ts';

/**
 * A fresh database per test file: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a new PostgreSQL database created for this file and dropped afterwards, so runs never collide.
 */
export async function openTestDatabase(
  limits: DatabaseLimits & { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({ kind: 'pglite', ...limits });

  const name = `ironsight_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4, ...limits });
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

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
