/**
 * A server-sent events answer that stays open (text/event-stream): events are written in order, a
 * comment line keeps proxies from closing an idle stream, and the stream ends when the client
 * leaves, the caller's token expires, a check of the caller fails, or the server closes it (a stream
 * the server ends carries a short `retry` hint, so the client reconnects, through a load balancer to
 * another server when this one is stopping).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line this often keeps proxies from closing an idle stream. */
export const EVENT_STREAM_HEARTBEAT_MS = 25_000;
/** What a client waits before reconnecting after the stream drops (the SSE `retry` field). */
export const EVENT_STREAM_RETRY_MS = 3_000;
/**
 * A stream the server ends (it is shutting down, the session ended) says to reconnect sooner: after
 * 0.5 to 1.5 s, spread so the clients of a stopping server do not all come back at one instant. Behind
 * a load balancer the reconnection reaches another server.
 */
export const EVENT_STREAM_RECONNECT_MS = { min: 500, spread: 1_000 } as const;

/** The `retry` field a stream the server ends carries (the SSE reconnection time, in ms). */
export function reconnectHint(random: () => number = Math.random): string {
  const ms = EVENT_STREAM_RECONNECT_MS.min + Math.floor(random() * EVENT_STREAM_RECONNECT_MS.spread);
  return `retry: ${ms}\n\n`;
}
/** The longest delay a Node timer takes (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // Proxies such as nginx would otherwise hold events back in a buffer.
  'x-accel-buffering': 'no',
} as const;

export interface EventStream {
  /** Runs `task` once the tasks before it are done, so events are written in order; skipped once closed. */
  enqueue(task: () => Promise<void>): void;
  /** Writes one event whose data is `data` as JSON. */
  send(data: unknown): void;
  close(): void;
  readonly closed: boolean;
}

export interface EventStreamOptions {
  /** Asked before each heartbeat (and by callers before each event): false ends the stream. */
  stillValid?: () => Promise<boolean>;
  /** When the caller's token expires (seconds since the epoch): the stream ends then. */
  expiresAt?: number | undefined;
  /** Called once when the stream ends, however it ends. */
  onClose(): void;
}

/**
 * Answers the request with an open event stream; null for HEAD, which is answered with the
 * headers alone, at once, with no stream.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): EventStream | null {
  if (request.method === 'HEAD') {
    reply.code(200).headers(EVENT_STREAM_HEADERS).send();
    return null;
  }
  reply.hijack();
  const raw = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  raw.writeHead(200, { ...headers, ...EVENT_STREAM_HEADERS, connection: 'keep-alive' });
  raw.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);

  let closed = false;
  let queue = Promise.resolve();
  const stream: EventStream = {
    get closed() {
      return closed;
    },
    enqueue(task) {
      queue = queue.then(async () => {
        if (closed) return;
        try {
          await task();
        } catch (error) {
          request.log.warn({ err: error }, 'event stream: an event could not be prepared');
        }
      });
    },
    send(data) {
      if (!closed) raw.write(`data: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      if (expiry) clearTimeout(expiry);
      // Ended here while the client still listens: a reconnect hint goes out before the end.
      if (!raw.writableEnded && !raw.destroyed) raw.end(reconnectHint());
      else if (!raw.writableEnded) raw.end();
      options.onClose();
    },
  };
  const heartbeat = setInterval(() => {
    stream.enqueue(async () => {
      if (options.stillValid && !(await options.stillValid())) return stream.close();
      if (!closed) raw.write(': ping\n\n');
    });
  }, EVENT_STREAM_HEARTBEAT_MS);
  // An expired session ends its stream; the client reconnects and meets the 401.
  const expiry =
    options.expiresAt !== undefined
      ? setTimeout(
          () => stream.close(),
          Math.min(MAX_TIMER_MS, Math.max(0, options.expiresAt * 1000 - Date.now())),
        )
      : null;
  request.raw.on('close', () => stream.close());
  raw.on('error', () => stream.close());
  return stream;
}
