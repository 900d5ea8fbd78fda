/**
 * Admission to a database that runs a fixed amount of work at once (PGlite: one statement or
 * transaction). Waiting work is served first come, first served; past a bounded queue, or after
 * waiting too long for its turn, a statement fails at once with DatabaseBusyError (a 503 with
 * Retry-After) instead of every request waiting behind one slow statement.
 */

/** The database has more waiting work than it may queue, or a statement waited too long for its turn. */
export class DatabaseBusyError extends Error {
  readonly code = 'database_busy';
}

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** Whether `error` (or a cause Drizzle wrapped it in) says the database is too busy or too slow now. */
export function isDatabaseBusy(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth += 1) {
    if (current instanceof DatabaseBusyError) return true;
    if ((current as { code?: unknown }).code === QUERY_CANCELED) return true;
    current = current.cause;
  }
  return false;
}

export interface StatementQueueOptions {
  /** Units of work that run at once. */
  concurrency: number;
  /** Most units that may wait; one more fails at once. Infinity: unbounded. */
  limit: number;
  /** Longest wait for a turn in milliseconds; 0: no bound. */
  maxWaitMs: number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout | undefined;
}

export class StatementQueue {
  readonly #options: StatementQueueOptions;
  #running = 0;
  readonly #waiting: Waiter[] = [];

  constructor(options: StatementQueueOptions) {
    this.#options = options;
  }

  /** Work waiting for its turn (not counting what runs). */
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.#admit();
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  #admit(): Promise<void> {
    const { concurrency, limit, maxWaitMs } = this.#options;
    if (this.#running < concurrency && this.#waiting.length === 0) {
      this.#running += 1;
      return Promise.resolve();
    }
    if (this.#waiting.length >= limit) {
      return Promise.reject(new DatabaseBusyError(`${this.#waiting.length} statements are already waiting`));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { start: resolve, timer: undefined };
      if (maxWaitMs > 0) {
        waiter.timer = setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
          reject(new DatabaseBusyError(`waited ${maxWaitMs} ms for the database without a turn`));
        }, maxWaitMs);
      }
      this.#waiting.push(waiter);
    });
  }

  #release(): void {
    const next = this.#waiting.shift();
    // The slot passes straight to the next waiter, so nothing can overtake the queue.
    if (next) {
      clearTimeout(next.timer);
      next.start();
    } else {
      this.#running -= 1;
    }
  }
}
