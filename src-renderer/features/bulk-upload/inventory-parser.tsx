import { createContext, type ReactNode, useContext } from 'react';
import type { ColumnMapping } from '../../../shared/domain/inventory-columns.ts';
import type { SavedMapping } from './column-mapping.ts';
import type { ParserEvent, ParserRequest } from './inventory-parser-protocol.ts';
import type { PreviewPage, PreviewQuery } from './inventory-sheet.ts';

/** The page's handle on the reader of inventory files (a worker in the app). */
export interface InventoryParser {
  /** Starts reading a file; events of any earlier file stop. Returns the job number of this file. */
  read(file: File, saved: SavedMapping | null): number;
  remap(job: number, mapping: ColumnMapping): void;
  page(job: number, query: PreviewQuery): Promise<PreviewPage | null>;
  subscribe(listener: (event: ParserEvent) => void): () => void;
  dispose(): void;
}

function createParser(
  send: (request: ParserRequest) => void,
  onEvents: (deliver: (event: ParserEvent) => void) => void,
  stop: () => void,
): InventoryParser {
  const listeners = new Set<(event: ParserEvent) => void>();
  const pages = new Map<number, (page: PreviewPage | null) => void>();
  let job = 0;
  let request = 0;
  onEvents((event) => {
    // -1: the reader itself failed, whichever file it was reading.
    const forJob = event.job === -1 ? job : event.job;
    if (forJob !== job) return;
    if (event.job === -1) event = { ...event, job };
    if (event.type === 'page') {
      pages.get(event.request)?.(event.page);
      pages.delete(event.request);
      return;
    }
    for (const listener of listeners) listener(event);
  });
  return {
    read(file, saved) {
      job += 1;
      for (const resolve of pages.values()) resolve(null);
      pages.clear();
      send({ type: 'read', job, file, fileName: file.name, saved });
      return job;
    },
    remap(forJob, mapping) {
      send({ type: 'remap', job: forJob, mapping });
    },
    page(forJob, query) {
      request += 1;
      const id = request;
      return new Promise((resolve) => {
        pages.set(id, resolve);
        send({ type: 'page', job: forJob, request: id, query });
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      listeners.clear();
      pages.clear();
      stop();
    },
  };
}

/** Reads files in a module worker (Vite bundles it as its own script). */
export function createWorkerParser(): InventoryParser {
  const worker = new Worker(new URL('./inventory.worker.ts', import.meta.url), {
    type: 'module',
    name: 'inventory-file',
  });
  return createParser(
    (request) => worker.postMessage(request),
    (deliver) => {
      worker.addEventListener('message', (message: MessageEvent<ParserEvent>) => deliver(message.data));
      worker.addEventListener('error', () =>
        deliver({
          type: 'failed',
          job: -1,
          message: 'The file reader stopped. Reload the page and try again.',
        }),
      );
    },
    () => worker.terminate(),
  );
}

/** Reads files on the calling thread, with the worker's own code (tests, and browsers without module workers). */
export function createInProcessParser(): InventoryParser {
  let deliver: (event: ParserEvent) => void = () => {};
  // Loaded on first use, so the page's bundle carries no CSV parser.
  const host = import('./inventory-parser-protocol.ts').then(({ createParserHost }) =>
    createParserHost((event) => queueMicrotask(() => deliver(event))),
  );
  return createParser(
    (request) => void host.then((reader) => reader.handle(request)),
    (handler) => {
      deliver = handler;
    },
    () => {},
  );
}

type ParserFactory = () => InventoryParser;

/** A worker where the browser has them; the page's own thread otherwise. */
function createDefaultParser(): InventoryParser {
  return typeof Worker === 'function' ? createWorkerParser() : createInProcessParser();
}

const ParserContext = createContext<ParserFactory>(createDefaultParser);

export function InventoryParserProvider({
  create,
  children,
}: {
  create: ParserFactory;
  children: ReactNode;
}) {
  return <ParserContext.Provider value={create}>{children}</ParserContext.Provider>;
}

export function useInventoryParserFactory(): ParserFactory {
  return useContext(ParserContext);
}
