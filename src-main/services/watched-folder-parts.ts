/**
 * The watched inventory folder's parts (`watched-folder.ts`): its settings, its timing and retry
 * rules, what it keeps on disk, which files count and the notices it gives.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { DesktopNotice, WatchedFolderRun, WatchedFolderState } from '../../shared/desktop-bridge.ts';
import { paths } from '../../shared/routes/paths.ts';
import type { JsonStateFile } from './atomic-file.ts';

export const WATCH_POLL_MS = 1000;
export const STABLE_FOR_MS = 1000;
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 15 * 60_000;
/** Where a notification of an upload leads: Seller Tools, whose upload history lists it. */
export const UPLOAD_HISTORY_PATH = paths.to('dashboard.selling.tools');

/** The part of `node:fs/promises` the watcher uses (`readdir` gives names). */
export interface WatchedFolderFs {
  readdir(path: string): Promise<string[]>;
  stat(path: string): Promise<{ size: number; mtimeMs: number; isFile(): boolean }>;
  readFile(path: string): Promise<Uint8Array>;
}

export interface InventoryFile {
  name: string;
  data: Uint8Array;
}

/** What the server made of an upload. */
export type UploadOutcome = Omit<WatchedFolderRun, 'at' | 'fileName'>;

/** An upload the server has queued and not processed yet. */
export const processingOutcome = (uploadId: string): UploadOutcome => ({
  uploadId,
  status: 'Processing',
  createdCount: 0,
  updatedCount: 0,
  unchangedCount: 0,
  errorCount: 0,
  failureMessage: null,
});

/** A send that did not go through; `retryable` when trying the same bytes later may work. */
export class UploadFailure extends Error {
  override name = 'UploadFailure';
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

/** Sends inventory files the way the bulk-upload page does; the real one is bulk-upload-client.ts. */
export interface InventoryUploader {
  /** Queues the file on the server; throws `UploadFailure` (any other error counts as retryable). */
  send(file: InventoryFile): Promise<{ uploadId: string }>;
  /** Waits until the server has processed the upload (or gives up waiting: status `Processing`). */
  result(uploadId: string, fileName: string): Promise<UploadOutcome>;
}

export interface Clock {
  now(): number;
}

export interface WatchTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock and timers, for when the options give none (tests give fakes). */
export const SYSTEM_CLOCK: Clock = { now: () => Date.now() };
export const SYSTEM_TIMERS: WatchTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface WatchedFolderOptions {
  fs: WatchedFolderFs;
  uploader: InventoryUploader;
  /** Where the folder, pause and content hashes are kept (JSON in the app's user-data folder). */
  store: JsonStateFile;
  notify(notice: DesktopNotice): void;
  clock?: Clock;
  timers?: WatchTimers;
  pollMs?: number;
  stableForMs?: number;
  onLog?(message: string): void;
}

export interface WatchedFolder {
  /** Reads the kept settings and starts watching when a folder is set and not paused. */
  load(): Promise<void>;
  state(): WatchedFolderState;
  /** Watches this folder (its inventory files are sent as if new); null stops watching. */
  setFolder(folder: string | null): Promise<WatchedFolderState>;
  setPaused(paused: boolean): Promise<WatchedFolderState>;
  /** One poll of the folder: what the timer runs every `pollMs`; resolves once it is done. */
  scan(): Promise<void>;
  /** After a sign-in: failed and refused files are tried again (once stable), starting now. */
  retryNow(): void;
  stop(): void;
  onChange(listener: (state: WatchedFolderState) => void): () => void;
}

export const runSchema = z.object({
  at: z.string(),
  fileName: z.string(),
  uploadId: z.string(),
  status: z.enum(['Processing', 'Completed', 'Failed']),
  createdCount: z.int().min(0),
  updatedCount: z.int().min(0),
  unchangedCount: z.int().min(0),
  errorCount: z.int().min(0),
  failureMessage: z.string().nullable(),
});

export const keptSchema = z.object({
  folder: z.string().min(1).nullable().catch(null),
  paused: z.boolean().catch(false),
  /** File name → SHA-256 (hex) of the content last sent under that name. */
  sentByName: z.record(z.string(), z.string()).catch({}),
  /** SHA-256 of the content last sent from the folder. */
  lastSent: z.string().nullable().catch(null),
  lastRun: runSchema.nullable().catch(null),
  lastError: z
    .object({ at: z.string(), fileName: z.string().nullable(), message: z.string() })
    .nullable()
    .catch(null),
});
export type Kept = z.infer<typeof keptSchema>;
export const NOTHING_KEPT: Kept = {
  folder: null,
  paused: false,
  sentByName: {},
  lastSent: null,
  lastRun: null,
  lastError: null,
};
/** Names remembered at most; the oldest are forgotten first. */
export const MAX_NAMES_KEPT = 500;

export function isInventoryFileName(name: string): boolean {
  return /\.csv$/i.test(name) && !name.startsWith('.') && !name.startsWith('~$');
}

export function retryDelay(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function runNotice(run: WatchedFolderRun): DesktopNotice {
  const fileName = run.fileName.slice(0, 80);
  if (run.status === 'Failed') {
    return {
      title: `Inventory upload failed: ${fileName}`,
      body: (run.failureMessage ?? `${run.errorCount} rows could not be imported.`).slice(0, 500),
      path: UPLOAD_HISTORY_PATH,
    };
  }
  if (run.status === 'Processing') {
    return {
      title: `Inventory sent: ${fileName}`,
      body: 'The server is still processing it; the upload history shows the result.',
      path: UPLOAD_HISTORY_PATH,
    };
  }
  const failed = run.errorCount > 0 ? `, ${run.errorCount} failed` : '';
  return {
    title: `Inventory uploaded: ${fileName}`,
    body: `${run.createdCount} created, ${run.updatedCount} updated, ${run.unchangedCount} unchanged${failed}.`,
    path: UPLOAD_HISTORY_PATH,
  };
}

export function failureNotice(fileName: string, failure: UploadFailure): DesktopNotice {
  const next = failure.retryable ? ' It will be tried again.' : ' Save the file again to retry.';
  return {
    title: `Inventory upload failed: ${fileName.slice(0, 80)}`,
    body: `${failure.message}${next}`.slice(0, 500),
    path: UPLOAD_HISTORY_PATH,
  };
}

export function asFailure(error: unknown): UploadFailure {
  if (error instanceof UploadFailure) return error;
  return new UploadFailure(error instanceof Error ? error.message : String(error), true);
}

export interface Seen {
  size: number;
  mtimeMs: number;
}
export const sameFile = (a: Seen | undefined, b: Seen) =>
  a !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs;
