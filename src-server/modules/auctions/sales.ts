/**
 * How an auction sells other than to its winner by the clock: at once with buy now, to the next
 * bidder when the winner does not pay (second chance), or not at all when staff cancel it. Each
 * runs under the auction's row lock, as a bid does, and tells the auction's watchers.
 */

import { and, asc, desc, eq, max, min, sql } from 'drizzle-orm';
import { AdminAuditAction } from '../../../shared/contract/admin.ts';
import type { AuctionView } from '../../../shared/contract/auctions.ts';
import { alertTimeToken } from '../../../shared/domain/alerts.ts';
import { AUCTION_MESSAGES, AUCTION_PAYMENT_DAYS, buyNowAvailable } from '../../../shared/domain/auctions.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { toCents } from '../../../shared/domain/membership.ts';
import { type AdminActor, audit } from '../../core/audit-log.ts';
import { announceAuctionSignal } from '../../core/live-signals.ts';
import { addUserAlert } from '../../core/user-alerts.ts';
import { auctionBidRequests, auctionBids, auctions, listings, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { auctionMessage, mailTimeText } from '../../mail/auction-messages.ts';
import { auctionAlert, auctionUrl } from './notify.ts';
import {
  type AuctionsDeps,
  assertMayBid,
  bidStateOf,
  dollarsText,
  lockForBid,
  nowOf,
  phaseOf,
  toDollars,
  viewOf,
} from './service.ts';

/**
 * POST /auctions/{id}/buy-now: the caller buys the item at the buy-now price while it is offered
 * (until the first bid, or while the reserve is not met). Under the auction's lock, as a bid: the
 * auction ends at once, sold to the caller, who checks out through the cart within
 * AUCTION_PAYMENT_DAYS like any winner; the seller, the buyer and any bidders are told, and the
 * page's watchers see it end. Asked again by its buyer, it answers the auction as it stands.
 */
export async function buyNow(deps: AuctionsDeps, auth: AuthContext, listingId: string): Promise<AuctionView> {
  const now = nowOf(deps);
  const sold = await deps.db.transaction(async (tx) => {
    const locked = await lockForBid(tx, listingId, auth.userId);
    if (!locked) throw notFound(AUCTION_MESSAGES.notAuction);
    const { auction: row } = locked;
    if (row.boughtNow && row.highBidderId === auth.userId) return row;
    if (locked.sellerId === auth.userId) throw forbidden(AUCTION_MESSAGES.ownItem);
    const phase = phaseOf(row, locked.listingActive, now);
    if (phase === 'ended') throw conflict(AUCTION_MESSAGES.ended);
    if (phase === 'scheduled') throw conflict(AUCTION_MESSAGES.notStarted);
    assertMayBid(locked);
    const buyNowCents = row.buyNowPrice === null ? null : toCents(row.buyNowPrice);
    if (buyNowCents === null || !buyNowAvailable(bidStateOf(row), buyNowCents)) {
      throw conflict(AUCTION_MESSAGES.buyNowGone);
    }
    const price = toDollars(buyNowCents);
    const [updated] = await tx
      .update(auctions)
      .set({
        outcome: 'sold',
        boughtNow: true,
        highBidderId: auth.userId,
        highMax: price,
        currentPrice: price,
        endsAt: now,
        endedAt: now,
        updatedAt: now,
      })
      .where(eq(auctions.listingId, listingId))
      .returning();
    await tx
      .update(listings)
      .set({ price, listingEndDate: now, updatedAt: now })
      .where(eq(listings.id, listingId));
    const bidders = await tx
      .selectDistinct({ id: auctionBids.bidderId })
      .from(auctionBids)
      .where(eq(auctionBids.listingId, listingId));
    const notice = auctionAlert(listingId, locked.title);
    const amount = dollarsText(buyNowCents);
    await addUserAlert(tx, {
      ...notice,
      userId: locked.sellerId,
      text: `Your auction “${locked.title}” sold with buy now for ${amount}. The buyer has ${AUCTION_PAYMENT_DAYS} days to check out.`,
    });
    await addUserAlert(tx, {
      ...notice,
      linkText: 'Check out',
      userId: auth.userId,
      text: `You bought “${locked.title}” with buy now for ${amount}. Check out within ${AUCTION_PAYMENT_DAYS} days.`,
    });
    for (const bidder of bidders) {
      await addUserAlert(tx, {
        ...notice,
        userId: bidder.id,
        text: `“${locked.title}” ended: another shopper bought it with buy now.`,
      });
    }
    await announceAuctionSignal(tx, { listingId, bidderId: auth.userId });
    return updated!;
  });
  return viewOf(deps, sold, true, auth, true);
}

/**
 * POST /auctions/{id}/cancel (staff): ends a running auction without a sale. The listing leaves the
 * catalogue; the seller and every bidder get an alert with the reason, and the audit log keeps it,
 * all in one transaction under the auction's lock.
 */
export async function cancelAuction(
  deps: AuctionsDeps,
  actor: AdminActor,
  listingId: string,
  reason: string,
): Promise<AuctionView> {
  const now = nowOf(deps);
  const cancelled = await deps.db.transaction(async (tx) => {
    const locked = await lockForBid(tx, listingId, actor.auth.userId);
    if (!locked) throw notFound(AUCTION_MESSAGES.notAuction);
    const { auction: row } = locked;
    if (phaseOf(row, locked.listingActive, now) === 'ended') throw conflict(AUCTION_MESSAGES.alreadyEnded);
    const [updated] = await tx
      .update(auctions)
      .set({ outcome: 'cancelled', endedAt: now, updatedAt: now })
      .where(eq(auctions.listingId, listingId))
      .returning();
    await tx.update(listings).set({ isActive: false, updatedAt: now }).where(eq(listings.id, listingId));
    await announceAuctionSignal(tx, { listingId });
    const [seller] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, locked.sellerId));
    const bidders = await tx
      .selectDistinct({ id: auctionBids.bidderId })
      .from(auctionBids)
      .where(eq(auctionBids.listingId, listingId));
    const notice = auctionAlert(listingId, locked.title);
    for (const userId of [locked.sellerId, ...bidders.map((bidder) => bidder.id)]) {
      await addUserAlert(tx, {
        ...notice,
        userId,
        text: `Ironsight staff cancelled the auction “${locked.title}”: ${reason}`,
      });
    }
    await audit(
      tx,
      actor,
      AdminAuditAction.CancelAuction,
      seller ?? null,
      { listingId, outcome: null },
      {
        listingId,
        outcome: 'cancelled',
        reason,
        bidders: bidders.length,
      },
    );
    return updated!;
  });
  return viewOf(deps, cancelled, false, actor.auth, false);
}

/**
 * POST /auctions/{id}/second-chance (its seller): the winner of a sold auction let the days to check
 * out pass, so the seller offers it to the next bidder, the one with the highest maximum after the
 * winner's (the earlier at a tie), at that maximum. They may check out within AUCTION_PAYMENT_DAYS
 * of the offer, through the cart; the listing's price becomes the offer. Once per auction, under its
 * lock; the bidder is told by alert and e-mail after the commit.
 */
export async function offerSecondChance(
  deps: AuctionsDeps,
  auth: AuthContext,
  listingId: string,
): Promise<AuctionView> {
  const now = nowOf(deps);
  const offered = await deps.db.transaction(async (tx) => {
    const locked = await lockForBid(tx, listingId, auth.userId);
    if (!locked) throw notFound(AUCTION_MESSAGES.notAuction);
    // The contract's `owner: 'listing'`: its seller, or staff.
    if (locked.sellerId !== auth.userId && !auth.isAdmin)
      throw forbidden(AUCTION_MESSAGES.secondChanceNotYours);
    const { auction: row } = locked;
    if (row.outcome !== 'sold' || row.orderId !== null) throw conflict(AUCTION_MESSAGES.secondChanceNotSold);
    if (row.secondChanceBidderId !== null) throw conflict(AUCTION_MESSAGES.secondChanceUsed);
    const payBy = new Date(row.endsAt.getTime() + AUCTION_PAYMENT_DAYS * 86_400_000);
    if (now <= payBy) throw conflict(AUCTION_MESSAGES.secondChanceTooSoon(mailTimeText(payBy)));
    const [next] = await tx
      .select({ bidderId: auctionBidRequests.bidderId, maxBid: max(auctionBidRequests.maxBid) })
      .from(auctionBidRequests)
      .where(
        and(
          eq(auctionBidRequests.listingId, listingId),
          sql`${auctionBidRequests.bidderId} is distinct from ${row.highBidderId}`,
        ),
      )
      .groupBy(auctionBidRequests.bidderId)
      .orderBy(desc(max(auctionBidRequests.maxBid)), asc(min(auctionBidRequests.seq)))
      .limit(1);
    if (!next?.maxBid) throw conflict(AUCTION_MESSAGES.secondChanceNoBidder);
    const price = Number(next.maxBid);
    const [updated] = await tx
      .update(auctions)
      .set({
        secondChanceBidderId: next.bidderId,
        secondChancePrice: price,
        secondChanceOfferedAt: now,
        updatedAt: now,
      })
      .where(eq(auctions.listingId, listingId))
      .returning();
    await tx.update(listings).set({ price, updatedAt: now }).where(eq(listings.id, listingId));
    const deadline = new Date(now.getTime() + AUCTION_PAYMENT_DAYS * 86_400_000).toISOString();
    const offer = (until: string) =>
      `The winner of “${locked.title}” did not check out. The seller offers it to you at your maximum bid, ${formatPrice(price)}: check out by ${until}.`;
    await addUserAlert(tx, {
      ...auctionAlert(listingId, locked.title, 'Check out'),
      userId: next.bidderId,
      text: offer(alertTimeToken('deadline')),
      times: { deadline },
    });
    await announceAuctionSignal(tx, { listingId });
    return {
      row: updated!,
      bidderId: next.bidderId,
      text: offer(mailTimeText(deadline)),
      title: locked.title,
    };
  });
  void mailSecondChance(deps, offered.bidderId, offered.title, listingId, offered.text);
  return viewOf(deps, offered.row, true, auth, false);
}

/** The second-chance offer by e-mail; a failure is logged, never the offer's. */
async function mailSecondChance(
  deps: AuctionsDeps,
  bidderId: string,
  title: string,
  listingId: string,
  text: string,
): Promise<void> {
  try {
    const [bidder] = await deps.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, bidderId));
    if (!bidder) return;
    await deps.mailer.send(
      auctionMessage(bidder, {
        subject: `Second chance: ${title}`,
        sentence: text,
        title,
        url: auctionUrl(deps.publicOrigin, listingId, title),
      }),
    );
  } catch (error) {
    deps.log.error({ err: error, listingId, bidderId }, 'the second-chance e-mail failed');
  }
}
