/**
 * The desktop client's watched inventory folder end to end: the real server listening on a port,
 * the dealer signed in over HTTP, and the main process's real services (the folder watcher on a
 * temporary folder with real files, the HTTP bulk-upload client, the JSON state file) pointed at it.
 * A CSV exported into the folder becomes a bulk upload the server processes and lists in the
 * dealer's upload history; the same content again is not sent.
 */
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkUpload, bulkUploadListResponseSchema } from '../../shared/contract/inventory.ts';
import type { DesktopNotice, WatchedFolderState } from '../../shared/desktop-bridge.ts';
import { createJsonStateFile } from '../../src-main/services/atomic-file.ts';
import { createBulkUploadClient } from '../../src-main/services/bulk-upload-client.ts';
import { createWatchedFolder, type WatchedFolder } from '../../src-main/services/watched-folder.ts';
import { inventoryCsv } from '../support/inventory-csv.ts';
import { type AccountsTestApp, createAccountsTestApp, DEMO_ACCOUNTS } from './support/accounts.ts';

const POLL_MS = 100;

let t: AccountsTestApp;
let origin: string;
let token: string;
let folder: string;
let userData: string;
let watcher: WatchedFolder;
const notices: DesktopNotice[] = [];

/** The watched folder as the composition root builds it, with a faster poll. */
function startWatcher(): WatchedFolder {
  return createWatchedFolder({
    fs: { readdir: (dir) => readdir(dir), stat, readFile },
    uploader: createBulkUploadClient({
      apiOrigin: origin,
      getToken: async () => token,
      fetch: (url, init) => fetch(url, init),
      pollMs: POLL_MS,
    }),
    store: createJsonStateFile({
      fs: { readFile, writeFile, rename, mkdir },
      directory: userData,
      fileName: 'watched-folder.json',
    }),
    notify: (notice) => notices.push(notice),
    pollMs: POLL_MS,
  });
}

async function history(): Promise<BulkUpload[]> {
  const res = await fetch(`${origin}/api/users/bulkuploads`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return bulkUploadListResponseSchema.parse(await res.json()).results;
}

async function until<T>(
  read: () => T,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the watcher has seen `names` (held while they settle) and then dealt with them all. */
async function settled(names: readonly string[]): Promise<WatchedFolderState> {
  await until(
    () => watcher.state(),
    (state) => names.every((name) => state.pendingFiles.includes(name)),
    `the watcher seeing ${names.join(', ')}`,
  );
  return until(
    () => watcher.state(),
    (state) => state.pendingFiles.length === 0 && state.status === 'watching',
    'the watcher settling',
  );
}

beforeAll(async () => {
  t = await createAccountsTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const dealer = DEMO_ACCOUNTS.dealer;
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: dealer.email, password: dealer.password }),
  });
  expect(login.status).toBe(200);
  token = ((await login.json()) as { jwtToken: string }).jwtToken;
  folder = await mkdtemp(path.join(tmpdir(), 'ironsight-pos-exports-'));
  userData = await mkdtemp(path.join(tmpdir(), 'ironsight-user-data-'));
  watcher = startWatcher();
  await watcher.load();
  await watcher.setFolder(folder);
}, 60_000);

afterAll(async () => {
  watcher?.stop();
  await t?.close();
  await rm(folder, { recursive: true, force: true });
  await rm(userData, { recursive: true, force: true });
});

describe('the watched inventory folder against the real server', () => {
  let first: string;

  it('a CSV exported into the folder is uploaded once written, processed, and listed in the upload history', async () => {
    expect(await history()).toEqual([]);
    // The point-of-sale software writes its export in two parts: nothing is read half-written.
    const csv = inventoryCsv(12);
    const half = Math.floor(csv.length / 2);
    const file = await open(path.join(folder, 'pos-export.csv'), 'w');
    await file.write(csv.subarray(0, half));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await file.write(csv.subarray(half));
    await file.close();

    const state = await until(
      () => watcher.state(),
      (current) => current.lastRun?.status === 'Completed',
      'the upload',
    );
    expect(state.lastRun).toMatchObject({
      fileName: 'pos-export.csv',
      createdCount: 12,
      updatedCount: 0,
      unchangedCount: 0,
      errorCount: 0,
    });
    expect(state.lastError).toBeNull();
    first = state.lastRun?.uploadId ?? '';

    const uploads = await history();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({
      id: first,
      fileName: 'pos-export.csv',
      status: 'Completed',
      totalRows: 12,
      createdCount: 12,
      errorCount: 0,
    });
    expect(notices).toEqual([
      {
        title: 'Inventory uploaded: pos-export.csv',
        body: '12 created, 0 updated, 0 unchanged.',
        path: '/dashboard/selling/tools',
      },
    ]);
  });

  it('the same content again, rewritten or as a dated copy, is not sent: one upload in the history', async () => {
    const csv = inventoryCsv(12);
    await writeFile(path.join(folder, 'pos-export.csv'), csv);
    await writeFile(path.join(folder, 'pos-export-0315.csv'), csv);
    const state = await settled(['pos-export.csv', 'pos-export-0315.csv']);
    expect(state.lastRun?.uploadId).toBe(first);
    expect(await history()).toHaveLength(1);
    expect(notices).toHaveLength(1);
  });

  it('after a restart, the folder is not sent again', async () => {
    watcher.stop();
    watcher = startWatcher();
    await watcher.load();
    expect(watcher.state()).toMatchObject({ folder, status: 'watching' });
    await settled(['pos-export.csv', 'pos-export-0315.csv']);
    expect(await history()).toHaveLength(1);
  });

  it('a changed export is sent: the server creates the new item and leaves the others unchanged', async () => {
    await writeFile(path.join(folder, 'pos-export.csv'), inventoryCsv(13));
    const state = await until(
      () => watcher.state(),
      (current) => current.lastRun?.uploadId !== first && current.lastRun?.status === 'Completed',
      'the second upload',
    );
    expect(state.lastRun).toMatchObject({
      createdCount: 1,
      updatedCount: 0,
      unchangedCount: 12,
      errorCount: 0,
    });
    const uploads = await history();
    expect(uploads.map((upload) => upload.id).sort()).toEqual([first, state.lastRun?.uploadId].sort());
    expect(uploads.find((upload) => upload.id === state.lastRun?.uploadId)).toMatchObject({
      fileName: 'pos-export.csv',
      status: 'Completed',
      createdCount: 1,
      unchangedCount: 12,
    });
  });
});
