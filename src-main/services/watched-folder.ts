import { join } from 'node:path';
import { BULK_UPLOAD_MAX_BYTES } from '../../shared/contract/inventory.ts';
import type { DesktopNotice, WatchedFolderRun, WatchedFolderState } from '../../shared/desktop-bridge.ts';
import {
  asFailure,
  failureNotice,
  isInventoryFileName,
  type Kept,
  keptSchema,
  MAX_NAMES_KEPT,
  NOTHING_KEPT,
  processingOutcome,
  retryDelay,
  runNotice,
  type Seen,
  STABLE_FOR_MS,
  SYSTEM_CLOCK,
  SYSTEM_TIMERS,
  sameFile,
  sha256,
  UploadFailure,
  type UploadOutcome,
  WATCH_POLL_MS,
  type WatchedFolder,
  type WatchedFolderOptions,
} from './watched-folder-parts.ts';

export * from './watched-folder-parts.ts';

export function createWatchedFolder(options: WatchedFolderOptions): WatchedFolder {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const timers = options.timers ?? SYSTEM_TIMERS;
  const pollMs = options.pollMs ?? WATCH_POLL_MS;
  const stableForMs = options.stableForMs ?? STABLE_FOR_MS;

  let kept: Kept = NOTHING_KEPT;
  /** Size and time of each file at the poll they were first seen so, and when that was. */
  const observed = new Map<string, Seen & { since: number }>();
  /** Size and time each file had when it was last dealt with (sent, unchanged or refused). */
  const handled = new Map<string, Seen>();
  /** Files whose send failed and may be retried: when, and how many tries so far. */
  const retries = new Map<string, Seen & { at: number; attempts: number }>();
  /** The content whose failure was last announced, per file: each failure is announced once. */
  const announced = new Map<string, string>();
  /** Files the server refused (4xx): a new session may be allowed what this one was not. */
  const refused = new Set<string>();
  let pending: string[] = [];
  let uploading = false;
  let folderUnreadable = false;
  /** Bumped when the folder changes or watching stops: a poll under way then drops its work. */
  let generation = 0;
  let timer: unknown = null;
  let stopped = false;
  let scanning: Promise<void> | null = null;
  const listeners = new Set<(state: WatchedFolderState) => void>();

  const isoNow = () => new Date(clock.now()).toISOString();

  const state = (): WatchedFolderState => ({
    folder: kept.folder,
    paused: kept.paused,
    status:
      kept.folder === null
        ? 'off'
        : kept.paused
          ? 'paused'
          : uploading
            ? 'uploading'
            : folderUnreadable
              ? 'error'
              : 'watching',
    pendingFiles: pending.slice(0, 1000),
    lastRun: kept.lastRun,
    lastError: kept.lastError,
  });

  let lastEmitted = '';
  const emit = () => {
    const current = state();
    const text = JSON.stringify(current);
    if (text === lastEmitted) return;
    lastEmitted = text;
    for (const listener of [...listeners]) listener(current);
  };

  const notify = (notice: DesktopNotice) => {
    try {
      options.notify(notice);
    } catch (error) {
      options.onLog?.(`watched folder notice not shown: ${String(error)}`);
    }
  };

  const save = async () => {
    try {
      await options.store.write(kept);
    } catch (error) {
      options.onLog?.(`watched folder state not saved: ${String(error)}`);
    }
  };

  const forgetFiles = () => {
    observed.clear();
    handled.clear();
    retries.clear();
    announced.clear();
    refused.clear();
    pending = [];
    folderUnreadable = false;
  };

  const schedule = (ms: number) => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = null;
      void scan().finally(() => {
        if (watching() && timer === null) schedule(pollMs);
      });
    }, ms);
  };
  // Paused, the folder is still polled (so the settings list the files held back); nothing is sent.
  const watching = () => !stopped && kept.folder !== null;
  const follow = () => {
    if (watching()) {
      if (timer === null) schedule(0);
    } else if (timer !== null) {
      timers.clearTimeout(timer);
      timer = null;
    }
  };

  const recordError = (fileName: string | null, message: string) => {
    kept = { ...kept, lastError: { at: isoNow(), fileName, message: message.slice(0, 2000) } };
  };

  const rememberSent = (name: string, hash: string) => {
    const sentByName = { ...kept.sentByName };
    delete sentByName[name];
    sentByName[name] = hash;
    const names = Object.keys(sentByName);
    for (const old of names.slice(0, Math.max(0, names.length - MAX_NAMES_KEPT))) delete sentByName[old];
    kept = { ...kept, sentByName, lastSent: hash };
  };

  /** Reads, checks and sends one stable file; true when the poll may go on to the next file. */
  const handle = async (folder: string, name: string, seen: Seen, mine: number): Promise<boolean> => {
    const path = join(folder, name);
    if (seen.size > BULK_UPLOAD_MAX_BYTES) {
      handled.set(name, seen);
      const limit = `${Math.round(BULK_UPLOAD_MAX_BYTES / (1024 * 1024))} MB`;
      const failure = new UploadFailure(`The file is larger than the ${limit} an upload may be.`, false);
      recordError(name, failure.message);
      notify(failureNotice(name, failure));
      await save();
      return true;
    }
    let data: Uint8Array;
    try {
      data = await options.fs.readFile(path);
      const after = await options.fs.stat(path);
      if (data.byteLength !== seen.size || !sameFile(seen, after)) {
        // Written to while it was read: wait for it to settle again.
        observed.set(name, { size: after.size, mtimeMs: after.mtimeMs, since: clock.now() });
        return true;
      }
    } catch {
      return true; // Gone or locked meanwhile: the next poll sees it again.
    }
    if (mine !== generation) return false;
    const hash = sha256(data);
    if (kept.sentByName[name] === hash || kept.lastSent === hash) {
      handled.set(name, seen);
      retries.delete(name);
      return true;
    }

    uploading = true;
    emit();
    let uploadId: string;
    try {
      ({ uploadId } = await options.uploader.send({ name, data }));
    } catch (error) {
      uploading = false;
      if (mine !== generation) return false;
      const failure = asFailure(error);
      if (failure.retryable) {
        const previous = retries.get(name);
        const attempts = previous && sameFile(previous, seen) ? previous.attempts + 1 : 1;
        retries.set(name, { ...seen, at: clock.now() + retryDelay(attempts), attempts });
      } else {
        handled.set(name, seen);
        retries.delete(name);
        refused.add(name);
      }
      recordError(name, failure.message);
      if (announced.get(name) !== hash) {
        announced.set(name, hash);
        notify(failureNotice(name, failure));
      }
      options.onLog?.(`watched folder: ${name} not sent: ${failure.message}`);
      await save();
      emit();
      // No connection: the other files would fail the same way.
      return !failure.retryable;
    }

    handled.set(name, seen);
    retries.delete(name);
    announced.delete(name);
    refused.delete(name);
    rememberSent(name, hash);
    const sentAt = isoNow();
    const queued: WatchedFolderRun = { at: sentAt, fileName: name, ...processingOutcome(uploadId) };
    kept = { ...kept, lastRun: queued, lastError: null };
    await save();
    emit();

    let outcome: UploadOutcome;
    try {
      outcome = await options.uploader.result(uploadId, name);
    } catch {
      outcome = { ...queued };
    }
    uploading = false;
    const run: WatchedFolderRun = {
      ...outcome,
      failureMessage: outcome.failureMessage?.slice(0, 2000) ?? null,
      uploadId,
      at: sentAt,
      fileName: name,
    };
    if (kept.lastRun?.uploadId === uploadId) kept = { ...kept, lastRun: run };
    if (run.status === 'Failed') {
      recordError(name, run.failureMessage ?? `${run.errorCount} rows could not be imported.`);
    }
    notify(runNotice(run));
    await save();
    emit();
    return mine === generation;
  };

  const pollOnce = async () => {
    const folder = kept.folder;
    if (folder === null) return;
    const mine = generation;
    let names: string[];
    try {
      names = (await options.fs.readdir(folder)).filter(isInventoryFileName);
    } catch (error) {
      if (mine !== generation) return;
      if (!folderUnreadable) {
        folderUnreadable = true;
        const reason = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
        recordError(null, `The folder ${folder} cannot be read${reason}.`);
        await save();
      }
      emit();
      return;
    }
    if (mine !== generation) return;
    if (folderUnreadable) {
      folderUnreadable = false;
      if (kept.lastError?.fileName === null) {
        kept = { ...kept, lastError: null };
        await save();
      }
    }

    const present = new Set(names);
    for (const map of [observed, handled, retries, announced]) {
      for (const name of map.keys()) if (!present.has(name)) map.delete(name);
    }
    for (const name of refused) if (!present.has(name)) refused.delete(name);

    const files: Array<{ name: string } & Seen> = [];
    for (const name of names) {
      try {
        const info = await options.fs.stat(join(folder, name));
        if (info.isFile() && info.size > 0) files.push({ name, size: info.size, mtimeMs: info.mtimeMs });
      } catch {
        // Removed between the listing and the stat.
      }
    }
    if (mine !== generation) return;
    // Oldest first, so daily exports are applied in the order they were written.
    files.sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));

    const waiting: string[] = [];
    let goOn = true;
    for (const file of files) {
      const seen: Seen = { size: file.size, mtimeMs: file.mtimeMs };
      if (sameFile(handled.get(file.name), seen)) continue;
      const before = observed.get(file.name);
      if (!sameFile(before, seen)) {
        observed.set(file.name, { ...seen, since: clock.now() });
        waiting.push(file.name);
        continue;
      }
      const retry = retries.get(file.name);
      const stable = before !== undefined && clock.now() - before.since >= stableForMs;
      const due = !retry || !sameFile(retry, seen) || clock.now() >= retry.at;
      if (!goOn || !stable || !due || kept.paused) {
        waiting.push(file.name);
        continue;
      }
      goOn = await handle(folder, file.name, seen, mine);
      if (mine !== generation) return;
      if (!sameFile(handled.get(file.name), seen)) waiting.push(file.name);
    }
    pending = waiting;
    emit();
  };

  const scan = (): Promise<void> => {
    if (scanning) return scanning;
    scanning = pollOnce()
      .catch((error: unknown) => options.onLog?.(`watched folder poll failed: ${String(error)}`))
      .finally(() => {
        scanning = null;
      });
    return scanning;
  };

  return {
    async load() {
      const raw = await options.store.read().catch(() => null);
      const parsed = keptSchema.safeParse(raw ?? NOTHING_KEPT);
      kept = parsed.success ? parsed.data : NOTHING_KEPT;
      lastEmitted = JSON.stringify(state());
      follow();
    },
    state,
    async setFolder(folder) {
      if (folder === kept.folder) return state();
      generation += 1;
      forgetFiles();
      kept = { ...kept, folder, sentByName: {}, lastError: null };
      await save();
      emit();
      follow();
      return state();
    },
    async setPaused(paused) {
      if (paused === kept.paused) return state();
      kept = { ...kept, paused };
      await save();
      emit();
      if (!paused && watching()) schedule(0);
      return state();
    },
    scan,
    retryNow() {
      retries.clear();
      for (const name of refused) {
        handled.delete(name);
        announced.delete(name);
      }
      refused.clear();
      if (watching()) schedule(0);
    },
    stop() {
      stopped = true;
      generation += 1;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      listeners.clear();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
