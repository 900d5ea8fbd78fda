/**
 * The messages between the server's thread (`pglite-thread.ts`) and the thread that runs embedded
 * PGlite (`pglite-worker.ts`), and the states of a unit's `turn` cell. Types and constants only, so
 * the worker's bundle loads nothing of the server's.
 */

/** Query options that cross the thread: the row mode, and the types whose text is kept unparsed. */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  textTypes?: number[];
}

export interface WireError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean | null>;
}

/** What the server's thread asks of the database's; a request carries an id its reply repeats. */
export type ThreadWork =
  | { op: 'open'; dataDir?: string; snapshot?: Blob; startParams: string[]; wasmModule: WebAssembly.Module }
  | {
      op: 'query';
      sql: string;
      params?: unknown[];
      options?: WireQueryOptions;
      tx?: number;
      turn?: Int32Array;
    }
  | { op: 'exec'; sql: string; options?: WireQueryOptions; tx?: number; turn?: Int32Array }
  | { op: 'begin'; turn?: Int32Array }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'rollback'; tx: number }
  | { op: 'listen'; channel: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' };

export type ThreadRequest = ThreadWork & { id: number };

/**
 * The states of a unit's `turn` cell: sent, started by the database's thread, or given up by the
 * server's.
 */
export const TURN_WAITING = 0;
export const TURN_STARTED = 1;
export const TURN_GIVEN_UP = 2;

export type ThreadReply = { id: number; result: unknown } | { id: number; error: WireError };
