import { eq, inArray, sql } from 'drizzle-orm';
import { alertTimeToken } from '../../../shared/domain/alerts.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { announceAuctionsChanged } from '../../core/live-signals.ts';
import { addUserAlert } from '../../core/user-alerts.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { auctionBids, favorites, listings } from '../../db/schema.ts';
import { auctionAlert } from './notify.ts';
import type { AuctionsDeps } from './service.ts';

/** How often due auctions are ended. Bids are refused from the end itself, by the server's clock. */
export const AUCTION_ENDING_MS = 15_000;
/** Auctions ended (or announced as ending soon) per transaction. */
export const AUCTION_ENDING_BATCH = 500;
/** How long before its end an auction's watchers (the shoppers who favorited it) are told it ends soon. */
export const AUCTION_ENDING_SOON_MINUTES = 60;

type EndedRow = {
  listing_id: string;
  outcome: 'sold' | 'unsold';
  high_bidder_id: string | null;
  current_price: string;
};

/**
 * Ends every auction whose end has passed: sold when a bid met the reserve (or there is none),
 * else unsold, with an alert to the winner, the other bidders and the seller in the same
 * transaction. One UPDATE takes the due rows it can lock (SKIP LOCKED: a row a bid holds is left to
 * the next run, by which its end may have moved), so several servers running this at once end
 * each auction, and alert about it, exactly once; after a restart the next run catches up.
 * Answers how many auctions it ended.
 */
export async function endDueAuctions(deps: Pick<AuctionsDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now?.() ?? new Date();
  let total = 0;
  for (;;) {
    const ended = await deps.db.transaction(async (tx) => {
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
      if (rows.length > 0) {
        await alertParties(tx, rows);
        await announceAuctionsChanged(
          tx,
          rows.map((row) => row.listing_id),
        );
      }
      return rows.length;
    });
    total += ended;
    if (ended < AUCTION_ENDING_BATCH) return total;
  }
}

/** The winner, every other bidder and the seller of each ended auction hear how it ended. */
async function alertParties(tx: Transaction, rows: readonly EndedRow[]): Promise<void> {
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
}

type EndingSoonRow = { listing_id: string; title: string; ends_at: Date | string; current_price: string };

/**
 * Tells the watchers of each running auction that ends within AUCTION_ENDING_SOON_MINUTES (every
 * shopper who has it among their favorites, but its seller) that it ends soon, once per auction:
 * the auction is marked in the same transaction, taking only rows it can lock, so several servers
 * running this at once tell each watcher once. A late bid moving the end does not tell them again.
 * Answers how many auctions were announced.
 */
export async function noticeEndingSoon(deps: Pick<AuctionsDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const soon = new Date(now.getTime() + AUCTION_ENDING_SOON_MINUTES * 60_000);
  let total = 0;
  for (;;) {
    const announced = await deps.db.transaction(async (tx) => {
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
      if (rows.length === 0) return 0;
      const watchers = await tx
        .select({ listingId: favorites.listingId, userId: favorites.userId, sellerId: listings.userId })
        .from(favorites)
        .innerJoin(listings, eq(listings.id, favorites.listingId))
        .where(
          inArray(
            favorites.listingId,
            rows.map((row) => row.listing_id),
          ),
        );
      const byId = new Map(rows.map((row) => [row.listing_id, row]));
      for (const watcher of watchers) {
        const row = byId.get(watcher.listingId);
        if (!row || watcher.userId === watcher.sellerId) continue;
        await addUserAlert(tx, {
          ...auctionAlert(row.listing_id, row.title, 'Bid now'),
          userId: watcher.userId,
          text: `“${row.title}”, in your favorites, ends soon: at ${alertTimeToken('ends')}, now at ${formatPrice(Number(row.current_price))}.`,
          times: { ends: new Date(row.ends_at).toISOString() },
        });
      }
      return rows.length;
    });
    total += announced;
    if (announced < AUCTION_ENDING_BATCH) return total;
  }
}
