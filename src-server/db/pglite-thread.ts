import { readFile } from 'node:fs/promises';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  type ThreadReply,
  type ThreadRequest,
  type ThreadWork,
  TURN_GIVEN_UP,
  TURN_WAITING,
  type WireError,
  type WireQueryOptions,
} from './pglite-wire.ts';
import { DatabaseBusyError, turnDeadline } from './statement-queue.ts';

/**
 * Embedded PGlite on a thread of its own (`pglite-worker.ts`), spoken to from the server's thread
 * through the part of PGlite's interface the server uses: `query`, `exec`, `transaction`, `listen`
 * and `close`, which Drizzle's PGlite driver takes as its client. A search spent about four fifths
 * of its time in PGlite (its WebAssembly, protocol parsing and file reads) and the rest in HTTP,
 * JSON and the cards; on one thread the two took turns, on two they run side by side.
 *
 * Each call is one message and one reply; rows cross as structured clones. Errors keep the
 * database's fields (`code`, `constraint`, `detail`…). Result parsers other than Drizzle's, which
 * keep a type's text, cannot cross a thread and are refused.
 *
 * The thread runs one unit at a time (a statement, or a transaction from BEGIN to its end) in the
 * order they arrive. The statement queue lets a second unit be sent while one runs, so the
 * database's thread has its next unit at hand instead of waiting for this thread to send it. A
 * unit sent that way waits on the database's thread only for what is left of its longest wait
 * (`turnDeadline`, counted from when it asked the queue for its turn): past it the call fails with
 * DatabaseBusyError (a 503) and the unit never starts. A shared cell (`turn`) settles which came
 * first: the database's thread starting the unit, or this thread giving up on it. The messages and
 * the cell's states are in `pglite-wire.ts`.
 */

type ThreadMessage = ThreadReply | { notify: string; payload: string };

/** The worker's module: its TypeScript source beside this file, or its bundle beside the server's. */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js',
  import.meta.url,
);

/**
 * PGlite's WebAssembly, compiled once per process and shared by every database thread it starts
 * (a compiled module crosses threads without being compiled again, and V8's optimized code for it
 * is shared too), and by the in-process PGlite that makes a migrated snapshot (`client.ts`). Each
 * thread compiling its own 9 MB module took seconds of CPU: a test run opens a database per test file.
 */
let compiledPglite: Promise<WebAssembly.Module> | undefined;

export function pgliteWasmModule(): Promise<WebAssembly.Module> {
  if (!compiledPglite) {
    const compiling = readFile(new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite'))).then(
      (bytes) => WebAssembly.compile(bytes),
    );
    compiledPglite = compiling;
    // A failed compilation (a missing file) is tried again by the next open.
    compiling.catch(() => {
      if (compiledPglite === compiling) compiledPglite = undefined;
    });
  }
  return compiledPglite;
}

/** A parser that answers the text it is given (Drizzle's, for dates, timestamps and intervals). */
const keepsText = (parser: unknown) =>
  typeof parser === 'function' &&
  (parser as (value: string, type: number) => unknown)('\u0000', 0) === '\u0000';

/**
 * json and jsonb: their text crosses the thread and is parsed on this one, which has time to spare
 * (the database's thread is the busier of the two), unless the caller keeps it as text.
 */
const JSON_TYPES = [114, 3802];

/** The options as they cross the thread, and the JSON types whose values this thread parses. */
function wireOptions(options: QueryOptions | undefined): { wire: WireQueryOptions; parseJson: number[] } {
  const { rowMode, parsers, ...rest } = options ?? {};
  if (Object.values(rest).some((value) => value !== undefined))
    throw new Error(`Query options ${Object.keys(rest).join(', ')} are not supported across threads.`);
  const kept = Object.entries(parsers ?? {}).map(([type, parser]) => {
    if (!keepsText(parser))
      throw new Error(`The parser of type ${type} cannot run on the database's thread.`);
    return Number(type);
  });
  const parseJson = JSON_TYPES.filter((type) => !kept.includes(type));
  return { wire: { ...(rowMode ? { rowMode } : {}), textTypes: [...kept, ...parseJson] }, parseJson };
}

/**
 * Parses, in place, the values of `result`'s columns of the types `parseJson`. Rows by name keep
 * the last of the columns of one name, as PGlite's do: its type decides.
 */
function parseJsonColumns(result: Results, rowMode: QueryOptions['rowMode'], parseJson: number[]): Results {
  const keys =
    rowMode === 'array'
      ? result.fields.flatMap((field, index) => (parseJson.includes(field.dataTypeID) ? [index] : []))
      : [...new Map(result.fields.map((field) => [field.name, field])).values()]
          .filter((field) => parseJson.includes(field.dataTypeID))
          .map((field) => field.name);
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const key of keys) {
      const value = row[key];
      if (typeof value === 'string') row[key] = JSON.parse(value);
    }
  }
  return result;
}

function errorOf({ message, name, fields }: WireError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

/** PostgreSQL's name for a channel: an unquoted name folds to lower case. */
const channelName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();

type Statements = Pick<Transaction, 'query' | 'exec'>;

interface ThreadOptions {
  /**
   * Called once should the thread stop other than by `close` (out of memory, an error nothing
   * caught there): every call then fails.
   */
  onStopped?: (error: Error) => void;
  /** Memory bounds of the database's thread (Node's worker `resourceLimits`). */
  resourceLimits?: ResourceLimits;
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<number, { channel: string; callback: (payload: string) => void }>();
  #next = 1;
  /** Why the thread can take no more calls (it stopped, or the database closed). */
  #ended: Error | undefined;
  /** Whether the thread is being stopped on purpose (closed, or its database failed to open). */
  #closing = false;

  private constructor({ onStopped, resourceLimits }: ThreadOptions) {
    this.#worker = new Worker(WORKER_URL, resourceLimits ? { resourceLimits } : {});
    this.#worker.on('message', (message: ThreadMessage) => {
      if ('notify' in message) {
        for (const { channel, callback } of this.#listeners.values())
          if (channel === message.notify) queueMicrotask(() => callback(message.payload));
        return;
      }
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if ('error' in message) pending.reject(errorOf(message.error));
      else pending.resolve(message.result);
    });
    const stop = (error: Error) => {
      const first = this.#ended === undefined;
      this.#ended ??= error;
      for (const { reject } of this.#pending.values()) reject(error);
      this.#pending.clear();
      if (first && !this.#closing) onStopped?.(error);
    };
    this.#worker.on('error', stop);
    this.#worker.on('exit', (code) =>
      stop(new Error(`The embedded database's thread stopped (exit code ${code}).`)),
    );
  }

  /**
   * Starts the thread and opens the database (`dataDir`, or in memory; from `snapshot` when given).
   */
  static async open({
    dataDir,
    snapshot,
    startParams,
    ...options
  }: ThreadOptions & { dataDir?: string; snapshot?: Blob; startParams: string[] }): Promise<PGliteThread> {
    const wasmModule = await pgliteWasmModule();
    const thread = new PGliteThread(options);
    try {
      await thread.#call({
        op: 'open',
        ...(dataDir ? { dataDir } : {}),
        ...(snapshot ? { snapshot } : {}),
        startParams,
        wasmModule,
      });
    } catch (error) {
      thread.#closing = true;
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  #call(request: ThreadWork): Promise<unknown> {
    if (this.#ended) return Promise.reject(this.#ended);
    const id = this.#next++;
    // A unit of its own (not a transaction's statement) waits for its turn until its deadline.
    const deadline =
      ['query', 'exec', 'begin'].includes(request.op) && !('tx' in request && request.tx !== undefined)
        ? turnDeadline()
        : undefined;
    const turn = deadline === undefined ? undefined : new Int32Array(new SharedArrayBuffer(4));
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      if (turn && deadline !== undefined) {
        timer = setTimeout(
          () => {
            if (Atomics.compareExchange(turn, 0, TURN_WAITING, TURN_GIVEN_UP) !== TURN_WAITING) return;
            this.#pending.delete(id);
            reject(new DatabaseBusyError('waited its longest for the database without a turn'));
          },
          Math.max(0, deadline - performance.now()),
        );
      }
      this.#pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      try {
        this.#worker.postMessage({ ...request, id, ...(turn ? { turn } : {}) } satisfies ThreadRequest);
      } catch (error) {
        // A value that cannot cross threads (a function among the parameters).
        this.#pending.get(id)?.reject(error instanceof Error ? error : new Error(String(error)));
        this.#pending.delete(id);
      }
    });
  }

  #statements(tx?: number): Statements {
    const txField = tx === undefined ? {} : { tx };
    return {
      query: (async (sql: string, params?: unknown[], options?: QueryOptions) => {
        const { wire, parseJson } = wireOptions(options);
        const result = (await this.#call({ op: 'query', sql, params, options: wire, ...txField })) as Results;
        return parseJsonColumns(result, options?.rowMode, parseJson);
      }) as Statements['query'],
      exec: async (sql, options) => {
        const { wire, parseJson } = wireOptions(options);
        const results = (await this.#call({ op: 'exec', sql, options: wire, ...txField })) as Results[];
        return results.map((result) => parseJsonColumns(result, options?.rowMode, parseJson));
      },
    };
  }

  query: PGlite['query'] = (sql, params, options) => this.#statements().query(sql, params, options);
  exec: PGlite['exec'] = (sql, options) => this.#statements().exec(sql, options);

  /**
   * Runs `callback` in a transaction of its own, committed when it returns and rolled back when it
   * throws (or calls `rollback`), as PGlite's `transaction` does.
   */
  transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const id = (await this.#call({ op: 'begin' })) as number;
    const statements = this.#statements(id);
    let closed = false;
    let rolledBack = false;
    const usable = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: (async (sql: string, params?: unknown[], options?: QueryOptions) => {
        usable();
        return await statements.query(sql, params, options);
      }) as Transaction['query'],
      sql: () => Promise.reject(new Error('Tagged statements are not supported across threads.')),
      exec: async (sql, options) => {
        usable();
        return await statements.exec(sql, options);
      },
      rollback: async () => {
        usable();
        await this.#call({ op: 'rollback', tx: id });
        closed = rolledBack = true;
      },
      listen: () =>
        Promise.reject(new Error('Listening within a transaction is not supported across threads.')),
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(tx);
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: !rolledBack });
      return result;
    } catch (error) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
  };

  /** Calls `callback` with each notification on `channel`; answers how to stop. */
  listen = async (channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> => {
    const listener = this.#next++;
    this.#listeners.set(listener, { channel: channelName(channel), callback });
    try {
      await this.#call({ op: 'listen', channel, listener });
    } catch (error) {
      this.#listeners.delete(listener);
      throw error;
    }
    return async () => {
      this.#listeners.delete(listener);
      await this.#call({ op: 'unlisten', listener });
    };
  };

  /** Closes the database (flushing it to its folder) and stops the thread. */
  async close(): Promise<void> {
    if (this.#ended) return;
    this.#closing = true;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#ended = new Error('The embedded database is closed.');
      await this.#worker.terminate();
    }
  }
}
