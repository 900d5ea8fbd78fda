/**
 * Signals of the live channels, announced in the transaction of the change (or right after it) and
 * heard by every server instance (src-server/db/signal-bus.ts): an account's (GET /messages/live: a
 * message arrived, messages were read, the account was outbid, a new order of theirs was paid) and
 * an auction's (GET /auctions/{id}/live: its standing changed).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { announceSignal } from '../db/signal-bus.ts';

export const ACCOUNT_SIGNALS_CHANNEL = 'message_signals';

export type AccountSignal =
  /** A message arrived for `userId` (`messageId`), or messages were read. */
  | { userId: string; kind: 'message'; messageId?: string }
  | { userId: string; kind: 'read' }
  /** `userId` was outbid on the auction of `listingId`; the price is now `price` (dollars). */
  | { userId: string; kind: 'outbid'; listingId: string; title: string; price: number }
  /**
   * An order of `userId` as the seller was paid: a new order to ship, its number, the title of its
   * priciest line, how many lines it has and its total (dollars).
   */
  | {
      userId: string;
      kind: 'order';
      orderId: string;
      number: number;
      title: string;
      itemCount: number;
      total: number;
    };

/** Announces a signal; call inside the transaction of the write, so it is heard only once committed. */
export async function announceAccountSignal(db: DbExecutor, signal: AccountSignal): Promise<void> {
  await announceSignal(db, ACCOUNT_SIGNALS_CHANNEL, signal);
}

/** Announces several account signals in one statement (the outbid notices of a batch of bids). */
export async function announceAccountSignals(
  db: DbExecutor,
  signals: readonly AccountSignal[],
): Promise<void> {
  if (signals.length === 0) return;
  await db.execute(
    sql`select pg_notify(${ACCOUNT_SIGNALS_CHANNEL}, payload) from (values ${sql.join(
      signals.map((signal) => sql`(${JSON.stringify(signal)})`),
      sql`, `,
    )}) as signals(payload)`,
  );
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

export function parseAccountSignal(payload: string): AccountSignal | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const userId = value.userId;
    if (!isText(userId)) return null;
    switch (value.kind) {
      case 'message':
        return {
          userId,
          kind: 'message',
          ...(isText(value.messageId) ? { messageId: value.messageId } : {}),
        };
      case 'read':
        return { userId, kind: 'read' };
      case 'outbid':
        return isText(value.listingId) && isText(value.title) && typeof value.price === 'number'
          ? { userId, kind: 'outbid', listingId: value.listingId, title: value.title, price: value.price }
          : null;
      case 'order': {
        const { orderId, number, title, itemCount, total } = value;
        return isText(orderId) && isText(title) && isCount(number) && isCount(itemCount) && isAmount(total)
          ? { userId, kind: 'order', orderId, number, title, itemCount, total }
          : null;
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}

export const AUCTION_SIGNALS_CHANNEL = 'auction_signals';

/**
 * The auction of `listingId` changed (a bid, its end, buy now, a cancel); `bidderId`: who bid, if
 * someone did; `bidderIds`: who bid, when one transaction applied the bids of several.
 */
export interface AuctionSignal {
  listingId: string;
  bidderId?: string;
  bidderIds?: string[];
}

/** Announces an auction's change; call inside the transaction of the change. */
export async function announceAuctionSignal(db: DbExecutor, signal: AuctionSignal): Promise<void> {
  await announceSignal(db, AUCTION_SIGNALS_CHANNEL, signal);
}

/** Announces a change of each of `listingIds` (auctions ended together) in one statement. */
export async function announceAuctionsChanged(db: DbExecutor, listingIds: readonly string[]): Promise<void> {
  if (listingIds.length === 0) return;
  await db.execute(
    sql`select pg_notify(${AUCTION_SIGNALS_CHANNEL}, json_build_object('listingId', id)::text)
      from unnest(${`{${listingIds.join(',')}}`}::uuid[]) as id`,
  );
}

/** The announcement as an expression, for a statement that writes the change and announces it at once. */
export function auctionSignalExpression(signal: AuctionSignal): SQL {
  return sql`pg_notify(${AUCTION_SIGNALS_CHANNEL}, ${JSON.stringify(signal)})`;
}

export function parseAuctionSignal(payload: string): AuctionSignal | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (!isText(value.listingId)) return null;
    const bidderIds = Array.isArray(value.bidderIds) ? value.bidderIds.filter(isText) : [];
    return {
      listingId: value.listingId,
      ...(isText(value.bidderId) ? { bidderId: value.bidderId } : {}),
      ...(bidderIds.length > 0 ? { bidderIds } : {}),
    };
  } catch {
    return null;
  }
}
