/**
 * Signals between server instances: a write announces a signal with NOTIFY in its own transaction
 * (delivered at commit); every instance hears it (LISTEN on PostgreSQL, PGlite's own notifications
 * when embedded) and hands it to the listeners of its key on this instance, through an in-process bus.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, DbExecutor } from './client.ts';

/** Announces `signal` on `channel`; inside the write's transaction, it is heard only once committed. */
export async function announceSignal(db: DbExecutor, channel: string, signal: object): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(signal)})`);
}

/** What a listener hears: a signal, or 'resync' when signals may have been missed (listening resumed). */
export type SignalListener<S> = (signal: S | 'resync') => void;

export interface SignalBusOptions<S> {
  channel: string;
  /** The signal in a payload, or null for one this bus does not know. */
  parse(payload: string): S | null;
  /** Whose listeners hear a signal (an account, an auction). */
  keyOf(signal: S): string;
  log: { warn(object: Record<string, unknown>, message: string): void };
}

/** The in-process bus of one channel: listeners by key, fed by the database's notifications. */
export class SignalBus<S> {
  private readonly listeners = new Map<string, Set<SignalListener<S>>>();
  private stopListening: (() => Promise<void>) | null = null;
  private readonly database: DatabaseHandle;
  private readonly options: SignalBusOptions<S>;

  constructor(database: DatabaseHandle, options: SignalBusOptions<S>) {
    this.database = database;
    this.options = options;
  }

  async start(): Promise<void> {
    const { channel, parse, keyOf, log } = this.options;
    const onPayload = (payload: string) => {
      const signal = parse(payload);
      if (signal !== null) this.emit(keyOf(signal), signal);
    };
    const { listenAcrossInstances, listenToOwnWrites } = this.database;
    if (listenAcrossInstances) {
      this.stopListening = await listenAcrossInstances(channel, onPayload, {
        // Signals sent while the connection was down are lost: every listener reads afresh.
        onResumed: () => this.emitAll('resync'),
        onError: (error) => log.warn({ err: error, channel }, 'signals: listening connection lost'),
      });
    } else if (listenToOwnWrites) {
      this.stopListening = await listenToOwnWrites(channel, onPayload);
    }
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }

  subscribe(key: string, listener: SignalListener<S>): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
    };
  }

  subscriberCount(key: string): number {
    return this.listeners.get(key)?.size ?? 0;
  }

  private emit(key: string, signal: S): void {
    for (const listener of this.listeners.get(key) ?? []) listener(signal);
  }

  private emitAll(signal: 'resync'): void {
    for (const set of this.listeners.values()) for (const listener of set) listener(signal);
  }
}
