/**
 * What the page and the worker that reads inventory files say to each other, and the worker's side
 * of it as a plain function (the worker wraps it; tests call it in-process).
 */
import type { ColumnMapping } from '../../../shared/domain/inventory-columns.ts';
import {
  InventoryFileError,
  type InventorySheet,
  type PreviewPage,
  type PreviewQuery,
  readInventoryFile,
  type SavedMapping,
  type SheetProgress,
  type SheetSummary,
} from './inventory-sheet.ts';

export type ParserRequest =
  | { type: 'read'; job: number; file: Blob; fileName: string; saved: SavedMapping | null }
  | { type: 'remap'; job: number; mapping: ColumnMapping }
  | { type: 'page'; job: number; request: number; query: PreviewQuery };

export type ParserEvent =
  | { type: 'progress'; job: number; progress: SheetProgress }
  | {
      type: 'ready';
      job: number;
      summary: SheetSummary;
      /** After reading a Windows-1252 file: the same text as UTF-8, the file to send. */
      converted?: Blob;
    }
  | { type: 'failed'; job: number; message: string }
  | { type: 'page'; job: number; request: number; page: PreviewPage | null };

/** Progress is reported at most this often, so the page is never flooded with messages. */
const PROGRESS_INTERVAL_MS = 100;

export const UNREADABLE_FILE = 'Choose it again, or save it from Excel as CSV UTF-8.';

/** The worker's state and handling: one sheet at a time; a new read stops the one before. */
export function createParserHost(post: (event: ParserEvent) => void) {
  let sheet: InventorySheet | null = null;
  let job = 0;
  let reading: AbortController | null = null;

  const throttled = (forJob: number) => {
    let last = 0;
    return (progress: SheetProgress) => {
      const now = Date.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      post({ type: 'progress', job: forJob, progress });
    };
  };

  async function read(request: Extract<ParserRequest, { type: 'read' }>) {
    reading?.abort();
    const controller = new AbortController();
    reading = controller;
    job = request.job;
    sheet = null;
    try {
      const result = await readInventoryFile(request.file, {
        fileName: request.fileName,
        saved: request.saved,
        onProgress: throttled(request.job),
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      sheet = result;
      post({
        type: 'ready',
        job: request.job,
        summary: result.summary(),
        ...(result.utf8Copy ? { converted: result.utf8Copy } : {}),
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof InventoryFileError ? error.message : UNREADABLE_FILE;
      post({ type: 'failed', job: request.job, message });
    }
  }

  function remap(request: Extract<ParserRequest, { type: 'remap' }>) {
    if (!sheet || request.job !== job) return;
    const current = sheet;
    const report = throttled(request.job);
    current.remap(request.mapping, (checked) =>
      report({ phase: 'checking', done: checked, total: current.rows.length, rows: current.rows.length }),
    );
    post({ type: 'ready', job: request.job, summary: current.summary() });
  }

  return {
    handle(request: ParserRequest): Promise<void> | void {
      switch (request.type) {
        case 'read':
          return read(request);
        case 'remap':
          return remap(request);
        case 'page':
          post({
            type: 'page',
            job: request.job,
            request: request.request,
            page: sheet && request.job === job ? sheet.page(request.query) : null,
          });
          return;
      }
    },
  };
}
