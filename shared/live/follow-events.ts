/**
 * Follows a live channel of the API (server-sent events) for the web app and the desktop main
 * process alike: a token goes in the Authorization header (never the URL), so the stream is read
 * with fetch rather than EventSource. A dropped stream is reopened with backoff, from the wait the
 * server last asked for with the stream's `retry:` field (as EventSource would); while it is down,
 * an optional poll reads the same state on a timer instead.
 */

export type LiveState = 'connecting' | 'live' | 'polling' | 'stopped';

/** The parts of fetch's answer this reads (a browser's and Node's fetch both fit). */
export interface StreamResponse {
  ok: boolean;
  status: number;
  body: ReadableStream<Uint8Array> | null;
  json(): Promise<unknown>;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type StreamFetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<StreamResponse>;

/**
 * Reconnect waits: 1 s doubling to at most 60 s, each with up to a fifth of random spread. A server's
 * `retry:` hint takes the first wait's place (no spread added: the server spreads its own hints),
 * kept between `min` and `max`, and later waits double from it.
 */
export const RECONNECT_DELAY = { first: 1_000, min: 250, max: 60_000 } as const;

/** Thrown by `headers` (or met as a 401): the session is gone, so following stops. */
export class SessionEnded extends Error {}

export interface FollowEventsOptions<T> {
  /** The stream's full address. */
  url: string;
  /** The request's headers; throw SessionEnded to stop following. */
  headers(): Promise<Record<string, string>>;
  fetch: StreamFetch;
  /** An event's data as this channel knows it, or null to skip it. */
  parse(data: unknown): T | null;
  onEvent(event: T): void;
  onState?(state: LiveState): void;
  /** While the stream is down: the state read on a timer (a 401 stops following; null: nothing to say). */
  poll?: {
    intervalMs: number;
    read(fetch: StreamFetch, headers: Record<string, string>, signal: AbortSignal): Promise<T | null>;
  };
  timers?: Timers;
  random?: () => number;
}

export interface EventsFollower {
  stop(): void;
  /** Drops the current stream (or wait) and connects again now, e.g. after the network came back. */
  reconnect(): void;
}

/**
 * Splits server-sent events text into the JSON of each event's `data:` lines and the last `retry:`
 * (the reconnection wait the server asks for, in ms; null when none); the rest is kept for later.
 */
export function parseEventStream(buffer: string): {
  events: unknown[];
  rest: string;
  retryMs: number | null;
} {
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: unknown[] = [];
  let retryMs: number | null = null;
  for (const block of blocks) {
    const lines = block.split('\n');
    for (const line of lines) {
      // As EventSource reads it: only ASCII digits set the wait; anything else is ignored.
      const retry = /^retry: ?(\d+)$/.exec(line);
      if (retry) retryMs = Number(retry[1]);
    }
    const data = lines
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) continue;
    try {
      events.push(JSON.parse(data));
    } catch {
      // A malformed event is skipped; the next one carries the whole state again.
    }
  }
  return { events, rest, retryMs };
}

export function followEvents<T>(options: FollowEventsOptions<T>): EventsFollower {
  const timers: Timers = options.timers ?? {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const random = options.random ?? Math.random;
  let stopped = false;
  let attempt = 0;
  /** The wait the server last asked for (`retry:`), or null. */
  let retryHintMs: number | null = null;
  let controller: AbortController | null = null;
  let reconnectTimer: unknown = null;
  let pollTimer: unknown = null;
  let state: LiveState | null = null;

  const setState = (next: LiveState) => {
    if (state === next) return;
    state = next;
    options.onState?.(next);
  };

  const stopPolling = () => {
    if (pollTimer !== null) timers.clearTimeout(pollTimer);
    pollTimer = null;
  };

  const poll = async () => {
    pollTimer = null;
    const polling = options.poll;
    if (stopped || !polling) return;
    try {
      const event = await polling.read(options.fetch, await options.headers(), new AbortController().signal);
      if (event !== null && !stopped && state === 'polling') options.onEvent(event);
    } catch (error) {
      if (error instanceof SessionEnded) return finish();
    }
    if (!stopped && state === 'polling') pollTimer = timers.setTimeout(() => void poll(), polling.intervalMs);
  };

  const startPolling = () => {
    if (state === 'polling') return;
    setState('polling');
    stopPolling();
    void poll();
  };

  const finish = () => {
    stopped = true;
    controller?.abort();
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
    stopPolling();
    setState('stopped');
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    const first =
      retryHintMs === null
        ? RECONNECT_DELAY.first
        : Math.min(RECONNECT_DELAY.max, Math.max(RECONNECT_DELAY.min, retryHintMs));
    const base = Math.min(RECONNECT_DELAY.max, first * 2 ** attempt);
    attempt += 1;
    const delay = Math.round(retryHintMs === null ? base * (1 + random() * 0.2) : base);
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
  };

  const connect = async () => {
    if (stopped) return;
    controller = new AbortController();
    const { signal } = controller;
    if (state !== 'polling') setState('connecting');
    try {
      const response = await options.fetch(options.url, {
        headers: { ...(await options.headers()), accept: 'text/event-stream' },
        signal,
      });
      if (response.status === 401) throw new SessionEnded('session refused');
      if (!response.ok || !response.body) throw new Error(`live channel answered ${response.status}`);
      attempt = 0;
      stopPolling();
      setState('live');
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const parsed = parseEventStream(buffer);
        buffer = parsed.rest;
        if (parsed.retryMs !== null) retryHintMs = parsed.retryMs;
        for (const raw of parsed.events) {
          const event = options.parse(raw);
          if (event !== null && !stopped) options.onEvent(event);
        }
      }
    } catch (error) {
      if (error instanceof SessionEnded) return finish();
      if (signal.aborted && stopped) return;
    }
    if (stopped) return;
    startPolling();
    scheduleReconnect();
  };

  void connect();
  return {
    stop: finish,
    reconnect: () => {
      if (stopped) return;
      if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      attempt = 0;
      controller?.abort();
      if (state !== 'live') void connect();
    },
  };
}
