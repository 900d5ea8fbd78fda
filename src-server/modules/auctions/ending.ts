import { eq, inArray, sql } from 'drizzle-orm';
import { alertTimeToken } from '../../../shared/domain/alerts.ts';
import { AUCTION_PAYMENT_DAYS } from '../../../shared/domain/auctions.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { announceAuctionsChanged } from '../../core/live-signals.ts';
import { addUserAlert } from '../../core/user-alerts.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { auctionBids, favorites, listings, users } from '../../db/schema.ts';
import { auctionMessage, mailTimeText } from '../../mail/auction-messages.ts';
import { type AuctionNoticeDeps, auctionAlert, auctionUrl } from './notify.ts';
import type { AuctionsDeps } from './service.ts';

/** How often due auctions are ended. Bids are refused from the end itself, by the server's clock. */
export const AUCTION_ENDING_MS = 15_000;
/** Auctions ended (or announced as ending soon) per transaction. */
export const AUCTION_ENDING_BATCH = 500;
/** How long before its end an auction's watchers (the shoppers who favorited it) are told it ends soon. */
export const AUCTION_ENDING_SOON_MINUTES = 60;

/** What the ending job needs; with a mailer, its public site and a log, it also sends its e-mails. */
type AuctionJobDeps = Pick<AuctionsDeps, 'db' | 'now'> &
  Partial<Pick<AuctionsDeps, 'mailer' | 'publicOrigin' | 'log'>>;

/** The mailing part of a job's deps, when it has all of it. */
function mailingOf(deps: AuctionJobDeps): AuctionNoticeDeps | null {
  return deps.mailer && deps.publicOrigin && deps.log
    ? { db: deps.db, mailer: deps.mailer, publicOrigin: deps.publicOrigin, log: deps.log }
    : null;
}

type EndedRow = {
  listing_id: string;
  outcome: 'sold' | 'unsold';
  high_bidder_id: string | null;
  current_price: string;
};

/**
 * Ends every auction whose end has passed: sold when a bid met the reserve (or there is none),
 * else unsold, with an alert to the winner, the other bidders and the seller in the same
 * transaction; with a mailer, each winner also by e-mail once it committed. One UPDATE takes the due rows it can lock (SKIP LOCKED: a row a bid holds is left to
 * the next run, by which its end may have moved), so several servers running this at once end
 * each auction, and alert about it, exactly once; after a restart the next run catches up.
 * Answers how many auctions it ended.
 */
export async function endDueAuctions(deps: AuctionJobDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const mailing = mailingOf(deps);
  let total = 0;
  for (;;) {
    const { ended, winners } = await deps.db.transaction(async (tx) => {
      const rows = await queryRows<EndedRow>(
        tx,
        sql`update auctions a
          set outcome = case
                when a.high_bidder_id is not null and (a.reserve_price is null or a.high_max >= a.reserve_price)
                then 'sold' else 'unsold' end,
              ended_at = ${now},
              updated_at = ${now}
          where a.listing_id in (
            select d.listing_id from auctions d
            where d.outcome is null and d.ends_at <= ${now}
            order by d.ends_at
            limit ${AUCTION_ENDING_BATCH}
            for update skip locked)
          returning a.listing_id, a.outcome, a.high_bidder_id, a.current_price::text`,
      );
      if (rows.length === 0) return { ended: 0, winners: [] };
      const winners = await alertParties(tx, rows);
      await announceAuctionsChanged(
        tx,
        rows.map((row) => row.listing_id),
      );
      return { ended: rows.length, winners };
    });
    if (mailing && winners.length > 0) await mailWinners(mailing, winners);
    total += ended;
    if (ended < AUCTION_ENDING_BATCH) return total;
  }
}

/** The winner of a sold auction, to be told by e-mail once the ending committed. */
interface Winner {
  userId: string;
  listingId: string;
  title: string;
  price: string;
}

/**
 * The winner, every other bidder and the seller of each ended auction hear how it ended. Answers
 * the winners.
 */
async function alertParties(tx: Transaction, rows: readonly EndedRow[]): Promise<Winner[]> {
  const winners: Winner[] = [];
  const ids = rows.map((row) => row.listing_id);
  const titled = await tx
    .select({ id: listings.id, title: listings.title, sellerId: listings.userId })
    .from(listings)
    .where(inArray(listings.id, ids));
  const byId = new Map(titled.map((row) => [row.id, row]));
  const bidders = await tx
    .selectDistinct({ listingId: auctionBids.listingId, bidderId: auctionBids.bidderId })
    .from(auctionBids)
    .where(inArray(auctionBids.listingId, ids));
  for (const row of rows) {
    const listing = byId.get(row.listing_id);
    if (!listing) continue;
    const price = formatPrice(Number(row.current_price));
    const common = auctionAlert(listing.id, listing.title);
    await addUserAlert(tx, {
      ...common,
      userId: listing.sellerId,
      text:
        row.outcome === 'sold'
          ? `Your auction “${listing.title}” sold for ${price}.`
          : `Your auction “${listing.title}” ended without a sale. You can relist it from My listings.`,
    });
    for (const bidder of bidders) {
      if (bidder.listingId !== listing.id) continue;
      const won = row.outcome === 'sold' && bidder.bidderId === row.high_bidder_id;
      if (won) winners.push({ userId: bidder.bidderId, listingId: listing.id, title: listing.title, price });
      await addUserAlert(tx, {
        ...common,
        userId: bidder.bidderId,
        text: won
          ? `You won “${listing.title}” at ${price}.`
          : row.outcome === 'sold'
            ? `“${listing.title}” ended: another bidder won at ${price}.`
            : `“${listing.title}” ended without a sale: the reserve was not met.`,
      });
    }
  }
  return winners;
}

/**
 * Each winner by e-mail: what they won, at what price, and the days they have to check out. Sent
 * after the ending committed; a failure is logged, never the ending's.
 */
async function mailWinners(deps: AuctionNoticeDeps, winners: readonly Winner[]): Promise<void> {
  const accounts = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      inArray(
        users.id,
        winners.map((winner) => winner.userId),
      ),
    );
  const byId = new Map(accounts.map((account) => [account.id, account]));
  for (const winner of winners) {
    const account = byId.get(winner.userId);
    if (!account) continue;
    await deps.mailer
      .send(
        auctionMessage(account, {
          subject: `You won: ${winner.title}`,
          sentence: `You won “${winner.title}” at ${winner.price}. Check out within ${AUCTION_PAYMENT_DAYS} days from the auction's page; a firearm ships to the FFL dealer you choose at checkout.`,
          title: winner.title,
          url: auctionUrl(deps.publicOrigin, winner.listingId, winner.title),
        }),
      )
      .catch((error: unknown) =>
        deps.log.error({ err: error, listingId: winner.listingId }, 'the winner e-mail failed'),
      );
  }
}

type EndingSoonRow = { listing_id: string; title: string; ends_at: Date | string; current_price: string };

/** A watcher told that an auction ends soon, to be told by e-mail too once that committed. */
interface EndingSoonWatcher {
  email: string;
  firstName: string;
  listingId: string;
  title: string;
  endsAt: string;
  price: string;
}

/** The ending-soon sentence; `at` is the end as the alert or the e-mail writes it. */
const endingSoonText = (title: string, at: string, price: string) =>
  `“${title}”, in your favorites, ends soon: at ${at}, now at ${price}.`;

/**
 * Tells the watchers of each running auction that ends within AUCTION_ENDING_SOON_MINUTES (every
 * shopper who has it among their favorites, but its seller) that it ends soon, once per auction:
 * the auction is marked in the same transaction, taking only rows it can lock, so several servers
 * running this at once tell each watcher once. A late bid moving the end does not tell them again.
 * Each is told by a dashboard alert in that transaction and, with a mailer, by e-mail once it
 * committed (as the outbid and winner e-mails, with no setting of its own: taking the auction out
 * of one's favorites is how not to hear of it). Answers how many auctions were announced.
 */
export async function noticeEndingSoon(deps: AuctionJobDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const soon = new Date(now.getTime() + AUCTION_ENDING_SOON_MINUTES * 60_000);
  const mailing = mailingOf(deps);
  let total = 0;
  for (;;) {
    const { announced, told } = await deps.db.transaction(async (tx) => {
      const rows = await queryRows<EndingSoonRow>(
        tx,
        sql`update auctions a set ending_soon_noticed_at = ${now}
          from listings l
          where l.id = a.listing_id and a.listing_id in (
            select d.listing_id from auctions d
            where d.outcome is null and d.ending_soon_noticed_at is null
              and d.ends_at <= ${soon} and d.ends_at > ${now} and d.starts_at <= ${now}
            order by d.ends_at
            limit ${AUCTION_ENDING_BATCH}
            for update of d skip locked)
          returning a.listing_id, l.title, a.ends_at, a.current_price::text`,
      );
      if (rows.length === 0) return { announced: 0, told: [] };
      const watchers = await tx
        .select({
          listingId: favorites.listingId,
          userId: favorites.userId,
          sellerId: listings.userId,
          email: users.email,
          firstName: users.firstName,
        })
        .from(favorites)
        .innerJoin(listings, eq(listings.id, favorites.listingId))
        .innerJoin(users, eq(users.id, favorites.userId))
        .where(
          inArray(
            favorites.listingId,
            rows.map((row) => row.listing_id),
          ),
        );
      const byId = new Map(rows.map((row) => [row.listing_id, row]));
      const told: EndingSoonWatcher[] = [];
      for (const watcher of watchers) {
        const row = byId.get(watcher.listingId);
        if (!row || watcher.userId === watcher.sellerId) continue;
        const endsAt = new Date(row.ends_at).toISOString();
        const price = formatPrice(Number(row.current_price));
        await addUserAlert(tx, {
          ...auctionAlert(row.listing_id, row.title, 'Bid now'),
          userId: watcher.userId,
          text: endingSoonText(row.title, alertTimeToken('ends'), price),
          times: { ends: endsAt },
        });
        told.push({
          email: watcher.email,
          firstName: watcher.firstName,
          listingId: row.listing_id,
          title: row.title,
          endsAt,
          price,
        });
      }
      return { announced: rows.length, told };
    });
    if (mailing && told.length > 0) await mailEndingSoon(mailing, told);
    total += announced;
    if (announced < AUCTION_ENDING_BATCH) return total;
  }
}

/** Each watcher told that an auction ends soon, by e-mail; a failure is logged, never the notice's. */
async function mailEndingSoon(deps: AuctionNoticeDeps, told: readonly EndingSoonWatcher[]): Promise<void> {
  for (const watcher of told) {
    await deps.mailer
      .send(
        auctionMessage(watcher, {
          subject: `Ending soon: ${watcher.title}`,
          sentence: endingSoonText(watcher.title, mailTimeText(watcher.endsAt), watcher.price),
          title: watcher.title,
          url: auctionUrl(deps.publicOrigin, watcher.listingId, watcher.title),
          footnote:
            'You get this e-mail because the auction is among your favorites. Remove it from your favorites to hear no more about it.',
        }),
      )
      .catch((error: unknown) =>
        deps.log.error({ err: error, listingId: watcher.listingId }, 'the ending-soon e-mail failed'),
      );
  }
}
