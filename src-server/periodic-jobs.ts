import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { inStatementScope } from './db/statement-queue.ts';

/**
 * A job the server runs while it is up: `atBoot` once the app is ready (a failure fails the boot),
 * then `run` every `intervalMs` until the app closes (failures are logged as `failureMessage`);
 * `atClose`, when given, once its timer has stopped (a worker finishing its batch under way).
 * `run` is given a signal that aborts when the server stops: a run that loops over batches stops
 * after the batch under way, so a shutdown waits for one batch, not for the whole backlog.
 * Both run as background work of the database's queue (`inStatementScope`): they wait their turn
 * however busy the database is, rather than being refused as a request would be.
 */
export interface PeriodicJob {
  atBoot: () => Promise<void>;
  run: (stopping?: AbortSignal) => Promise<void>;
  intervalMs: number;
  failureMessage: string;
  atClose?: () => Promise<void>;
}

export interface PeriodicRun {
  /** Stops the timer and waits for a run under way, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` on an unref'd timer (it never keeps the process alive); a tick
 * while the previous run still runs is skipped; failures go to `onError`.
 */
export function startPeriodicRun(options: {
  run: (stopping?: AbortSignal) => Promise<void>;
  onError: (error: unknown) => void;
  intervalMs: number;
}): PeriodicRun {
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const timer = setInterval(() => {
    if (running) return;
    running = options
      .run(stopping.signal)
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}

/**
 * Every periodic job of the server, in the order the modules declare them (`ServerModule` in
 * module-context.ts): one place starts them when the app is ready and stops them when it closes.
 * Tests and benches reach it as `app.jobs`.
 */
export class JobRunner {
  readonly #jobs: PeriodicJob[] = [];
  readonly #runs: (PeriodicRun | null)[] = [];
  #stopping: Promise<void> | null = null;

  add(...jobs: PeriodicJob[]): void {
    this.#jobs.push(...jobs);
  }

  /** The jobs in the order they start. */
  get jobs(): readonly PeriodicJob[] {
    return this.#jobs;
  }

  /**
   * Each job in turn: its boot work (a failure fails the boot, later jobs do not start), then its
   * timer. A runner asked to stop meanwhile (a shutdown during the boot) starts no further job.
   */
  async start(log: FastifyBaseLogger): Promise<void> {
    for (const job of this.#jobs) {
      if (this.#stopping) return;
      await inStatementScope(job.atBoot, { background: true });
      if (this.#stopping) return;
      this.#runs.push(
        startPeriodicRun({
          run: (stopping) => inStatementScope(() => job.run(stopping), { background: true }),
          onError: (error) => log.error({ err: error }, job.failureMessage),
          intervalMs: job.intervalMs,
        }),
      );
    }
  }

  /**
   * Last declared first: stops each timer and waits for its run under way, then the job's `atClose`
   * (which gives back what the job holds, such as a bulk upload's lease). A graceful shutdown calls
   * it as it begins and the app's close again: the second call waits for the first.
   */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      for (let index = this.#jobs.length - 1; index >= 0; index--) {
        await this.#runs[index]?.stop();
        await this.#jobs[index]?.atClose?.();
      }
      this.#runs.length = 0;
    })();
    return this.#stopping;
  }
}

/**
 * Starts the runner's jobs when the app is ready and stops them when it closes. Install it after
 * the database's own close hook: Fastify runs close hooks last added first, so every job has
 * stopped before the database closes.
 */
export function installJobRunner(app: FastifyInstance, runner: JobRunner): void {
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => runner.start(app.log));
  app.addHook('onClose', async () => runner.stop());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every periodic job of the server (periodic-jobs.ts). */
    jobs: JobRunner;
  }
}
