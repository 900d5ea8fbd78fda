import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { AuctionView } from '../../../shared/contract/auctions.ts';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { AUCTION_MESSAGES, BID_INCREMENTS } from '../../../shared/domain/auctions.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { isApiError } from '../../lib/api-client.ts';
import { cartItemOf, useBuyNow } from '../../lib/cart/use-buy-now.ts';
import { parseDollars } from '../../lib/dollars.ts';
import { onDemand } from '../../lib/on-demand.tsx';
import { requestLogin } from '../../lib/session/login-request.ts';
import { useCurrentUser, useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, FormField, TextInput } from '../../ui/form-field.tsx';
import { useAuction, useBidHistory, useLiveAuction, usePlaceBid } from './api.ts';
import styles from './auctions.module.css';

/** Staff only, so loaded when opened: shoppers never download the dialog. */
const CancelAuctionDialog = onDemand(() =>
  import('./cancel-auction.tsx').then((m) => m.CancelAuctionDialog),
).Component;

/** Loaded when a shopper presses Buy now. */
const BuyNowDialog = onDemand(() => import('./buy-now-dialog.tsx').then((m) => m.BuyNowDialog)).Component;

/** Buy now, while the auction offers it: confirmed in a dialog, then straight to checkout. */
function BuyNowOffer({ auction, listing }: { auction: AuctionView; listing: ListingDetail }) {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const checkOut = useBuyNow();
  const start = async () => {
    if (session.status !== 'signedIn' && !(await requestLogin('Log in to buy now.'))) return;
    setOpen(true);
  };
  return (
    <div className={styles.form}>
      <Button size="lg" variant="secondary" onClick={() => void start()}>
        Buy now for {formatPrice(auction.buyNowPrice ?? 0)}
      </Button>
      <BuyNowDialog
        open={open}
        onOpenChange={setOpen}
        auction={auction}
        title={listing.title}
        onBought={(bought) => checkOut({ ...cartItemOf(listing), price: bought.currentPrice })}
      />
    </div>
  );
}

function CancelAuction({ listingId, title }: { listingId: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.staff}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Cancel auction (staff)
      </Button>
      <CancelAuctionDialog open={open} onOpenChange={setOpen} listingId={listingId} title={title} />
    </div>
  );
}

/** "2d 4h", "3h 12m", "4m 05s": the time left, coarser the further the end. */
export function timeLeftText(ms: number): string {
  if (ms <= 0) return 'Ended';
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/**
 * Milliseconds to the auction's end by the server's clock: the difference between the server's
 * clock and this one is taken when the standing was read, so a visitor's wrong clock does not move it.
 */
function useTimeLeft(auction: AuctionView, readAt: number): number {
  const offset = Date.parse(auction.serverNow) - readAt;
  const target = Date.parse(auction.phase === 'scheduled' ? auction.startsAt : auction.endsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return target - (now + offset);
}

const STANDING_TEXT: Record<NonNullable<AuctionView['myStanding']>, string> = {
  leading: 'You are the high bidder.',
  outbid: 'You have been outbid.',
  won: 'You won this auction.',
  lost: 'This auction ended without your bid winning.',
};

function BidForm({ auction }: { auction: AuctionView }) {
  const place = usePlaceBid(auction.listingId);
  const session = useSession();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  // One key per bid as typed: sending it again after a lost answer applies it once.
  const key = useRef<{ text: string; key: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (session.status !== 'signedIn' && !(await requestLogin('Log in to bid.'))) return;
    const amount = parseDollars(typed);
    if (!Number.isFinite(amount) || amount < auction.minimumBid) {
      setError(AUCTION_MESSAGES.bidTooLow(formatPrice(auction.minimumBid)));
      return;
    }
    setError(undefined);
    if (key.current?.text !== typed) key.current = { text: typed, key: crypto.randomUUID() };
    try {
      await place.mutateAsync({ maxBid: amount, idempotencyKey: key.current.key });
      setTyped('');
      key.current = null;
    } catch (caught) {
      if (isApiError(caught) && caught.status > 0 && caught.status < 500) {
        const field = caught.fields?.maxBid;
        if (field) setError(field);
        else setFailure(caught.message);
      } else setFailure('Your bid could not be sent right now. Please try again.');
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="Your maximum bid (USD)"
        error={error}
        help={`Enter ${formatPrice(auction.minimumBid)} or more. We bid for you, one increment at a time, up to your maximum.`}
      >
        {(control) => (
          <TextInput
            {...control}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
          />
        )}
      </FormField>
      <FormError>{failure}</FormError>
      <Button type="submit" size="lg" disabled={place.isPending} aria-busy={place.isPending}>
        {place.isPending ? 'Placing bid…' : 'Place bid'}
      </Button>
    </form>
  );
}

function BidHistory({ listingId, bidCount }: { listingId: string; bidCount: number }) {
  const history = useBidHistory(listingId, bidCount);
  if (!history.data) return null;
  if (history.data.results.length === 0) return <p className={styles.muted}>No bids yet.</p>;
  return (
    <table className={styles.history}>
      <caption className={styles.caption}>Bid history ({history.data.total})</caption>
      <thead>
        <tr>
          <th scope="col">Bidder</th>
          <th scope="col">Bid</th>
          <th scope="col">Time</th>
        </tr>
      </thead>
      <tbody>
        {history.data.results.map((row) => (
          <tr
            key={`${row.at}-${row.amount}-${row.bidder}-${row.automatic}`}
            data-mine={row.mine || undefined}
          >
            <td>
              {row.bidder}
              {row.mine ? ' (you)' : ''}
            </td>
            <td data-numeric="">
              {formatPrice(row.amount)}
              {row.automatic ? <span className={styles.muted}> automatic</span> : null}
            </td>
            <td>{new Date(row.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The bid increments, published on every auction page. */
function Increments() {
  return (
    <details className={styles.increments}>
      <summary>Bid increments</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Current price</th>
            <th scope="col">Next bid at least</th>
          </tr>
        </thead>
        <tbody>
          {BID_INCREMENTS.map((band, index) => {
            const next = BID_INCREMENTS[index + 1];
            const from = formatPrice(band.fromCents / 100);
            const range = next ? `${from} – ${formatPrice((next.fromCents - 1) / 100)}` : `${from} and up`;
            return (
              <tr key={band.fromCents}>
                <td>{range}</td>
                <td>+{formatPrice(band.incrementCents / 100)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}

/**
 * The winner checks out through the cart, at the final price, before the deadline; so does the next
 * bidder offered a second chance, at their offer.
 */
function WinnerCheckout({ auction, listing }: { auction: AuctionView; listing: ListingDetail }) {
  const buyNow = useBuyNow();
  const price = auction.secondChanceOffer ?? auction.currentPrice;
  return (
    <div className={styles.form}>
      {auction.secondChanceOffer !== null ? (
        <p>The winner did not check out: the seller offers you this item at your maximum bid.</p>
      ) : null}
      <p>
        Check out by{' '}
        <time dateTime={auction.checkoutBy ?? ''}>
          {new Date(auction.checkoutBy ?? '').toLocaleString('en-US', {
            dateStyle: 'medium',
            timeStyle: 'short',
          })}
        </time>{' '}
        to buy it at {formatPrice(price)}.
      </p>
      <Button size="lg" onClick={() => buyNow({ ...cartItemOf(listing), price })}>
        Check out
      </Button>
    </div>
  );
}

function Standing({
  auction,
  readAt,
  listing,
}: {
  auction: AuctionView;
  readAt: number;
  listing: ListingDetail;
}) {
  const sellerId = listing.seller.id;
  const title = listing.title;
  const hydrated = useHydrated();
  const user = useCurrentUser();
  const left = useTimeLeft(auction, readAt);
  const ended = auction.phase === 'ended' || (auction.phase === 'running' && left <= 0);
  const own = hydrated && user?.id === sellerId;
  return (
    <section className={styles.panel} aria-labelledby="auction-heading">
      <h2 id="auction-heading" className={styles.heading}>
        {ended ? 'Auction ended' : auction.phase === 'scheduled' ? 'Auction starts soon' : 'Auction'}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{ended ? 'Final price' : auction.bidCount > 0 ? 'Current bid' : 'Starting bid'}</dt>
          <dd className={styles.price} data-numeric="">
            {formatPrice(auction.currentPrice)}
          </dd>
        </div>
        <div>
          <dt>Bids</dt>
          <dd data-numeric="">{auction.bidCount}</dd>
        </div>
        <div>
          <dt>{ended ? 'Ended' : auction.phase === 'scheduled' ? 'Starts in' : 'Time left'}</dt>
          <dd>
            <time dateTime={auction.phase === 'scheduled' ? auction.startsAt : auction.endsAt}>
              {ended
                ? new Date(auction.endsAt).toLocaleString('en-US', {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })
                : timeLeftText(left)}
            </time>
          </dd>
        </div>
        {auction.hasReserve ? (
          <div>
            <dt>Reserve</dt>
            <dd>{auction.reserveMet ? 'Reserve met' : 'Reserve not met'}</dd>
          </div>
        ) : null}
      </dl>
      {ended && auction.outcome ? (
        <p className={styles.muted}>
          {auction.outcome === 'sold'
            ? auction.boughtNow
              ? 'Sold with buy now.'
              : 'Sold to the high bidder.'
            : auction.outcome === 'cancelled'
              ? 'Cancelled by staff.'
              : 'Ended without a sale.'}
        </p>
      ) : null}
      {hydrated && auction.checkoutBy ? <WinnerCheckout auction={auction} listing={listing} /> : null}
      <p className={styles.standing} role="status" aria-live="polite">
        {hydrated && auction.myStanding
          ? auction.boughtNow && auction.myStanding === 'won'
            ? 'You bought this item with buy now.'
            : STANDING_TEXT[auction.myStanding]
          : ''}
        {hydrated && auction.myMaxBid !== null ? ` Your maximum: ${formatPrice(auction.myMaxBid)}.` : ''}
      </p>
      {!ended && auction.phase === 'running' && !own ? <BidForm auction={auction} /> : null}
      {hydrated && !ended && auction.phase === 'running' && !own && auction.buyNowPrice !== null ? (
        <BuyNowOffer auction={auction} listing={listing} />
      ) : null}
      {!ended ? (
        <p className={styles.muted}>
          A bid in the last {auction.softCloseMinutes} minutes moves the end to {auction.softCloseMinutes}{' '}
          minutes after it.
        </p>
      ) : null}
      {hydrated && user?.isAdmin && !ended ? (
        <CancelAuction listingId={auction.listingId} title={title} />
      ) : null}
      <Increments />
      <BidHistory listingId={auction.listingId} bidCount={auction.bidCount} />
    </section>
  );
}

/**
 * An auction on its listing page: the price, bids, reserve state and time left by the server's
 * clock, the caller's standing, the bid form, the increments and the bid history. Nothing when the
 * listing is not an auction.
 */
export function AuctionPanel({ listing }: { listing: ListingDetail }) {
  const [live, setLive] = useState(false);
  const auction = useAuction(listing.id, { live });
  // Followed until settled: past its end, the ending job's outcome (the winner's checkout) is news.
  const unsettled = auction.data !== null && auction.data !== undefined && !auction.data.settled;
  const liveState = useLiveAuction(listing.id, unsettled);
  useEffect(() => setLive(liveState === 'live'), [liveState]);
  if (auction.data === null) return null;
  if (auction.data) {
    return <Standing auction={auction.data} readAt={auction.dataUpdatedAt} listing={listing} />;
  }
  if (auction.isError)
    return <p role="alert">The auction could not be loaded. Reload the page to try again.</p>;
  return (
    <p className={styles.muted} aria-busy="true">
      Loading the auction…
    </p>
  );
}
