import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../../src-server/db/client.ts';
import { seedDemoData } from '../../../src-server/seed/seed.ts';
import { postgresTemplate, withAdminClient } from '../../api/support/test-database.ts';

/** The PostgreSQL server the cluster tests make their database on. */
export const CLUSTER_TEST_POSTGRES_URL =
  process.env.CLUSTER_TEST_POSTGRES_URL ||
  process.env.TEST_POSTGRES_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

/** Demo data at a size that seeds in seconds: the demo accounts, a few hundred listings, the rest. */
export const CLUSTER_TEST_SEED = { seed: 1997, listings: 300 };

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own, copied from the migrated template of the API tests and seeded with the
 * small demo data here, so the cluster's servers start on a seeded database (none of them seeds).
 */
export async function seededScratchDatabase(label: string): Promise<ScratchDatabase> {
  const adminUrl = CLUSTER_TEST_POSTGRES_URL;
  const name = `ironsight_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = await postgresTemplate(adminUrl);
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () =>
    withAdminClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    ).then(() => {});
  try {
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    try {
      await seedDemoData(handle.db, CLUSTER_TEST_SEED);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), drop };
}
