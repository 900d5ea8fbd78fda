import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataFolderLockedError } from './data-lock.ts';
import { shortLinks } from './schema.ts';

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'ironsight-db-'));
  folders.push(folder);
  return path.join(folder, 'pglite');
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('embedded database folder', () => {
  it('keeps data across a restart', async () => {
    const dataDir = tempFolder();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.db.insert(shortLinks).values({ shortCode: 'kept', fullLink: '/firearms' });
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    const rows = await second.db.select().from(shortLinks);
    await second.close();
    expect(rows.map((row) => row.shortCode)).toEqual(['kept']);
  }, 30_000);

  it('refuses a second server on the same folder with a clear message, then allows it after close', async () => {
    const dataDir = tempFolder();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    const second = openDatabase({ kind: 'pglite', dataDir });
    await expect(second).rejects.toBeInstanceOf(DataFolderLockedError);
    await expect(second).rejects.toThrow(/already using the data folder/);
    await first.close();

    const third = await openDatabase({ kind: 'pglite', dataDir });
    await third.close();
  }, 30_000);
});
