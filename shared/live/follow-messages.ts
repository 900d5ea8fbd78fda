/**
 * Follows the live channel of messages (GET /api/messages/live, server-sent events) for the web app
 * and the desktop main process alike: the token goes in the Authorization header (never the URL),
 * so the stream is read with fetch rather than EventSource. A dropped stream is reopened with
 * backoff; while it is down the unread count is polled every minute instead.
 */
import { API_BASE } from '../contract/endpoint.ts';
import { type LiveMessageEvent, liveMessageEventSchema, unreadCountSchema } from '../contract/messages.ts';

export const LIVE_MESSAGES_PATH = `${API_BASE}/messages/live`;
export const UNREAD_COUNT_PATH = `${API_BASE}/messages/getUnreadMessagesCount`;

/** While the stream is down, the count is polled this often. */
export const POLL_INTERVAL_MS = 60_000;
/** Reconnect waits: 1 s doubling to at most 60 s, each with up to a fifth of random spread. */
export const RECONNECT_DELAY = { first: 1_000, max: 60_000 } as const;

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

export interface FollowMessagesOptions {
  /** The API's origin ('' for the page's own). */
  origin: string;
  getToken(): Promise<string | null>;
  fetch(url: string, init: { headers: Record<string, string>; signal: AbortSignal }): Promise<StreamResponse>;
  onEvent(event: LiveMessageEvent): void;
  onState?(state: LiveState): void;
  timers?: Timers;
  random?: () => number;
}

export interface MessagesFollower {
  stop(): void;
  /** Drops the current stream (or wait) and connects again now, e.g. after the network came back. */
  reconnect(): void;
}

/** Splits server-sent events text into the JSON of each event's `data:` lines; the rest is kept for later. */
export function parseEventStream(buffer: string): { events: unknown[]; rest: string } {
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: unknown[] = [];
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) continue;
    try {
      events.push(JSON.parse(data));
    } catch {
      // A malformed event is skipped; the next one carries the whole count again.
    }
  }
  return { events, rest };
}

/** Why the stream ended: the session is gone (stop), or something passing (try again). */
class SessionEnded extends Error {}

export function followMessages(options: FollowMessagesOptions): MessagesFollower {
  const timers: Timers = options.timers ?? {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const random = options.random ?? Math.random;
  let stopped = false;
  let attempt = 0;
  let controller: AbortController | null = null;
  let reconnectTimer: unknown = null;
  let pollTimer: unknown = null;
  let state: LiveState | null = null;

  const setState = (next: LiveState) => {
    if (state === next) return;
    state = next;
    options.onState?.(next);
  };

  const headersFor = async (): Promise<Record<string, string>> => {
    const token = await options.getToken();
    if (!token) throw new SessionEnded('signed out');
    return { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  };

  const stopPolling = () => {
    if (pollTimer !== null) timers.clearTimeout(pollTimer);
    pollTimer = null;
  };

  const poll = async () => {
    pollTimer = null;
    if (stopped) return;
    try {
      const poller = new AbortController();
      const response = await options.fetch(`${options.origin}${UNREAD_COUNT_PATH}`, {
        headers: await headersFor(),
        signal: poller.signal,
      });
      if (response.status === 401) throw new SessionEnded('session refused');
      if (response.ok) {
        const parsed = unreadCountSchema.safeParse(await response.json());
        if (parsed.success && !stopped && state === 'polling') {
          options.onEvent({ type: 'unread', unreadCount: parsed.data.unreadCount });
        }
      }
    } catch (error) {
      if (error instanceof SessionEnded) return finish();
    }
    if (!stopped && state === 'polling') pollTimer = timers.setTimeout(() => void poll(), POLL_INTERVAL_MS);
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
    const base = Math.min(RECONNECT_DELAY.max, RECONNECT_DELAY.first * 2 ** attempt);
    attempt += 1;
    const delay = Math.round(base * (1 + random() * 0.2));
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
      const response = await options.fetch(`${options.origin}${LIVE_MESSAGES_PATH}`, {
        headers: await headersFor(),
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
        for (const raw of parsed.events) {
          const event = liveMessageEventSchema.safeParse(raw);
          if (event.success && !stopped) options.onEvent(event.data);
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
