import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openDatabase } from '../../src-server/db/client.ts';
import { accountsSeedPart } from '../../src-server/seed/accounts.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import { withAdminClient } from '../api/support/test-database.ts';
import { killDuringBulkUploadAndResume } from './support/bulk-upload-kill.ts';

/** The PostgreSQL admin URL; this file is skipped on the embedded database. */
const adminUrl = process.env.DATABASE_URL;
/** The shortest lease the server accepts: the restarted server takes the upload over once it runs out. */
const LEASE_SECONDS = 5;

const name = `ironsight_faults_bulk_${process.pid}_${randomBytes(4).toString('hex')}`;
const databaseUrl = () => {
  const url = new URL(adminUrl ?? 'postgres://127.0.0.1');
  url.pathname = `/${name}`;
  return url.toString();
};
/** Polls until a connection of the server holds a transaction that has written (a batch under way). */
const untilWriteInFlight = () =>
  withAdminClient(adminUrl ?? '', async (client) => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const result = await client.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1 and backend_xid is not null',
        [name],
      );
      if ((result.rows[0] as { n: number }).n > 0) return true;
    }
    return false;
  });
const openOwn = () => openDatabase({ kind: 'postgres', url: databaseUrl(), poolSize: 2 });

describe.skipIf(!adminUrl)('kill -9 during a bulk upload on PostgreSQL', () => {
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ironsight-faults-bulk-pg-'));
    await withAdminClient(adminUrl ?? '', (client) => client.query(`CREATE DATABASE "${name}"`));
    const database = await openOwn();
    await seedDemoData(database.db, DEFAULT_SEED_OPTIONS, [accountsSeedPart]);
    await database.close();
  }, 60_000);

  afterAll(async () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await withAdminClient(adminUrl ?? '', (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  });

  it('leaves only whole batches and completes the upload once the dead server’s lease runs out', async () => {
    await killDuringBulkUploadAndResume({
      label: 'postgres',
      server: {
        dataDir,
        databaseUrl: databaseUrl(),
        env: { BULK_UPLOAD_LEASE_SECONDS: String(LEASE_SECONDS) },
      },
      openDatabase: openOwn,
      untilWriteInFlight,
      // The lease, one look for work (every 5 s) and the rest of the file.
      resumeTimeoutMs: 60_000,
    });
  }, 120_000);
});
