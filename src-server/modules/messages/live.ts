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

export interface LiveStreamSource {
  /** The event for a signal (the count, and the message when one arrived for this user); null: nothing to say. */
  eventFor(userId: string, signal: AccountSignal | 'resync' | 'open'): Promise<LiveMessageEvent | null>;
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
    // Events are written in the order their signals arrived, each after the previous was read.
    const send = (signal: AccountSignal | 'resync' | 'open') =>
      stream.enqueue(async () => {
        if (signal !== 'open' && !(await stillValid())) return stream.close();
        const event = await this.source.eventFor(userId, signal);
        if (event) stream.send(event);
      });
    unsubscribe = this.bus.subscribe(userId, send);
    this.open.add(stream.close);
    send('open');
  }
}
