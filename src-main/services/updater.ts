/**
 * Updates of the desktop client: electron-updater (injected, so tests use a fake) reads the update
 * feed our server serves (a generic provider at `/desktop/updates/`), downloads a newer version in
 * the background and checks its SHA-512 against the feed before it says `update-downloaded`. This
 * service decides what electron-updater may do: nothing in development or without a feed; a check
 * soon after launch and then every few hours; an install only of an update that finished
 * downloading and was verified, on "Restart to update" or when the app quits, never after an error.
 * The staged rollout is electron-updater's: it compares the feed's `stagingPercentage` with a random
 * id it keeps for this installation.
 */
import type { UpdateState } from '../../shared/desktop-bridge.ts';
import { type Clock, SYSTEM_CLOCK, SYSTEM_TIMERS, type WatchTimers } from './watched-folder-parts.ts';

/** What an update event carries that this service reads. */
export interface UpdateInfoLike {
  version: string;
}

/** What the service needs of electron-updater's `autoUpdater` (an `AppUpdater`). */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  /** An `app-update.yml` to read instead of the one packaged into the app. */
  updateConfigPath: string | null;
  setFeedURL(options: { provider: 'generic'; url: string; useMultipleRangeRequest: boolean }): void;
  /** Resolves once the feed is read; a download it starts goes on in `downloadPromise`. */
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(event: 'update-available', listener: (info: UpdateInfoLike) => void): unknown;
  on(event: 'update-not-available', listener: (info: UpdateInfoLike) => void): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: UpdateInfoLike) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** The first check waits for the app to settle after launch. */
export const FIRST_CHECK_AFTER_MS = 30_000;
/** Then the feed is read this often while the app runs (dealers keep it open all day). */
export const CHECK_EVERY_MS = 4 * 60 * 60_000;
/** After a failed check or download, the next try comes sooner than the regular one. */
export const RETRY_AFTER_ERROR_MS = 30 * 60_000;

export interface UpdaterOptions {
  /** False in development (`electron-vite dev`, an unpacked app): updates stay off. */
  isPackaged: boolean;
  /** The running version (`app.getVersion()`). */
  currentVersion: string;
  /** The update feed, e.g. `https://ironsight.example/desktop/updates/`; null: none configured, updates off. */
  feedUrl: string | null;
  /** electron-updater's `autoUpdater`, asked for only when updates are on. */
  loadUpdater(): AutoUpdaterLike;
  /** The `app-update.yml` written for a feed set at launch, when the app was packaged without one. */
  updateConfigPath?: string | null;
  timers?: WatchTimers;
  clock?: Clock;
  onLog?(message: string): void;
}

export interface Updater {
  state(): UpdateState;
  onChange(listener: (state: UpdateState) => void): () => void;
  /** Starts the checks (the first after a short wait); nothing when updates are off. */
  start(): void;
  stop(): void;
  /** Reads the feed now, unless updates are off, a check is under way or an update waits for a restart. */
  checkNow(): Promise<UpdateState>;
  /**
   * Quits and installs the downloaded, verified update, then starts the new version. False (and
   * nothing happens) unless one is ready.
   */
  restartToUpdate(): boolean;
}

const MAX_ERROR_LENGTH = 500;

/** An updater error as a sentence for the settings, without the stack or the feed's whole body. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0]?.trim() || 'The update failed.';
  return firstLine.length > MAX_ERROR_LENGTH ? `${firstLine.slice(0, MAX_ERROR_LENGTH - 1)}…` : firstLine;
}

const versionOf = (info: unknown): string | null =>
  info && typeof info === 'object' && 'version' in info && typeof info.version === 'string' && info.version
    ? info.version.slice(0, 100)
    : null;

export function createUpdater(options: UpdaterOptions): Updater {
  const timers = options.timers ?? SYSTEM_TIMERS;
  const clock = options.clock ?? SYSTEM_CLOCK;
  const log = options.onLog ?? (() => {});
  const offReason: UpdateState['offReason'] = !options.isPackaged
    ? 'development'
    : options.feedUrl === null
      ? 'noFeed'
      : null;

  let current: UpdateState = {
    status: offReason === null ? 'idle' : 'off',
    offReason,
    currentVersion: options.currentVersion,
    version: null,
    percent: null,
    checkedAt: null,
    error: null,
  };
  const listeners = new Set<(state: UpdateState) => void>();
  let updater: AutoUpdaterLike | null = null;
  let timer: unknown = null;
  let running = false;
  let checking: Promise<UpdateState> | null = null;

  const set = (next: Partial<UpdateState>) => {
    current = { ...current, ...next };
    // Installing on quit follows the state: only a verified download, and never once an error came after it.
    if (updater) updater.autoInstallOnAppQuit = current.status === 'ready';
    for (const listener of [...listeners]) listener(current);
  };

  const cancelTimer = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  /** The next check; none once an update waits for the restart that installs it. */
  const schedule = (delayMs: number) => {
    cancelTimer();
    if (!running || current.status === 'ready') return;
    timer = timers.setTimeout(() => {
      timer = null;
      void check();
    }, delayMs);
  };

  /** Configures electron-updater once: our feed, background downloads, no install it was not told to do. */
  const engine = (): AutoUpdaterLike => {
    if (updater) return updater;
    const loaded = options.loadUpdater();
    if (options.updateConfigPath) loaded.updateConfigPath = options.updateConfigPath;
    loaded.autoDownload = true;
    loaded.autoInstallOnAppQuit = false;
    loaded.allowDowngrade = false;
    // One range per request: what the server's file answers serve (a block-map download asks for many).
    loaded.setFeedURL({ provider: 'generic', url: options.feedUrl ?? '', useMultipleRangeRequest: false });
    loaded.on('checking-for-update', () => {
      if (current.status !== 'checking') set({ status: 'checking', error: null });
    });
    loaded.on('update-available', (info) =>
      set({ status: 'downloading', version: versionOf(info), percent: 0, error: null }),
    );
    loaded.on('update-not-available', () =>
      set({ status: 'idle', version: null, percent: null, checkedAt: new Date(clock.now()).toISOString() }),
    );
    loaded.on('download-progress', (progress) => {
      if (current.status !== 'downloading') return;
      const percent = Number(progress?.percent);
      if (Number.isFinite(percent)) set({ percent: Math.min(100, Math.max(0, Math.round(percent))) });
    });
    loaded.on('update-downloaded', (info) => {
      // electron-updater says this only once the file's SHA-512 matched the feed's.
      const version = versionOf(info);
      if (current.status === 'error' || version === null) return;
      set({ status: 'ready', version, percent: 100, checkedAt: new Date(clock.now()).toISOString() });
      log(`update ${version} downloaded and verified; installed on restart`);
      cancelTimer();
    });
    loaded.on('error', (error) => {
      const message = errorText(error);
      log(`update failed: ${message}`);
      set({ status: 'error', percent: null, error: message });
      schedule(RETRY_AFTER_ERROR_MS);
    });
    updater = loaded;
    return loaded;
  };

  const check = (): Promise<UpdateState> => {
    if (offReason !== null || current.status === 'ready') return Promise.resolve(current);
    if (current.status === 'downloading') {
      // The download under way ends in 'update-downloaded' or 'error'; look again later all the same.
      schedule(CHECK_EVERY_MS);
      return Promise.resolve(current);
    }
    if (checking) return checking;
    checking = (async () => {
      try {
        set({ status: 'checking', error: null });
        const result = await engine().checkForUpdates();
        // A failed download is reported by the 'error' event; its promise must not go unhandled.
        result?.downloadPromise?.catch(() => {});
        if (current.status === 'checking') {
          set({ status: 'idle', checkedAt: new Date(clock.now()).toISOString() });
        }
        schedule(CHECK_EVERY_MS);
      } catch (error) {
        // electron-updater also emits 'error' for a failed check; either way the state says so once.
        if (current.status !== 'error') {
          log(`update check failed: ${errorText(error)}`);
          set({ status: 'error', percent: null, error: errorText(error) });
        }
        schedule(RETRY_AFTER_ERROR_MS);
      } finally {
        checking = null;
      }
      return current;
    })();
    return checking;
  };

  return {
    state: () => current,
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start() {
      if (offReason !== null) {
        log(
          offReason === 'development'
            ? 'updates off in development'
            : 'updates off: no update feed configured',
        );
        return;
      }
      if (running) return;
      running = true;
      schedule(FIRST_CHECK_AFTER_MS);
    },
    stop() {
      running = false;
      cancelTimer();
    },
    checkNow: () => check(),
    restartToUpdate() {
      if (current.status !== 'ready' || !updater) return false;
      log(`restarting to install ${current.version}`);
      // Not silent on Windows (the installer shows its progress), and the new version starts after it.
      updater.quitAndInstall(false, true);
      return true;
    },
  };
}

/**
 * The feed URL written into a packaged app's `app-update.yml` (electron-builder writes it when the
 * packaging is given IRONSIGHT_UPDATE_URL): `url: …`, quoted or not; null when there is none.
 */
export function feedUrlOfUpdateConfig(text: string | null): string | null {
  if (!text) return null;
  const raw = /^url:\s*(.+?)\s*$/m.exec(text)?.[1];
  if (!raw) return null;
  const url = raw.replace(/^(['"])(.*)\1$/, '$2');
  return URL.canParse(url) && /^https?:$/.test(new URL(url).protocol) ? url : null;
}

export interface UpdateFeedPlan {
  /** The feed to read; null: none configured (updates off). */
  feedUrl: string | null;
  /**
   * The `app-update.yml` to write for electron-updater (its download cache needs the folder name it
   * gives) when the feed is set at launch and the app was packaged without one; null: none needed.
   */
  updateConfig: string | null;
}

/** The feed set at launch first, else the one packaged into the app (its `app-update.yml`). */
export function updateFeedPlan(configured: string | null, packagedConfig: string | null): UpdateFeedPlan {
  const packaged = feedUrlOfUpdateConfig(packagedConfig);
  const feedUrl = configured ?? packaged;
  if (feedUrl === null || packaged !== null) return { feedUrl, updateConfig: null };
  return {
    feedUrl,
    updateConfig: `provider: generic\nurl: '${feedUrl.replace(/'/g, "''")}'\nupdaterCacheDirName: ironsight-updater\n`,
  };
}
