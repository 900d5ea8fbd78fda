import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UpdateInfo } from 'builder-util-runtime';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';
import { NsisUpdater } from 'electron-updater/out/NsisUpdater.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateStateSchema } from '../../shared/desktop-ipc.ts';
import {
  CHECK_EVERY_MS,
  createUpdater,
  FIRST_CHECK_AFTER_MS,
  feedUrlOfUpdateConfig,
  RETRY_AFTER_ERROR_MS,
  updateFeedPlan,
} from '../../src-main/services/updater.ts';
import { FakeAutoUpdater } from './fake-auto-updater.ts';

const FEED = 'https://ironsight.example/desktop/updates/';
const NOW = Date.parse('2026-03-14T15:09:26.000Z');

/** Timers that run only when the test says so, each with the delay it was set for. */
class FakeTimers {
  pending: Array<{ callback: () => void; ms: number; handle: number }> = [];
  private next = 1;
  setTimeout = (callback: () => void, ms: number) => {
    const handle = this.next++;
    this.pending.push({ callback, ms, handle });
    return handle;
  };
  clearTimeout = (handle: unknown) => {
    this.pending = this.pending.filter((timer) => timer.handle !== handle);
  };
  delays = () => this.pending.map((timer) => timer.ms);
  async fire() {
    const due = this.pending;
    this.pending = [];
    for (const timer of due) timer.callback();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: { isPackaged?: boolean; feedUrl?: string | null } = {}) {
  const autoUpdater = new FakeAutoUpdater();
  const timers = new FakeTimers();
  const loadUpdater = vi.fn(() => autoUpdater);
  const updater = createUpdater({
    isPackaged: options.isPackaged ?? true,
    currentVersion: '1.2.3',
    feedUrl: options.feedUrl === undefined ? FEED : options.feedUrl,
    loadUpdater,
    timers,
    clock: { now: () => NOW },
  });
  const states: string[] = [];
  updater.onChange((state) => {
    // Every state the renderer is sent passes the IPC contract.
    updateStateSchema.parse(state);
    states.push(state.status);
  });
  return { updater, autoUpdater, timers, loadUpdater, states };
}

describe('when updates are off', () => {
  it('in development (the app is not packaged): never loads electron-updater or reads a feed', async () => {
    const { updater, timers, loadUpdater } = setup({ isPackaged: false });
    updater.start();
    expect(updater.state()).toMatchObject({
      status: 'off',
      offReason: 'development',
      currentVersion: '1.2.3',
    });
    expect(timers.pending).toEqual([]);
    await expect(updater.checkNow()).resolves.toMatchObject({ status: 'off' });
    expect(updater.restartToUpdate()).toBe(false);
    expect(loadUpdater).not.toHaveBeenCalled();
  });

  it('without an update feed configured', async () => {
    const { updater, timers, loadUpdater } = setup({ feedUrl: null });
    updater.start();
    expect(updater.state()).toMatchObject({ status: 'off', offReason: 'noFeed' });
    expect(timers.pending).toEqual([]);
    await updater.checkNow();
    expect(loadUpdater).not.toHaveBeenCalled();
  });
});

describe('checking for updates', () => {
  it('waits after launch, points electron-updater at our feed, then checks every few hours', async () => {
    const { updater, autoUpdater, timers } = setup();
    updater.start();
    expect(timers.delays()).toEqual([FIRST_CHECK_AFTER_MS]);
    expect(autoUpdater.checks).toBe(0);

    await timers.fire();
    expect(autoUpdater.feed).toEqual({ provider: 'generic', url: FEED, useMultipleRangeRequest: false });
    expect(autoUpdater).toMatchObject({
      autoDownload: true,
      allowDowngrade: false,
      autoInstallOnAppQuit: false,
    });
    expect(autoUpdater.checks).toBe(1);
    expect(updater.state()).toMatchObject({
      status: 'idle',
      checkedAt: '2026-03-14T15:09:26.000Z',
      error: null,
    });
    expect(timers.delays()).toEqual([CHECK_EVERY_MS]);

    await timers.fire();
    expect(autoUpdater.checks).toBe(2);
    updater.stop();
    expect(timers.pending).toEqual([]);
  });

  it('one check at a time', async () => {
    const { updater, autoUpdater } = setup();
    await Promise.all([updater.checkNow(), updater.checkNow()]);
    expect(autoUpdater.checks).toBe(1);
  });

  it('a feed that cannot be read is an error, tried again sooner', async () => {
    const { updater, autoUpdater, timers } = setup();
    updater.start();
    autoUpdater.willFail(
      new Error('Cannot find channel "latest.yml" update info: HttpError: 404\n    at stack'),
    );
    await timers.fire();
    expect(updater.state()).toMatchObject({
      status: 'error',
      error: 'Cannot find channel "latest.yml" update info: HttpError: 404',
    });
    expect(timers.delays()).toEqual([RETRY_AFTER_ERROR_MS]);
    await timers.fire();
    expect(updater.state().status).toBe('idle');
  });
});

describe('installing an update', () => {
  it('only once electron-updater has downloaded and verified it: then on restart, or when the app quits', async () => {
    const { updater, autoUpdater, timers, states } = setup();
    updater.start();
    autoUpdater.willFind('1.3.0');
    await timers.fire();
    expect(updater.state()).toMatchObject({ status: 'downloading', version: '1.3.0', percent: 0 });
    autoUpdater.progress(41.6);
    expect(updater.state().percent).toBe(42);

    // Still downloading: nothing to install, on restart or on quit.
    expect(updater.restartToUpdate()).toBe(false);
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);

    autoUpdater.finishDownload('1.3.0');
    await flush();
    expect(updater.state()).toMatchObject({ status: 'ready', version: '1.3.0', percent: 100 });
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
    // The ready update waits for the restart: no further check replaces it meanwhile.
    expect(timers.pending).toEqual([]);
    await updater.checkNow();
    expect(autoUpdater.checks).toBe(1);

    expect(updater.restartToUpdate()).toBe(true);
    expect(autoUpdater.installs).toEqual([{ isSilent: false, isForceRunAfter: true }]);
    expect(states).toEqual(['checking', 'downloading', 'downloading', 'ready']);
  });

  it('never after an error: a download that fails its SHA-512 check is not installed, and is fetched again', async () => {
    const { updater, autoUpdater, timers } = setup();
    updater.start();
    autoUpdater.willFind('1.3.0');
    await timers.fire();
    autoUpdater.failDownload(new Error('sha512 checksum mismatch, expected abc, got def'));
    await flush();
    expect(updater.state()).toMatchObject({
      status: 'error',
      version: '1.3.0',
      error: 'sha512 checksum mismatch, expected abc, got def',
    });
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);
    expect(updater.restartToUpdate()).toBe(false);

    // A late "downloaded" of the failed round changes nothing.
    autoUpdater.emit('update-downloaded', { version: '1.3.0' });
    expect(updater.state().status).toBe('error');
    expect(updater.restartToUpdate()).toBe(false);
    expect(autoUpdater.installs).toEqual([]);

    expect(timers.delays()).toEqual([RETRY_AFTER_ERROR_MS]);
    autoUpdater.willFind('1.3.0');
    await timers.fire();
    autoUpdater.finishDownload('1.3.0');
    expect(updater.state().status).toBe('ready');
    expect(updater.restartToUpdate()).toBe(true);
  });

  it('an error after the download withdraws the install on quit', async () => {
    const { updater, autoUpdater } = setup();
    autoUpdater.willFind('1.3.0');
    await updater.checkNow();
    autoUpdater.finishDownload('1.3.0');
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
    autoUpdater.emit('error', new Error('The downloaded update could not be read'));
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);
    expect(updater.restartToUpdate()).toBe(false);
  });
});

describe('the staged rollout', () => {
  let userData: string;
  beforeEach(async () => {
    userData = await mkdtemp(join(tmpdir(), 'ironsight-updater-'));
  });
  afterEach(() => rm(userData, { recursive: true, force: true }));

  const appAdapter = (): AppAdapter => ({
    version: '1.2.3',
    name: 'Ironsight',
    isPackaged: true,
    appUpdateConfigPath: join(userData, 'app-update.yml'),
    userDataPath: userData,
    baseCachePath: userData,
    whenReady: async () => {},
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  });
  const release = (stagingPercentage?: number): UpdateInfo => ({
    version: '1.3.0',
    files: [{ url: 'Ironsight-Setup-1.3.0.exe', sha512: 'x' }],
    path: 'Ironsight-Setup-1.3.0.exe',
    sha512: 'x',
    releaseDate: '2026-03-14T15:09:26.000Z',
    ...(stagingPercentage === undefined ? {} : { stagingPercentage }),
  });

  it("is electron-updater's: it compares the feed's stagingPercentage with this installation's kept id", async () => {
    // The id's last four bytes place this installation at 0x40000000 / 0xffffffff ≈ 25 %.
    await writeFile(join(userData, '.updaterId'), '8c5b7a9e-1f2d-5c3b-9a4e-000040000000');
    const electronUpdater = new NsisUpdater(null, appAdapter());
    electronUpdater.logger = null;
    const within = electronUpdater.isUserWithinRollout;
    expect(await within(release(30))).toBe(true);
    expect(await within(release(20))).toBe(false);
    expect(await within(release(0))).toBe(false);
    expect(await within(release())).toBe(true);
  });

  it('gives each installation its own id once, kept across launches', async () => {
    const first = new NsisUpdater(null, appAdapter());
    first.logger = null;
    await first.isUserWithinRollout(release(50));
    const id = await readFile(join(userData, '.updaterId'), 'utf8');
    const second = new NsisUpdater(null, appAdapter());
    second.logger = null;
    await second.isUserWithinRollout(release(50));
    expect(await readFile(join(userData, '.updaterId'), 'utf8')).toBe(id);
  });
});

describe('where the feed comes from', () => {
  it("reads the URL electron-builder packaged into the app's app-update.yml", () => {
    expect(
      feedUrlOfUpdateConfig(`provider: generic\nurl: ${FEED}\nupdaterCacheDirName: ironsight-updater\n`),
    ).toBe(FEED);
    expect(feedUrlOfUpdateConfig(`provider: generic\nurl: '${FEED}'\n`)).toBe(FEED);
    expect(feedUrlOfUpdateConfig('provider: github\nowner: x\n')).toBeNull();
    expect(feedUrlOfUpdateConfig('url: file:///etc/updates\n')).toBeNull();
    expect(feedUrlOfUpdateConfig(null)).toBeNull();
  });

  it('takes the feed set at launch first, writing an app-update.yml only when the app has none', () => {
    const packaged = `provider: generic\nurl: ${FEED}\n`;
    expect(updateFeedPlan(null, packaged)).toEqual({ feedUrl: FEED, updateConfig: null });
    expect(updateFeedPlan('https://staging.ironsight.example/desktop/updates/', packaged)).toEqual({
      feedUrl: 'https://staging.ironsight.example/desktop/updates/',
      updateConfig: null,
    });
    expect(updateFeedPlan(FEED, null)).toEqual({
      feedUrl: FEED,
      updateConfig: `provider: generic\nurl: '${FEED}'\nupdaterCacheDirName: ironsight-updater\n`,
    });
    expect(updateFeedPlan(null, null)).toEqual({ feedUrl: null, updateConfig: null });
  });
});
