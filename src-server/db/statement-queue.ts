import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Admission to a database that runs a fixed amount of work at once (PGlite: one statement or
 * transaction running on its thread and the next one sent there, `db/pglite-thread.ts`). Waiting work is served first come, first served, except that the next statement of
 * a request that has already had a turn goes before the first statements of requests not yet
 * started: a request of several statements (a search corrected after finding nothing, a page and
 * its counts) finishes instead of queueing behind every newcomer once per statement, which under
 * load multiplied its wait. So do all the statements of an urgent request (`inStatementScope`).
 * The database passes from one unit to the next at the event loop's next turn, so the server reads
 * its sockets between statements and requests wait here, in this order, rather than unread in the
 * sockets. Past a bounded queue, when the work ahead would take longer than the
 * longest wait, or after waiting too long for its turn, a statement fails with DatabaseBusyError
 * (a 503 with Retry-After) instead of every request waiting behind slow statements. Background work
 * (a job's boot work and runs, seeding) is never refused: it waits its turn as a newcomer, and its
 * long transactions do not count in the average turn by which requests are refused.
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
  /**
   * Refuse at once work whose wait, estimated from the work ahead and the average turn, would pass
   * `maxWaitMs` (default). False: only the wait itself is bounded, for turns of very uneven length
   * (PostgreSQL checkouts: a job's long transaction beside requests' short statements).
   */
  refuseByEstimate?: boolean;
}

interface Waiter {
  followUp: boolean;
  /** Background work: no bound on its wait. */
  background: boolean;
  start: () => void;
  refuse: (error: DatabaseBusyError) => void;
  since: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * The turns a request (or other unit of work, see `inStatementScope`) has had so far, whether all
 * its statements go in the follow-up lane, and whether it is background work.
 */
const scopes = new AsyncLocalStorage<{ turns: number; urgent: boolean; background: boolean }>();

/**
 * Runs `work` as one unit whose statements after the first go before new units' first statements
 * (the server runs each request in one). An `urgent` unit's first statement does too: a person's
 * action answered in a few short statements (a message sent), which would otherwise wait behind
 * every search that arrived before it.
 *
 * A `background` unit (work no request waits on: a job, seeding) is never refused, however long the
 * queue or its wait; each of its statements queues as a newcomer, so a job looping over batches
 * lets the requests waiting meanwhile go between its statements. Its turns do not move the average
 * turn: a boot's vacuum of many seconds would otherwise make the queue turn requests away
 * until dozens of short statements had worn the average down.
 */
export function inStatementScope<T>(
  work: () => T,
  { urgent = false, background = false }: { urgent?: boolean; background?: boolean } = {},
): T {
  return scopes.run({ turns: 0, urgent, background }, work);
}

/** When the unit running now was due to have its turn (`performance.now()` time); see `turnDeadline`. */
const turnDeadlines = new AsyncLocalStorage<number>();

/**
 * The time (`performance.now()`) by which the unit of work running now must have had its turn:
 * when it asked for one, plus the longest wait. Work that passes its turn on to a further queue
 * (PGlite's thread, `pglite-thread.ts`) waits there only as long as it has left. Undefined for
 * background work and without a bound.
 */
export function turnDeadline(): number | undefined {
  return turnDeadlines.getStore();
}

/**
 * Weight of the latest unit in the running average of how long a unit holds its turn. The average
 * estimates the wait behind every unit ahead, dozens under load (a statement per connection): it
 * moves over about as many units (2 ÷ weight ≈ 65), so that one slow search among quick ones does
 * not make the queue turn new work away. At 0.2 a single 100 ms statement among 5 ms ones raised
 * the estimate behind 49 others past the second that the embedded database allows.
 */
const AVERAGE_WEIGHT = 0.03;

export class StatementQueue {
  readonly #options: StatementQueueOptions;
  #running = 0;
  /** Units that have ended but whose slot passes on only at the loop's next turn. */
  #handingOver = 0;
  readonly #waiting: Waiter[] = [];
  /** Running average of how long a unit holds its turn, in milliseconds; the first unit's hold to start. */
  #averageHoldMs: number | undefined;

  constructor(options: StatementQueueOptions) {
    this.#options = options;
  }

  /** Work waiting for its turn (not counting what runs). */
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const scope = scopes.getStore();
    const background = scope?.background === true;
    const { maxWaitMs } = this.#options;
    const deadline = !background && maxWaitMs > 0 ? performance.now() + maxWaitMs : undefined;
    await this.#admit(!background && scope !== undefined && (scope.turns > 0 || scope.urgent), background);
    if (scope) scope.turns += 1;
    const started = performance.now();
    // Work given up for waiting too long further on (on PGlite's thread) never ran: its turn is
    // left out of the average, as background work's is.
    let givenUp = false;
    try {
      return await (deadline === undefined ? work() : turnDeadlines.run(deadline, work));
    } catch (error) {
      givenUp = error instanceof DatabaseBusyError;
      throw error;
    } finally {
      const held = performance.now() - started;
      if (!background && !givenUp) {
        this.#averageHoldMs =
          this.#averageHoldMs === undefined
            ? held
            : this.#averageHoldMs + AVERAGE_WEIGHT * (held - this.#averageHoldMs);
      }
      this.#release();
    }
  }

  #admit(followUp: boolean, background: boolean): Promise<void> {
    const { concurrency, limit, maxWaitMs } = this.#options;
    if (this.#running < concurrency && this.#waiting.length === 0) {
      this.#running += 1;
      return Promise.resolve();
    }
    if (background) return this.#wait({ followUp, background });
    if (this.#waiting.length >= limit) {
      return Promise.reject(new DatabaseBusyError(`${this.#waiting.length} statements are already waiting`));
    }
    // Work that would wait past the bound is refused now rather than after the wait. A slot being
    // handed on holds no work: only running work and the work waiting ahead count.
    const ahead = this.#waiting.length + (this.#handingOver > 0 ? 0 : 1);
    const expectedWaitMs = (ahead * (this.#averageHoldMs ?? 0)) / concurrency;
    if (maxWaitMs > 0 && this.#options.refuseByEstimate !== false && expectedWaitMs > maxWaitMs) {
      return Promise.reject(
        new DatabaseBusyError(`the statements ahead would take about ${Math.round(expectedWaitMs)} ms`),
      );
    }
    return this.#wait({ followUp, background });
  }

  /** Queues work for its turn: bounded by the longest wait unless it is background work. */
  #wait({ followUp, background }: Pick<Waiter, 'followUp' | 'background'>): Promise<void> {
    const { maxWaitMs } = this.#options;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        followUp,
        background,
        start: resolve,
        refuse: reject,
        since: performance.now(),
        timer: undefined,
      };
      if (maxWaitMs > 0 && !background) {
        waiter.timer = setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
          reject(tooLong(maxWaitMs));
        }, maxWaitMs);
      }
      // Behind the follow-ups already waiting, ahead of every first statement.
      const firstNewcomer = followUp ? this.#waiting.findIndex((other) => !other.followUp) : -1;
      if (firstNewcomer < 0) this.#waiting.push(waiter);
      else this.#waiting.splice(firstNewcomer, 0, waiter);
    });
  }

  #release(): void {
    // The turn passes on at the event loop's next turn, never straight away, even with nobody
    // waiting. Work that runs synchronously on this thread would otherwise run request after
    // request inside one turn of the loop: each request read from a socket would finish before the
    // loop looked at the sockets again, so a turn of the loop grew to every connection's request
    // end to end, hundreds of milliseconds under load, during which no new connection was accepted
    // (Node accepts one per turn) and no request was read. Passing the turn at the next turn
    // lets the loop read the sockets between statements, so waiting requests queue here, in the
    // order this queue keeps. Meanwhile the work that just ended goes on (its promise callbacks
    // run first), so a request's next statement joins the follow-up lane before the turn is given.
    this.#handingOver += 1;
    setImmediate(() => {
      this.#handingOver -= 1;
      this.#handOver();
    });
  }

  #handOver(): void {
    const { maxWaitMs } = this.#options;
    // A statement that ran synchronously on this thread kept the timers from firing, so a
    // waiter past its bound is refused here; the slot then passes straight to the next, so nothing
    // can overtake the queue.
    for (let next = this.#waiting.shift(); next; next = this.#waiting.shift()) {
      clearTimeout(next.timer);
      if (maxWaitMs > 0 && !next.background && performance.now() - next.since > maxWaitMs) {
        next.refuse(tooLong(maxWaitMs));
        continue;
      }
      next.start();
      return;
    }
    this.#running -= 1;
  }
}

const tooLong = (maxWaitMs: number) =>
  new DatabaseBusyError(`waited more than ${maxWaitMs} ms for the database without a turn`);
