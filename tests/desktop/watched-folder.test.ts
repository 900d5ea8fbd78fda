/**
 * The watched inventory folder against a temporary folder of real files: the clock is driven by
 * the test and each `scan()` is one poll, so "two polls a second apart" is exact.
 */
import {
  appendFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopNotice } from '../../shared/desktop-bridge.ts';
import { createJsonStateFile } from '../../src-main/services/atomic-file.ts';
import {
  createWatchedFolder,
  type InventoryFile,
  type InventoryUploader,
  isInventoryFileName,
  RETRY_FIRST_MS,
  retryDelay,
  sha256,
  UPLOAD_HISTORY_PATH,
  UploadFailure,
  type UploadOutcome,
  type WatchedFolderFs,
} from '../../src-main/services/watched-folder.ts';

const UPLOAD_ID = '0b7e5a52-6f0e-4c1e-9d0a-1b2c3d4e5f60';
const CSV_A = 'stock_number,title,price\nA1,Glock 19,549.00\n';
const CSV_B = 'stock_number,title,price\nA1,Glock 19,529.00\nA2,Sig P365,499.00\n';

let root: string;
let folder: string;
let userData: string;
/** Every write gets its own modification time, a second after the last, as a real export would. */
let mtime = 1_700_000_000;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ironsight-watch-'));
  folder = join(root, 'exports');
  userData = join(root, 'user-data');
  await mkdir(folder);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(name: string, text: string) {
  await writeFile(join(folder, name), text);
  mtime += 1;
  await utimes(join(folder, name), mtime, mtime);
}

class FakeUploader implements InventoryUploader {
  readonly sent: Array<{ name: string; text: string }> = [];
  failures: UploadFailure[] = [];
  outcome: Partial<UploadOutcome> = {};

  async send(file: InventoryFile) {
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.sent.push({ name: file.name, text: new TextDecoder().decode(file.data) });
    return { uploadId: UPLOAD_ID };
  }

  async result(uploadId: string): Promise<UploadOutcome> {
    return {
      uploadId,
      status: 'Completed',
      createdCount: 1,
      updatedCount: 2,
      unchangedCount: 3,
      errorCount: 0,
      failureMessage: null,
      ...this.outcome,
    };
  }
}

function setup(options: { uploader?: FakeUploader; fs?: WatchedFolderFs } = {}) {
  const clock = { time: 0, now: () => clock.time };
  const uploader = options.uploader ?? new FakeUploader();
  const notices: DesktopNotice[] = [];
  const timers = { setTimeout: vi.fn(() => 0), clearTimeout: vi.fn() };
  const fs: WatchedFolderFs = options.fs ?? {
    readdir: (path) => readdir(path),
    stat: (path) => stat(path),
    readFile: (path) => readFile(path),
  };
  const store = createJsonStateFile({
    fs: { readFile, writeFile, rename, mkdir },
    directory: userData,
    fileName: 'watched-folder.json',
  });
  const watcher = createWatchedFolder({
    fs,
    uploader,
    store,
    notify: (notice) => notices.push(notice),
    clock,
    timers,
  });
  /** A poll, then the clock moves on a second. */
  const poll = async (times = 1) => {
    for (let i = 0; i < times; i += 1) {
      await watcher.scan();
      clock.time += 1000;
    }
  };
  return { watcher, uploader, notices, clock, poll, timers };
}

async function watching(setupResult: ReturnType<typeof setup>) {
  await setupResult.watcher.load();
  await setupResult.watcher.setFolder(folder);
  return setupResult;
}

describe('watched inventory folder', () => {
  it('sends a new file once, after two polls a second apart, and reports the result', async () => {
    const { watcher, uploader, notices, poll } = await watching(setup());
    await put('inventory.csv', CSV_A);
    await poll();
    expect(uploader.sent).toEqual([]);
    expect(watcher.state().pendingFiles).toEqual(['inventory.csv']);
    await poll();
    expect(uploader.sent).toEqual([{ name: 'inventory.csv', text: CSV_A }]);
    await poll(3);
    expect(uploader.sent).toHaveLength(1);

    expect(notices).toEqual([
      {
        title: 'Inventory uploaded: inventory.csv',
        body: '1 created, 2 updated, 3 unchanged.',
        path: '/dashboard/selling/tools',
      },
    ]);
    expect(UPLOAD_HISTORY_PATH).toBe('/dashboard/selling/tools');
    expect(watcher.state()).toMatchObject({
      folder,
      paused: false,
      status: 'watching',
      pendingFiles: [],
      lastError: null,
      lastRun: {
        fileName: 'inventory.csv',
        uploadId: UPLOAD_ID,
        status: 'Completed',
        createdCount: 1,
        updatedCount: 2,
        unchangedCount: 3,
        errorCount: 0,
      },
    });
  });

  it('does not send the same content again: rewritten, copied under a new name, or after a restart', async () => {
    const first = await watching(setup());
    await put('inventory.csv', CSV_A);
    await first.poll(2);
    expect(first.uploader.sent).toHaveLength(1);

    await put('inventory.csv', CSV_A);
    await put('inventory-2024-05-02.csv', CSV_A);
    await first.poll(3);
    expect(first.uploader.sent).toHaveLength(1);
    first.watcher.stop();

    // A new launch reads the hashes back from the app's data folder.
    const second = setup();
    await second.watcher.load();
    expect(second.watcher.state().folder).toBe(folder);
    await second.poll(3);
    expect(second.uploader.sent).toEqual([]);
    const kept = JSON.parse(await readFile(join(userData, 'watched-folder.json'), 'utf8'));
    expect(kept.lastSent).toBe(sha256(new TextEncoder().encode(CSV_A)));
  });

  it('sends changed content, and going back to an earlier content is a change', async () => {
    const { uploader, poll } = await watching(setup());
    await put('inventory.csv', CSV_A);
    await poll(2);
    await put('inventory.csv', CSV_B);
    await poll(2);
    await put('inventory.csv', CSV_A);
    await poll(2);
    expect(uploader.sent.map((file) => file.text)).toEqual([CSV_A, CSV_B, CSV_A]);
  });

  it('never reads a file while it is being written: it waits until size and time hold still', async () => {
    const reads: string[] = [];
    const fs: WatchedFolderFs = {
      readdir: (path) => readdir(path),
      stat: (path) => stat(path),
      readFile: async (path) => {
        reads.push(path);
        return readFile(path);
      },
    };
    const { uploader, poll, watcher } = await watching(setup({ fs }));
    await put('inventory.csv', 'stock_number,title,price\n');
    for (let row = 1; row <= 5; row += 1) {
      await poll();
      await appendFile(join(folder, 'inventory.csv'), `A${row},Rifle ${row},${row}00.00\n`);
      mtime += 1;
      await utimes(join(folder, 'inventory.csv'), mtime, mtime);
    }
    await poll();
    expect(reads).toEqual([]);
    expect(watcher.state().pendingFiles).toEqual(['inventory.csv']);
    await poll();
    expect(reads).toHaveLength(1);
    expect(uploader.sent).toHaveLength(1);
    expect(uploader.sent[0]?.text.trim().split('\n')).toHaveLength(6);
  });

  it('counts a file stable only once it held still for a second, however often it is polled', async () => {
    const { watcher, uploader, clock } = await watching(setup());
    await put('inventory.csv', CSV_A);
    for (let i = 0; i < 4; i += 1) {
      await watcher.scan();
      clock.time += 200;
    }
    expect(uploader.sent).toEqual([]);
    clock.time += 200;
    await watcher.scan();
    expect(uploader.sent).toHaveLength(1);
  });

  it('sets a file aside when it changed while being read, and sends it once settled', async () => {
    let racing = true;
    const fs: WatchedFolderFs = {
      readdir: (path) => readdir(path),
      stat: (path) => stat(path),
      readFile: async (path) => {
        const data = await readFile(path);
        if (racing) {
          racing = false;
          await appendFile(path, 'A9,Late row,1.00\n');
        }
        return data;
      },
    };
    const { uploader, poll } = await watching(setup({ fs }));
    await put('inventory.csv', CSV_A);
    await poll(2);
    expect(uploader.sent).toEqual([]);
    await poll(2);
    expect(uploader.sent).toEqual([{ name: 'inventory.csv', text: `${CSV_A}A9,Late row,1.00\n` }]);
  });

  it('sends nothing while paused, and the held file once resumed', async () => {
    const { watcher, uploader, poll } = await watching(setup());
    await watcher.setPaused(true);
    await put('inventory.csv', CSV_A);
    await poll(4);
    expect(uploader.sent).toEqual([]);
    expect(watcher.state()).toMatchObject({
      status: 'paused',
      paused: true,
      pendingFiles: ['inventory.csv'],
    });

    await watcher.setPaused(false);
    await poll();
    expect(uploader.sent).toHaveLength(1);
    expect(watcher.state()).toMatchObject({ status: 'watching', pendingFiles: [] });
  });

  it('reports a failed send once and retries it after the backoff', async () => {
    const uploader = new FakeUploader();
    uploader.failures = [
      new UploadFailure('The server could not be reached.', true),
      new UploadFailure('The server could not be reached.', true),
    ];
    const { watcher, notices, poll, clock } = await watching(setup({ uploader }));
    await put('inventory.csv', CSV_A);
    await poll(2);
    expect(uploader.sent).toEqual([]);
    expect(notices).toEqual([
      {
        title: 'Inventory upload failed: inventory.csv',
        body: 'The server could not be reached. It will be tried again.',
        path: '/dashboard/selling/tools',
      },
    ]);
    expect(watcher.state().lastError).toMatchObject({
      fileName: 'inventory.csv',
      message: 'The server could not be reached.',
    });
    expect(watcher.state().pendingFiles).toEqual(['inventory.csv']);

    await poll(5);
    expect(uploader.failures).toHaveLength(1); // not tried again before the backoff
    clock.time += RETRY_FIRST_MS;
    await poll();
    expect(uploader.failures).toHaveLength(0); // second try, failed too: still one notice
    expect(notices).toHaveLength(1);
    clock.time += retryDelay(2);
    await poll();
    expect(uploader.sent).toHaveLength(1);
    expect(watcher.state().lastError).toBeNull();
    expect(notices.at(-1)?.title).toBe('Inventory uploaded: inventory.csv');
  });

  it('retries a failed file as soon as it changes, without waiting for the backoff', async () => {
    const uploader = new FakeUploader();
    uploader.failures = [new UploadFailure('The server could not be reached.', true)];
    const { poll } = await watching(setup({ uploader }));
    await put('inventory.csv', CSV_A);
    await poll(2);
    await put('inventory.csv', CSV_B);
    await poll(2);
    expect(uploader.sent.map((file) => file.text)).toEqual([CSV_B]);
  });

  it('tries a refused file again only once it changes', async () => {
    const uploader = new FakeUploader();
    uploader.failures = [new UploadFailure('No recognisable header row.', false)];
    const { notices, poll, clock } = await watching(setup({ uploader }));
    await put('inventory.csv', CSV_A);
    await poll(2);
    expect(notices[0]?.body).toBe('No recognisable header row. Save the file again to retry.');
    clock.time += 60 * 60_000;
    await poll(2);
    expect(uploader.sent).toEqual([]);
    await put('inventory.csv', CSV_B);
    await poll(2);
    expect(uploader.sent).toHaveLength(1);
  });

  it('tries failed and refused files again after a sign-in', async () => {
    const uploader = new FakeUploader();
    uploader.failures = [
      new UploadFailure('Only sellers can upload inventory.', false),
      new UploadFailure('Sign in to Ironsight to upload inventory from the watched folder.', true),
    ];
    const { watcher, poll } = await watching(setup({ uploader }));
    await put('stock.csv', CSV_A);
    await poll(2);
    await put('ammo.csv', CSV_B);
    await poll(2);
    expect(uploader.sent).toEqual([]);
    watcher.retryNow();
    await poll(2);
    expect(uploader.sent.map((file) => file.name).sort()).toEqual(['ammo.csv', 'stock.csv']);
  });

  it('reports an upload the server failed to process', async () => {
    const uploader = new FakeUploader();
    uploader.outcome = { status: 'Failed', failureMessage: 'The file has no header row we recognise.' };
    const { watcher, notices, poll } = await watching(setup({ uploader }));
    await put('inventory.csv', CSV_A);
    await poll(2);
    expect(notices).toEqual([
      {
        title: 'Inventory upload failed: inventory.csv',
        body: 'The file has no header row we recognise.',
        path: '/dashboard/selling/tools',
      },
    ]);
    expect(watcher.state().lastRun).toMatchObject({ status: 'Failed', uploadId: UPLOAD_ID });
    expect(watcher.state().lastError?.message).toBe('The file has no header row we recognise.');
  });

  it('ignores what is not an inventory CSV', async () => {
    const { uploader, poll } = await watching(setup());
    await put('inventory.xlsx', CSV_A);
    await put('notes.txt', CSV_A);
    await put('.hidden.csv', CSV_A);
    await put('~$inventory.csv', CSV_A);
    await put('empty.csv', '');
    await mkdir(join(folder, 'archive.csv'));
    await poll(3);
    expect(uploader.sent).toEqual([]);
    expect(isInventoryFileName('STOCK.CSV')).toBe(true);
    expect(isInventoryFileName('stock.csv.tmp')).toBe(false);
  });

  it('says when the folder cannot be read, and goes on once it is back', async () => {
    const { watcher, uploader, poll } = await watching(setup());
    await rm(folder, { recursive: true });
    await poll();
    expect(watcher.state().status).toBe('error');
    expect(watcher.state().lastError?.message).toMatch(/^The folder .* cannot be read \(ENOENT\)\.$/);
    await mkdir(folder);
    await put('inventory.csv', CSV_A);
    await poll(2);
    expect(watcher.state().status).toBe('watching');
    expect(uploader.sent).toHaveLength(1);
  });

  it('keeps the folder and pause across launches; clearing stops watching', async () => {
    const first = await watching(setup());
    await first.watcher.setPaused(true);
    const second = setup();
    await second.watcher.load();
    expect(second.watcher.state()).toMatchObject({ folder, paused: true, status: 'paused' });
    await second.watcher.setFolder(null);
    expect(second.watcher.state().status).toBe('off');
    await put('inventory.csv', CSV_A);
    await second.poll(3);
    expect(second.uploader.sent).toEqual([]);
  });

  it('tells listeners about changes', async () => {
    const { watcher, poll } = setup();
    await watcher.load();
    const states: string[] = [];
    watcher.onChange((state) => states.push(state.status));
    await watcher.setFolder(folder);
    await put('inventory.csv', CSV_A);
    await poll(2);
    expect(states).toContain('watching');
    expect(states).toContain('uploading');
    expect(states.at(-1)).toBe('watching');
  });

  it('polls on its timer while a folder is set, and stops on stop()', async () => {
    vi.useFakeTimers();
    try {
      const uploader = new FakeUploader();
      const store = createJsonStateFile({
        fs: { readFile, writeFile, rename, mkdir },
        directory: userData,
        fileName: 'watched-folder.json',
      });
      let now = 0;
      const watcher = createWatchedFolder({
        fs: {
          readdir: (path) => readdir(path),
          stat: (path) => stat(path),
          readFile: (path) => readFile(path),
        },
        uploader,
        store,
        notify: () => {},
        clock: { now: () => now },
      });
      await watcher.load();
      await put('inventory.csv', CSV_A);
      await watcher.setFolder(folder);
      for (let i = 0; i < 4 && uploader.sent.length === 0; i += 1) {
        now += 1000;
        await vi.advanceTimersByTimeAsync(1000);
        // Real file system calls finish outside the fake clock.
        await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
      }
      expect(uploader.sent).toHaveLength(1);
      watcher.stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
