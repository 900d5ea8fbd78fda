import pg from 'pg';

/** Waits before reconnecting a lost listening connection: 0.5 s, doubling, at most 30 s. */
export const LISTEN_RETRY_MS = { first: 500, max: 30_000 } as const;

export interface ListenOptions {
  /** Called each time listening resumes after the connection was lost (notifications may have been missed). */
  onResumed?: () => void;
  onError?: (error: unknown) => void;
}

/**
 * LISTEN on PostgreSQL with a connection of its own (a pooled one would be handed to other work):
 * every server instance on the database hears every NOTIFY on the channel. A lost connection is
 * re-established with backoff. Resolves once listening, to a function that stops it.
 */
export async function listenForNotifications(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs: number = LISTEN_RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error) options.onError?.(error);
      if (client === next) client = null;
      next.end().catch(() => undefined);
      scheduleRetry();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      lost = true;
      await next.end();
      return;
    }
    client = next;
  };

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          retryMs = LISTEN_RETRY_MS.first;
          if (!stopped) options.onResumed?.();
        },
        (error: unknown) => {
          options.onError?.(error);
          scheduleRetry();
        },
      );
    }, wait);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
