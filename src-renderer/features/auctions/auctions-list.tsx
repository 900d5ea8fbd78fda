import { Link } from 'react-router';
import type { AuctionSummary } from '../../../shared/contract/auctions.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { Button } from '../../ui/button.tsx';
import commerce from '../../ui/commerce.module.css';
import { FormError } from '../../ui/form-field.tsx';
import { type ListTab, Pager } from '../../ui/list-controls.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useMyAuctions, useOfferSecondChance } from './api.ts';
import styles from './auctions.module.css';

export type AuctionsRole = 'bidder' | 'seller';

const PAGE_SIZE = 20;
const ONLY_TAB: readonly [ListTab] = [{ key: 'all', label: 'All' }];

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const STANDING_LABELS = { leading: 'Winning', outbid: 'Outbid', won: 'Won', lost: 'Lost' } as const;

/** Where an auction stands, in the words of the list it is in. */
function statusText(row: AuctionSummary, role: AuctionsRole): string {
  const { auction } = row;
  if (role === 'bidder') {
    if (auction.secondChanceOffer !== null && auction.checkoutBy) {
      return `Offered to you: check out by ${dateTime(auction.checkoutBy)}`;
    }
    if (auction.myStanding === 'won' && auction.checkoutBy)
      return `Won: check out by ${dateTime(auction.checkoutBy)}`;
    return auction.myStanding ? STANDING_LABELS[auction.myStanding] : '';
  }
  if (auction.phase === 'scheduled') return 'Scheduled';
  if (auction.phase === 'ended') {
    if (auction.outcome === 'sold') {
      if (row.secondChance === 'offered') return 'Offered to the next bidder';
      if (row.secondChance === 'available') return 'Sold, not paid';
      return auction.boughtNow ? 'Sold with buy now' : 'Sold';
    }
    return auction.outcome === 'cancelled' ? 'Cancelled' : 'Ended, not sold';
  }
  if (!auction.hasReserve) return 'Running, no reserve';
  return auction.reserveMet ? 'Running, reserve met' : 'Running, reserve not met';
}

/**
 * The winner let the days to check out pass: the seller offers the item to the next bidder, at that
 * bidder's own maximum. The list refreshes to say it was offered; a refusal is shown beside it.
 */
function SecondChanceButton({ listingId, title }: { listingId: string; title: string }) {
  const offer = useOfferSecondChance(listingId);
  return (
    <div className={styles.rowAction}>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => offer.mutate()}
        disabled={offer.isPending}
        aria-busy={offer.isPending}
        aria-label={`Offer ${title} to the next bidder`}
      >
        {offer.isPending ? 'Offering…' : 'Offer to the next bidder'}
      </Button>
      <FormError>
        {offer.isError
          ? isApiError(offer.error) && offer.error.status > 0 && offer.error.status < 500
            ? offer.error.message
            : 'The offer could not be sent right now. Please try again.'
          : null}
      </FormError>
    </div>
  );
}

/**
 * The auctions a bidder bid on (winning, outbid, won, lost; those to check out first) or a seller's
 * own (bids, reserve), running first with the soonest end first, in pages.
 */
export function AuctionsList({ as: role }: { as: AuctionsRole }) {
  const { page, setPage } = useListParams(ONLY_TAB);
  const list = useMyAuctions({ role, page, pageSize: PAGE_SIZE });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  if (list.isPending) {
    return (
      <LoadingRegion label="Loading auctions">
        <Skeleton height="6rem" />
      </LoadingRegion>
    );
  }
  if (list.isError) {
    return (
      <div className={commerce.stack}>
        <FormError>Your auctions could not be loaded. Please try again.</FormError>
        <div className={commerce.actions}>
          <Button onClick={() => void list.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  if (list.data.results.length === 0) {
    return role === 'bidder' ? (
      <p>You have not bid on any auction yet.</p>
    ) : (
      <p>
        You have no auctions yet. <Link to={paths.listItem()}>List an item</Link> and choose Auction as its
        listing type.
      </p>
    );
  }
  return (
    <div className={commerce.stack}>
      <table className={styles.history}>
        <caption className={styles.caption}>
          {role === 'bidder' ? 'Auctions you bid on' : 'Your auctions'} ({list.data.total})
        </caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Current bid</th>
            <th scope="col">Bids</th>
            {role === 'seller' ? <th scope="col">Reserve</th> : <th scope="col">Your maximum</th>}
            <th scope="col">Ends</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {list.data.results.map((row) => (
            <tr key={row.listing.id}>
              <td>
                <Link to={row.listing.url}>{row.listing.title}</Link>
              </td>
              <td data-numeric="">{formatPrice(row.auction.currentPrice)}</td>
              <td data-numeric="">{row.auction.bidCount}</td>
              <td data-numeric="">
                {role === 'seller'
                  ? row.reservePrice === null
                    ? 'None'
                    : formatPrice(row.reservePrice)
                  : row.auction.myMaxBid === null
                    ? '–'
                    : formatPrice(row.auction.myMaxBid)}
              </td>
              <td>
                <time dateTime={row.auction.endsAt}>{dateTime(row.auction.endsAt)}</time>
              </td>
              <td>
                {statusText(row, role)}
                {role === 'seller' && row.secondChance === 'available' ? (
                  <SecondChanceButton listingId={row.listing.id} title={row.listing.title} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
