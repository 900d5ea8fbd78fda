import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { alertSubject, UserAlertKind } from '../../../shared/domain/alerts.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import { announceAccountSignals } from '../../core/live-signals.ts';
import { addUserAlerts } from '../../core/user-alerts.ts';
import type { Database } from '../../db/client.ts';
import { alerts, listings, users } from '../../db/schema.ts';
import { auctionMessage } from '../../mail/auction-messages.ts';
import type { Mailer } from '../../mail/mailer.ts';

/**
 * What every alert about an auction shares: its kind, the link to its page and its subject (an
 * auction's alerts show as one entry, the latest).
 */
export function auctionAlert(listingId: string, title: string, linkText = 'See the auction') {
  return {
    kind: UserAlertKind.Auction,
    link: listingPath(listingId, title),
    linkText,
    subject: alertSubject.auction(listingId),
  };
}

/** Fewest minutes between two outbid notices to one bidder on one auction. */
export const OUTBID_NOTICE_MINUTES = 5;

/**
 * How an outbid alert starts. The 5 minutes count from the last outbid alert only: another alert
 * about the auction (its ending-soon notice to a bidder who also favorited it) does not hold back
 * the next outbid notice.
 */
const OUTBID_TEXT_START = 'You have been outbid on ';

/** The page of an auction, absolute, as e-mails link to it. */
export const auctionUrl = (publicOrigin: string, listingId: string, title: string) =>
  new URL(listingPath(listingId, title), publicOrigin).toString();

/**
 * When this instance last told each bidder (`listingId:bidderId`) they were outbid, or saw another
 * instance had: a contest outbids the same bidders again and again, and within the window the
 * database need not be asked. The alerts in the database stay the rule across instances.
 */
const recentNotices = new Map<string, number>();
/** Entries kept before the old ones are dropped. */
const RECENT_NOTICES_MAX = 50_000;

function remember(key: string, at: number, windowMs: number): void {
  if (recentNotices.size >= RECENT_NOTICES_MAX) {
    const cutoff = Date.now() - windowMs;
    for (const [entry, time] of recentNotices) if (time < cutoff) recentNotices.delete(entry);
  }
  recentNotices.set(key, at);
}

export interface AuctionNoticeDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  log: { error(object: Record<string, unknown>, message: string): void };
}

/**
 * Tells bidders they were outbid (those a batch of bids outbid and left behind): a dashboard alert,
 * an event on their live channel (the desktop client shows it as a notification) and an e-mail, to
 * each at most once per auction every 5 minutes. Runs after the batch's commit, outside the
 * auction's lock; a failure is logged, never the bids'. Whatever the batch's size, the database is
 * asked four statements: the recent outbid alerts of all of them, their addresses, their alerts
 * and their live-channel events; a bidder this instance told within the 5 minutes costs nothing.
 */
export async function noticeOutbid(
  deps: AuctionNoticeDeps,
  listingId: string,
  bidderIds: readonly string[],
  price: number,
): Promise<void> {
  const windowMs = OUTBID_NOTICE_MINUTES * 60_000;
  const now = Date.now();
  const keyOf = (bidderId: string) => `${listingId}:${bidderId}`;
  const candidates = [...new Set(bidderIds)].filter((bidderId) => {
    const last = recentNotices.get(keyOf(bidderId));
    return last === undefined || now - last >= windowMs;
  });
  if (candidates.length === 0) return;
  // Held before the database is asked: the next batch's notices do not ask again for these bidders.
  for (const bidderId of candidates) remember(keyOf(bidderId), now, windowMs);
  try {
    const recent = await deps.db
      .select({ userId: alerts.userId, at: max(alerts.createdAt) })
      .from(alerts)
      .where(
        and(
          inArray(alerts.userId, candidates),
          eq(alerts.subject, alertSubject.auction(listingId)),
          sql`${alerts.message} like ${`${OUTBID_TEXT_START}%`}`,
          sql`${alerts.createdAt} > now() - make_interval(mins => ${OUTBID_NOTICE_MINUTES})`,
        ),
      )
      .groupBy(alerts.userId);
    for (const row of recent)
      if (row.userId && row.at) remember(keyOf(row.userId), row.at.getTime(), windowMs);
    const told = new Set(recent.map((row) => row.userId));
    const toTell = candidates.filter((bidderId) => !told.has(bidderId));
    if (toTell.length === 0) return;
    const found = await deps.db
      .select({ id: users.id, title: listings.title, email: users.email, firstName: users.firstName })
      .from(listings)
      .innerJoin(users, inArray(users.id, toTell))
      .where(eq(listings.id, listingId));
    const title = found[0]?.title;
    if (title === undefined) return;
    const notice = auctionAlert(listingId, title, 'Bid again');
    const sentence = `${OUTBID_TEXT_START}“${title}”: the price is now ${formatPrice(price)}.`;
    await addUserAlerts(
      deps.db,
      found.map((bidder) => ({ ...notice, userId: bidder.id, text: sentence })),
    );
    // The accounts' live channel: the open pages and the desktop client's notification.
    await announceAccountSignals(
      deps.db,
      found.map((bidder) => ({ userId: bidder.id, kind: 'outbid', listingId, title, price })),
    );
    const message = {
      subject: `Outbid: ${title}`,
      sentence,
      title,
      url: auctionUrl(deps.publicOrigin, listingId, title),
    };
    // One after the other: composing a message takes the event loop for a moment, and a batch's
    // e-mails all at once would hold up the requests being answered meanwhile.
    for (const bidder of found) {
      await deps.mailer
        .send(auctionMessage(bidder, message))
        .catch((error: unknown) =>
          deps.log.error({ err: error, listingId, bidderId: bidder.id }, 'the outbid e-mail failed'),
        );
    }
  } catch (error) {
    deps.log.error({ err: error, listingId, bidderIds: candidates }, 'the outbid notice failed');
  }
}
