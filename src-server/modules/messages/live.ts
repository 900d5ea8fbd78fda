/**
 * The live channel: who is told what when a message is sent or read. A write announces a signal with
 * NOTIFY in its own transaction (delivered at commit); every server instance hears it (LISTEN on
 * PostgreSQL, PGlite's own notifications when embedded) and passes it to the streams of that user
 * open on this instance, through an in-process bus.
 */
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, ErrorCode } from '../../../shared/contract/common.ts';
import type { LiveMessageEvent } from '../../../shared/contract/messages.ts';
import type { DatabaseHandle, DbExecutor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

export const MESSAGE_SIGNALS_CHANNEL = 'message_signals';

/** Something changed for `userId`: a message arrived (`messageId`), or messages were read. */
export interface MessageSignal {
  userId: string;
  kind: 'message' | 'read';
  messageId?: string;
}

/** Announces a signal; call inside the transaction of the write, so it is heard only once committed. */
export async function announceMessageSignal(db: DbExecutor, signal: MessageSignal): Promise<void> {
  await db.execute(sql`select pg_notify(${MESSAGE_SIGNALS_CHANNEL}, ${JSON.stringify(signal)})`);
}

function parseSignal(payload: string): MessageSignal | null {
  try {
    const value = JSON.parse(payload) as Partial<MessageSignal>;
    if (typeof value.userId !== 'string' || (value.kind !== 'message' && value.kind !== 'read')) return null;
    return {
      userId: value.userId,
      kind: value.kind,
      ...(typeof value.messageId === 'string' ? { messageId: value.messageId } : {}),
    };
  } catch {
    return null;
  }
}

type SignalListener = (signal: MessageSignal | 'resync') => void;

/** The in-process bus: listeners by user, fed by the database's notifications. */
export class MessageSignalBus {
  private readonly listeners = new Map<string, Set<SignalListener>>();
  private stopListening: (() => Promise<void>) | null = null;
  private readonly database: DatabaseHandle;
  private readonly log: { warn(object: Record<string, unknown>, message: string): void };

  constructor(
    database: DatabaseHandle,
    log: { warn(object: Record<string, unknown>, message: string): void },
  ) {
    this.database = database;
    this.log = log;
  }

  async start(): Promise<void> {
    const onPayload = (payload: string) => {
      const signal = parseSignal(payload);
      if (signal) this.emit(signal.userId, signal);
    };
    const { listenAcrossInstances, listenToOwnWrites } = this.database;
    if (listenAcrossInstances) {
      this.stopListening = await listenAcrossInstances(MESSAGE_SIGNALS_CHANNEL, onPayload, {
        // Signals sent while the connection was down are lost: every stream re-reads its count.
        onResumed: () => this.emitAll('resync'),
        onError: (error) => this.log.warn({ err: error }, 'message signals: listening connection lost'),
      });
    } else if (listenToOwnWrites) {
      this.stopListening = await listenToOwnWrites(MESSAGE_SIGNALS_CHANNEL, onPayload);
    }
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }

  subscribe(userId: string, listener: SignalListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  subscriberCount(userId: string): number {
    return this.listeners.get(userId)?.size ?? 0;
  }

  private emit(userId: string, signal: MessageSignal): void {
    for (const listener of this.listeners.get(userId) ?? []) listener(signal);
  }

  private emitAll(signal: 'resync'): void {
    for (const set of this.listeners.values()) for (const listener of set) listener(signal);
  }
}

/** Streams one account may hold open at once (tabs, the desktop client). */
export const LIVE_STREAMS_PER_USER = 8;
/** A comment line this often keeps proxies from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** What a client waits before reconnecting after the stream drops (the SSE `retry` field). */
export const LIVE_RETRY_MS = 3_000;

export interface LiveStreamSource {
  /** The event for a signal (the count, and the message when one arrived for this user); null: nothing to say. */
  eventFor(userId: string, signal: MessageSignal | 'resync' | 'open'): Promise<LiveMessageEvent | null>;
}

/** The longest delay a Node timer takes (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Open streams on this instance, so closing the server ends them. */
export class LiveStreams {
  private readonly open = new Set<() => void>();
  private readonly bus: MessageSignalBus;
  private readonly source: LiveStreamSource;

  constructor(bus: MessageSignalBus, source: LiveStreamSource) {
    this.bus = bus;
    this.source = source;
  }

  closeAll(): void {
    for (const close of [...this.open]) close();
  }

  /**
   * Answers the request with a text/event-stream that stays open: the unread count at once, then an
   * event for each signal of this user, until the client leaves, the token expires or the server closes.
   * `sessionValid` is asked again before each event and heartbeat: a session ended meanwhile (the
   * account locked, frozen or its password changed) ends the stream, and the reconnect meets the 401.
   */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    tokenExpiresAt: number | undefined,
    sessionValid: () => Promise<boolean> = async () => true,
  ): void {
    if (this.bus.subscriberCount(userId) >= LIVE_STREAMS_PER_USER) {
      throw new AppError(
        ERROR_STATUS.too_many_requests,
        ErrorCode.TooManyRequests,
        'Too many live connections for this account. Close another window and try again.',
      );
    }
    const streamHeaders = {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Proxies such as nginx would otherwise hold events back in a buffer.
      'x-accel-buffering': 'no',
    };
    // HEAD asks for the headers alone: answered at once, with no stream and no slot taken.
    if (request.method === 'HEAD') {
      reply.code(200).headers(streamHeaders).send();
      return;
    }
    reply.hijack();
    const raw = reply.raw;
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    raw.writeHead(200, { ...headers, ...streamHeaders, connection: 'keep-alive' });
    raw.write(`retry: ${LIVE_RETRY_MS}\n\n`);

    let closed = false;
    // Events are written in the order their signals arrived, each after the previous was read.
    let queue = Promise.resolve();
    /** False (and the stream closed) once the session has ended; a failed check keeps the stream. */
    const stillValid = async (): Promise<boolean> => {
      const valid = await sessionValid().catch((error: unknown) => {
        request.log.warn({ err: error }, 'live channel: session could not be checked');
        return true;
      });
      if (!valid) close();
      return valid && !closed;
    };
    const send = (signal: MessageSignal | 'resync' | 'open') => {
      queue = queue.then(async () => {
        if (closed) return;
        try {
          if (signal !== 'open' && !(await stillValid())) return;
          const event = await this.source.eventFor(userId, signal);
          if (event && !closed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
        } catch (error) {
          request.log.warn({ err: error }, 'live channel: event could not be prepared');
        }
      });
    };
    const unsubscribe = this.bus.subscribe(userId, send);
    const heartbeat = setInterval(() => {
      queue = queue.then(async () => {
        if (!closed && (await stillValid())) raw.write(': ping\n\n');
      });
    }, LIVE_HEARTBEAT_MS);
    // An expired session ends its stream; the client reconnects and meets the 401.
    const expiry =
      tokenExpiresAt !== undefined
        ? setTimeout(() => close(), Math.min(MAX_TIMER_MS, Math.max(0, tokenExpiresAt * 1000 - Date.now())))
        : null;
    const close = () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      if (expiry) clearTimeout(expiry);
      this.open.delete(close);
      if (!raw.writableEnded) raw.end();
    };
    this.open.add(close);
    request.raw.on('close', close);
    raw.on('error', close);
    send('open');
  }
}
