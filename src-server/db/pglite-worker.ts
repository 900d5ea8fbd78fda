/**
 * The thread that runs embedded PGlite (`pglite-thread.ts` starts it and speaks for it): the
 * database's WebAssembly, its protocol parsing and its file reads run here, off the thread that
 * serves HTTP. Each request message is answered by one reply carrying its id: a result or an error.
 *
 * Work runs one unit at a time, in the order it arrives: a statement, or a transaction from its
 * BEGIN to its end, whose own statements run as they come. A unit sent with a `turn` cell starts
 * only if the server's thread has not given up waiting for it (see `pglite-thread.ts`).
 */
import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { keepFileSizes } from './pglite-file-sizes.ts';
import {
  type ThreadReply,
  type ThreadRequest,
  TURN_STARTED,
  TURN_WAITING,
  type WireError,
  type WireQueryOptions,
} from './pglite-wire.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread.');

let database: PGlite | undefined;
/** Open transactions by id: the handle their statements use, and how the server's thread ends them. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => Promise<void> }>();
let nextTransaction = 1;
/** Listeners by id: how each stops. */
const listeners = new Map<number, () => Promise<void>>();
/** The end of the last unit queued: the next starts after it. */
let units: Promise<unknown> = Promise.resolve();

const keepText = (value: string) => value;

function queryOptions(options: WireQueryOptions | undefined) {
  if (!options) return undefined;
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.textTypes
      ? { parsers: Object.fromEntries(options.textTypes.map((type) => [type, keepText])) }
      : {}),
  };
}

/** A database error's fields (SQLSTATE `code`, `constraint`, `detail`…) as plain values that cross threads. */
function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

function opened(): PGlite {
  if (!database) throw new Error('The embedded database is not open.');
  return database;
}

function transactionOf(id: number) {
  const transaction = transactions.get(id);
  if (!transaction) throw new Error('The transaction has ended.');
  return transaction;
}

/**
 * Starts a transaction: `id` once BEGIN has run, and `ended` once the server's thread has ended it
 * (`end`: committed or rolled back).
 */
function begin(): { started: Promise<number>; ended: Promise<void> } {
  const id = nextTransaction++;
  let finish: (commit: boolean) => void = () => {};
  const decided = new Promise<boolean>((resolve) => {
    finish = resolve;
  });
  const rolledBack = new Error('rolled back');
  let started: (id: number) => void = () => {};
  const startedPromise = new Promise<number>((resolve) => {
    started = resolve;
  });
  const outcome = opened()
    .transaction(async (tx) => {
      transactions.set(id, {
        tx,
        end: async (commit) => {
          finish(commit);
          await outcome;
        },
      });
      started(id);
      if (!(await decided)) throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    })
    .finally(() => transactions.delete(id));
  return {
    // A BEGIN that failed never started the callback: its error is the answer.
    started: Promise.race([
      startedPromise,
      outcome.then(() => Promise.reject(new Error('The transaction did not start.'))),
    ]),
    ended: outcome.catch(() => undefined),
  };
}

/** Work of one request, run in its turn (or at once: a transaction's statements). */
async function answer(request: ThreadRequest, hold: (until: Promise<unknown>) => void): Promise<unknown> {
  switch (request.op) {
    case 'open': {
      database = await PGlite.create({
        ...(request.dataDir ? { dataDir: request.dataDir } : {}),
        ...(request.snapshot ? { loadDataDir: request.snapshot } : {}),
        extensions: { pg_trgm },
        startParams: request.startParams,
        pgliteWasmModule: request.wasmModule,
      });
      // A data folder on disk: its files' sizes are kept here instead of asked of the disk each time.
      if (request.dataDir) keepFileSizes(database.Module);
      database.onNotification((channel, payload) => port?.postMessage({ notify: channel, payload }));
      return null;
    }
    case 'query':
      return await (request.tx === undefined ? opened() : transactionOf(request.tx).tx).query(
        request.sql,
        request.params,
        queryOptions(request.options),
      );
    case 'exec':
      return await (request.tx === undefined ? opened() : transactionOf(request.tx).tx).exec(
        request.sql,
        queryOptions(request.options),
      );
    case 'begin': {
      const { started, ended } = begin();
      hold(ended);
      return await started;
    }
    case 'end':
      await transactionOf(request.tx).end(request.commit);
      return null;
    case 'rollback':
      await transactionOf(request.tx).tx.rollback();
      return null;
    case 'listen':
      listeners.set(request.listener, await opened().listen(request.channel, () => {}));
      return null;
    case 'unlisten':
      await listeners.get(request.listener)?.();
      listeners.delete(request.listener);
      return null;
    case 'close':
      await database?.close();
      database = undefined;
      return null;
  }
}

const reply = (message: ThreadReply) => port.postMessage(message);

function run(request: ThreadRequest, hold: (until: Promise<unknown>) => void): Promise<unknown> {
  return answer(request, hold).then(
    (result) => reply({ id: request.id, result }),
    (error: unknown) => reply({ id: request.id, error: wireError(error) }),
  );
}

port.on('message', (request: ThreadRequest) => {
  // A transaction's own statements and its end run at once: their transaction holds the turn.
  if ('tx' in request && request.tx !== undefined) {
    void run(request, () => {});
    return;
  }
  units = units.then(async () => {
    // Given up by the server's thread while it waited: it never starts, and nobody awaits its reply.
    const turn = 'turn' in request ? request.turn : undefined;
    if (turn && Atomics.compareExchange(turn, 0, TURN_WAITING, TURN_STARTED) !== TURN_WAITING) return;
    let held: Promise<unknown> = Promise.resolve();
    await run(request, (until) => {
      held = until;
    });
    await held;
  });
});
