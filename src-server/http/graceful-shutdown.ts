/**
 * A graceful stop of a server behind a load balancer (SIGTERM, a rolling restart):
 * 1. draining: the server goes on serving, but its health check answers 503 and every answer closes
 *    its connection, so the balancer's checks take it out of rotation and keeps no idle connection
 *    to it; background work stops now (the periodic jobs finish their batch under way and give
 *    back their leases);
 * 2. closing: it stops taking connections (a balancer's new attempts fail to connect and go to
 *    another server), ends its event streams with a reconnect hint (event-stream.ts), and lets the
 *    requests under way finish, for at most `timeoutMs`; past it their connections are cut;
 * 3. the app's close hooks run (the database closes last).
 * Without a balancer the drain is 0 and the stop begins at step 2.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { serviceUnavailable } from './errors.ts';

export interface GracefulShutdownOptions {
  /** How long the server serves while reporting unhealthy before it stops taking connections. */
  drainMs: number;
  /** The longest requests under way may run once connections are no longer taken. */
  timeoutMs: number;
  /** The health check's path (as requested, e.g. `/api/health`): 503 while draining. */
  healthPath: string;
  /** Work stopped as the shutdown begins, beside the drain (the periodic jobs). */
  stopBackgroundWork?: () => Promise<void>;
}

export interface GracefulShutdown {
  /** True from the first call of `shutdown` on. */
  readonly draining: boolean;
  /**
   * Drains (unless `drain` is false), then closes the app. The first call starts it; a later one
   * answers the same promise, and with `drain: false` cuts a drain still waiting short.
   */
  shutdown(options?: { drain?: boolean }): Promise<void>;
}

/** Installs the draining answers (before the app is ready) and answers the shutdown to call on a signal. */
export function installGracefulShutdown(
  app: FastifyInstance,
  options: GracefulShutdownOptions,
): GracefulShutdown {
  let draining = false;
  let done: Promise<void> | null = null;
  let endDrain: (() => void) | null = null;
  const log: FastifyBaseLogger = app.log;

  app.addHook('onRequest', async (request, reply) => {
    if (!draining) return;
    // No connection is kept for a next request: the balancer opens its next one to another server.
    reply.header('connection', 'close');
    if (request.url.split('?')[0] === options.healthPath) {
      throw serviceUnavailable('This server is shutting down.');
    }
  });

  const run = async (drain: boolean) => {
    draining = true;
    const background = options.stopBackgroundWork?.().catch((error: unknown) => {
      log.error({ err: error }, 'stopping the background work failed');
    });
    if (drain && options.drainMs > 0) {
      log.info(
        { drainMs: options.drainMs },
        'draining: the health check answers 503 until connections close',
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endDrain = null;
    }
    const cut = setTimeout(() => {
      log.warn(
        { timeoutMs: options.timeoutMs },
        'requests still under way at the shutdown bound: cutting their connections',
      );
      app.server.closeAllConnections();
    }, options.timeoutMs);
    try {
      await app.close();
      await background;
    } finally {
      clearTimeout(cut);
    }
  };

  return {
    get draining() {
      return draining;
    },
    shutdown({ drain = true } = {}) {
      if (!drain) endDrain?.();
      done ??= run(drain);
      return done;
    },
  };
}
