import { and, eq, sql } from 'drizzle-orm';
import { alertSubject, UserAlertKind } from '../../../shared/domain/alerts.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import { announceAccountSignal } from '../../core/live-signals.ts';
import { addUserAlert } from '../../core/user-alerts.ts';
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
 * Tells a bidder they were outbid: a dashboard alert, an event on their live channel (the desktop
 * client shows it as a notification) and an e-mail, at most one per auction every 5 minutes. Runs after the bid's commit,
 * outside the auction's lock; a failure is logged, never the bid's.
 */
export async function noticeOutbid(
  deps: AuctionNoticeDeps,
  listingId: string,
  bidderId: string,
  price: number,
): Promise<void> {
  const key = `${listingId}:${bidderId}`;
  const windowMs = OUTBID_NOTICE_MINUTES * 60_000;
  const last = recentNotices.get(key);
  if (last !== undefined && Date.now() - last < windowMs) return;
  try {
    const [recent] = await deps.db
      .select({ at: alerts.createdAt })
      .from(alerts)
      .where(
        and(
          eq(alerts.userId, bidderId),
          eq(alerts.subject, alertSubject.auction(listingId)),
          sql`${alerts.message} like ${`${OUTBID_TEXT_START}%`}`,
          sql`${alerts.createdAt} > now() - make_interval(mins => ${OUTBID_NOTICE_MINUTES})`,
        ),
      )
      .limit(1);
    if (recent) return remember(key, recent.at.getTime(), windowMs);
    remember(key, Date.now(), windowMs);
    const [found] = await deps.db
      .select({ title: listings.title, email: users.email, firstName: users.firstName })
      .from(listings)
      .innerJoin(users, eq(users.id, bidderId))
      .where(eq(listings.id, listingId));
    if (!found) return;
    const notice = auctionAlert(listingId, found.title, 'Bid again');
    const sentence = `${OUTBID_TEXT_START}“${found.title}”: the price is now ${formatPrice(price)}.`;
    await addUserAlert(deps.db, { ...notice, userId: bidderId, text: sentence });
    // The account's live channel: the open pages and the desktop client's notification.
    await announceAccountSignal(deps.db, {
      userId: bidderId,
      kind: 'outbid',
      listingId,
      title: found.title,
      price,
    });
    await deps.mailer.send(
      auctionMessage(found, {
        subject: `Outbid: ${found.title}`,
        sentence,
        title: found.title,
        url: auctionUrl(deps.publicOrigin, listingId, found.title),
      }),
    );
  } catch (error) {
    deps.log.error({ err: error, listingId, bidderId }, 'the outbid notice failed');
  }
}
