import type { FastifyInstance } from 'fastify';

/**
 * A job the server runs while it is up: `atBoot` once the app is ready (a failure fails the boot),
 * then `run` every `intervalMs` until the app closes (failures are logged as `failureMessage`).
 */
export interface PeriodicJob {
  atBoot: () => Promise<void>;
  run: () => Promise<void>;
  intervalMs: number;
  failureMessage: string;
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
  run: () => Promise<void>;
  onError: (error: unknown) => void;
  intervalMs: number;
}): PeriodicRun {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = options
      .run()
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** Starts `job` when the app is ready and stops it (waiting for a run under way) when it closes. */
export function registerPeriodicJob(app: FastifyInstance, job: PeriodicJob): void {
  let periodic: PeriodicRun | null = null;
  app.addHook('onReady', async () => {
    await job.atBoot();
    periodic = startPeriodicRun({
      run: job.run,
      onError: (error) => app.log.error({ err: error }, job.failureMessage),
      intervalMs: job.intervalMs,
    });
  });
  app.addHook('onClose', async () => {
    await periodic?.stop();
  });
}
