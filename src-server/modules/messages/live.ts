/**
 * The live channel of an account: its unread count and new messages, and its outbid notices. A
 * write announces an account signal (src-server/core/live-signals.ts); every server instance
 * hears it and passes it to the streams of that account open on this instance.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, ErrorCode } from '../../../shared/contract/common.ts';
import type { LiveMessageEvent } from '../../../shared/contract/messages.ts';
import { ACCOUNT_SIGNALS_CHANNEL, type AccountSignal, parseAccountSignal } from '../../core/live-signals.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { SignalBus } from '../../db/signal-bus.ts';
import { AppError } from '../../http/errors.ts';
import { openEventStream } from '../../http/event-stream.ts';

/** The bus of account signals on this instance. */
export function accountSignalBus(
  database: DatabaseHandle,
  log: { warn(object: Record<string, unknown>, message: string): void },
): SignalBus<AccountSignal> {
  return new SignalBus(database, {
    channel: ACCOUNT_SIGNALS_CHANNEL,
    parse: parseAccountSignal,
    keyOf: (signal) => signal.userId,
    log,
  });
}

/** Streams one account may hold open at once (tabs, the desktop client). */
export const LIVE_STREAMS_PER_USER = 8;

/** What a stream hears: a signal, 'resync' (signals may have been missed), 'open' (its first event). */
export type LiveSignal = AccountSignal | 'resync' | 'open';

export interface LiveStreamSource {
  /** The event for a signal (the count, and the message when one arrived for this user); null: nothing to say. */
  eventFor(userId: string, signal: LiveSignal): Promise<LiveMessageEvent | null>;
}

/** Whether a signal's event says more than the unread count (a message, an outbid notice, an order). */
const tellsMore = (signal: LiveSignal) =>
  typeof signal === 'object' &&
  (signal.kind !== 'message' || signal.messageId !== undefined) &&
  signal.kind !== 'read';

/**
 * The signals of a batch whose events are read: each one that tells more than the count, in order
 * (every event carries the count as it is now); when none does, one signal for the count alone.
 */
export function eventsToRead(batch: readonly LiveSignal[]): LiveSignal[] {
  const telling = batch.filter(tellsMore);
  return telling.length > 0 ? telling : batch.slice(-1);
}

/** Open streams on this instance, so closing the server ends them. */
export class LiveStreams {
  private readonly open = new Set<() => void>();
  private readonly bus: SignalBus<AccountSignal>;
  private readonly source: LiveStreamSource;

  constructor(bus: SignalBus<AccountSignal>, source: LiveStreamSource) {
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
    let unsubscribe = () => {};
    /** False once the session has ended; a failed check keeps the stream. */
    const stillValid = () =>
      sessionValid().catch((error: unknown) => {
        request.log.warn({ err: error }, 'live channel: session could not be checked');
        return true;
      });
    const stream = openEventStream(request, reply, {
      expiresAt: tokenExpiresAt,
      stillValid,
      onClose: () => {
        unsubscribe();
        this.open.delete(stream!.close);
      },
    });
    if (!stream) return;
    // Events are written in the order their signals arrived. Signals that arrive while the events
    // before them are being read wait together and are read as one batch (see `eventsToRead`), the
    // session checked alongside, so a burst of signals costs one round of reads, not one per signal.
    let pending: LiveSignal[] = [];
    const send = (signal: LiveSignal) => {
      pending.push(signal);
      if (pending.length > 1) return;
      stream.enqueue(async () => {
        const batch = pending;
        pending = [];
        const [valid, events] = await Promise.all([
          batch.every((item) => item === 'open') ? true : stillValid(),
          Promise.all(eventsToRead(batch).map((signal) => this.source.eventFor(userId, signal))),
        ]);
        if (!valid) return stream.close();
        for (const event of events) if (event) stream.send(event);
      });
    };
    unsubscribe = this.bus.subscribe(userId, send);
    this.open.add(stream.close);
    send('open');
  }
}
