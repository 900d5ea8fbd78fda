/**
 * An auction's live channel: every watcher of its page holds a stream, and each change of the
 * auction (announced as an auction signal in the change's transaction, heard by every server
 * instance) is read once per instance and written to each watcher as that watcher sees it (their
 * own standing included).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuctionLiveEvent } from '../../../shared/contract/auctions.ts';
import { ERROR_STATUS, ErrorCode } from '../../../shared/contract/common.ts';
import { AUCTION_SIGNALS_CHANNEL, type AuctionSignal, parseAuctionSignal } from '../../core/live-signals.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { SignalBus } from '../../db/signal-bus.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError } from '../../http/errors.ts';
import { type EventStream, openEventStream } from '../../http/event-stream.ts';
import { type AuctionsDeps, auctionView, loadAuction, viewOf } from './service.ts';

/** Auction streams one client address may hold open at once on an instance (tabs of a bidder, a household). */
export const AUCTION_STREAMS_PER_ADDRESS = 24;
/** Auction streams an instance holds at most; beyond it watchers are told to try again (their page polls). */
export const AUCTION_STREAMS_PER_INSTANCE = 20_000;

interface Watcher {
  auth: AuthContext | null;
  /** The watcher has bid on the auction: their standing is shown. */
  hasBid: boolean;
  /** Null until the first event is written. */
  stream: EventStream | null;
  /** A change arrived before the first event was written: one more read follows it. */
  missed: boolean;
}

/** What one instance knows of an auction being watched: its watchers and whether a read is due. */
interface Watched {
  watchers: Set<Watcher>;
  unsubscribe: () => void;
  reading: boolean;
  /** A change arrived while reading: read again once done. */
  again: boolean;
  /** Who bid since the last read (they have bid from now on). */
  bidders: Set<string>;
}

export class AuctionWatch {
  private readonly bus: SignalBus<AuctionSignal>;
  private readonly deps: AuctionsDeps;
  private readonly watched = new Map<string, Watched>();
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(
    database: DatabaseHandle,
    deps: AuctionsDeps,
    log: { warn(object: Record<string, unknown>, message: string): void },
  ) {
    this.deps = deps;
    this.bus = new SignalBus(database, {
      channel: AUCTION_SIGNALS_CHANNEL,
      parse: parseAuctionSignal,
      keyOf: (signal) => signal.listingId,
      log,
    });
  }

  start(): Promise<void> {
    return this.bus.start();
  }

  async stop(): Promise<void> {
    for (const entry of [...this.watched.values()]) {
      for (const watcher of [...entry.watchers]) watcher.stream?.close();
    }
    await this.bus.stop();
  }

  /** Streams open on this instance now. */
  get openStreams(): number {
    return this.total;
  }

  /**
   * GET /auctions/{id}/live: the auction at once, then after every change, until the watcher leaves,
   * their token expires or the server closes. The watcher listens before the first read, so a change
   * between that read and the stream's start is not missed. An unknown auction answers 404.
   */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    auth: AuthContext | null,
    listingId: string,
  ): Promise<void> {
    const address = request.ip;
    if (
      this.total >= AUCTION_STREAMS_PER_INSTANCE ||
      (this.byAddress.get(address) ?? 0) >= AUCTION_STREAMS_PER_ADDRESS
    ) {
      throw new AppError(
        ERROR_STATUS.too_many_requests,
        ErrorCode.TooManyRequests,
        'Too many live auction pages are open. Close another one and try again.',
      );
    }
    const watcher: Watcher = { auth, hasBid: false, stream: null, missed: false };
    this.remember(listingId, address, watcher);
    let opened = false;
    try {
      const first = await auctionView(this.deps, auth, listingId);
      watcher.hasBid = first.myStanding !== null;
      const stream = openEventStream(request, reply, {
        expiresAt: auth?.claims.exp,
        onClose: () => this.forget(listingId, address, watcher),
      });
      if (!stream) return;
      opened = true;
      watcher.stream = stream;
      stream.send({ type: 'auction', auction: first } satisfies AuctionLiveEvent);
      if (watcher.missed) await this.sendTo(listingId, [watcher]);
    } finally {
      if (!opened) this.forget(listingId, address, watcher);
    }
  }

  private remember(listingId: string, address: string, watcher: Watcher): void {
    let entry = this.watched.get(listingId);
    if (!entry) {
      const created: Watched = {
        watchers: new Set(),
        unsubscribe: () => {},
        reading: false,
        again: false,
        bidders: new Set(),
      };
      created.unsubscribe = this.bus.subscribe(listingId, (signal) => {
        if (signal !== 'resync') {
          if (signal.bidderId) created.bidders.add(signal.bidderId);
          for (const bidderId of signal.bidderIds ?? []) created.bidders.add(bidderId);
        }
        void this.refresh(listingId, created);
      });
      this.watched.set(listingId, created);
      entry = created;
    }
    entry.watchers.add(watcher);
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    this.total += 1;
  }

  private forget(listingId: string, address: string, watcher: Watcher): void {
    const entry = this.watched.get(listingId);
    if (!entry?.watchers.delete(watcher)) return;
    const left = (this.byAddress.get(address) ?? 1) - 1;
    if (left > 0) this.byAddress.set(address, left);
    else this.byAddress.delete(address);
    this.total -= 1;
    if (entry.watchers.size === 0) {
      this.watched.delete(listingId);
      entry.unsubscribe();
    }
  }

  /**
   * Reads the auction once for all its watchers on this instance and writes each their view. Changes
   * that arrive during a read are folded into one more read after it, so a burst of bids costs a few
   * reads, and the last event always shows the latest standing.
   */
  private async refresh(listingId: string, entry: Watched): Promise<void> {
    for (const watcher of entry.watchers) if (!watcher.stream) watcher.missed = true;
    if (entry.reading) {
      entry.again = true;
      return;
    }
    entry.reading = true;
    try {
      do {
        entry.again = false;
        const bidders = [...entry.bidders];
        entry.bidders.clear();
        for (const watcher of entry.watchers) {
          if (watcher.auth && bidders.includes(watcher.auth.userId)) watcher.hasBid = true;
        }
        await this.sendTo(
          listingId,
          [...entry.watchers].filter((watcher) => watcher.stream !== null),
        );
      } while (entry.again);
    } finally {
      entry.reading = false;
    }
  }

  /** Reads the auction and writes each of `watchers` their view of it. */
  private async sendTo(listingId: string, watchers: readonly Watcher[]): Promise<void> {
    if (watchers.length === 0) return;
    try {
      const loaded = await loadAuction(this.deps.db, listingId);
      for (const watcher of watchers) {
        if (!loaded) {
          watcher.stream?.close();
          continue;
        }
        const auction = viewOf(this.deps, loaded.auction, loaded.listingActive, watcher.auth, watcher.hasBid);
        watcher.stream?.send({ type: 'auction', auction } satisfies AuctionLiveEvent);
      }
    } catch (error) {
      this.deps.log.error({ err: error, listingId }, 'auction live channel: the auction could not be read');
    }
  }
}
