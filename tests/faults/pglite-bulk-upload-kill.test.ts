import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openDatabase } from '../../src-server/db/client.ts';
import { accountsSeedPart } from '../../src-server/seed/accounts.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import { killDuringBulkUploadAndResume } from './support/bulk-upload-kill.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ironsight-faults-bulk-'));
const openFolder = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });

beforeAll(async () => {
  // The demo accounts only: the dealer uploads into an empty catalogue.
  const database = await openFolder();
  await seedDemoData(database.db, DEFAULT_SEED_OPTIONS, [accountsSeedPart]);
  await database.close();
}, 60_000);

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a bulk upload on the embedded database', () => {
  it('leaves only whole batches and completes the upload at the next start', async () => {
    await killDuringBulkUploadAndResume({
      label: 'pglite',
      server: { dataDir },
      openDatabase: openFolder,
      // The next start releases the upload at once.
      resumeTimeoutMs: 60_000,
    });
  }, 120_000);
});
