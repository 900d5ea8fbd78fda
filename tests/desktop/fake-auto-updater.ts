/**
 * A stand-in for electron-updater's `autoUpdater`: it records how the service configures it and
 * what it is told to do, and a test plays the events electron-updater would emit.
 */
import type { AutoUpdaterLike } from '../../src-main/services/updater.ts';

type CheckResult = { downloadPromise?: Promise<unknown> | null } | null;

export class FakeAutoUpdater implements AutoUpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  allowDowngrade = true;
  updateConfigPath: string | null = null;
  feed: Parameters<AutoUpdaterLike['setFeedURL']>[0] | null = null;
  checks = 0;
  readonly installs: Array<{ isSilent: boolean | undefined; isForceRunAfter: boolean | undefined }> = [];
  private readonly listeners = new Map<string, Array<(payload: unknown) => void>>();
  /** What the next check finds; by default nothing newer. */
  private found: { version: string } | null = null;
  private failure: Error | null = null;
  private download: { resolve(): void; reject(error: Error): void } | null = null;

  setFeedURL(options: Parameters<AutoUpdaterLike['setFeedURL']>[0]): void {
    this.feed = options;
  }

  on(event: string, listener: (payload: never) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as (payload: unknown) => void]);
    return this;
  }

  emit(event: string, payload?: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  /** The next check finds this version and starts downloading it. */
  willFind(version: string): void {
    this.found = { version };
    this.failure = null;
  }

  /** The next check fails (the feed cannot be read). */
  willFail(error: Error): void {
    this.failure = error;
  }

  /** As electron-updater: the events of a check, then a download running on after it resolves. */
  async checkForUpdates(): Promise<CheckResult> {
    this.checks += 1;
    this.emit('checking-for-update');
    await Promise.resolve();
    if (this.failure) {
      const error = this.failure;
      this.failure = null;
      this.emit('error', error);
      throw error;
    }
    if (!this.found) {
      this.emit('update-not-available', { version: '1.2.3' });
      return { downloadPromise: null };
    }
    const info = this.found;
    this.found = null;
    this.emit('update-available', info);
    const downloadPromise = new Promise<void>((resolve, reject) => {
      this.download = { resolve, reject };
    });
    return { downloadPromise };
  }

  progress(percent: number): void {
    this.emit('download-progress', { percent, bytesPerSecond: 1, total: 100, transferred: percent });
  }

  /** The download finished and its SHA-512 matched the feed. */
  finishDownload(version: string): void {
    this.emit('update-downloaded', { version, downloadedFile: `/cache/${version}` });
    this.download?.resolve();
    this.download = null;
  }

  /** The download failed (e.g. its SHA-512 did not match the feed's). */
  failDownload(error: Error): void {
    this.emit('error', error);
    this.download?.reject(error);
    this.download = null;
  }

  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push({ isSilent, isForceRunAfter });
  }
}
