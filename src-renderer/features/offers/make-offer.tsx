import { useState } from 'react';
import { Link } from 'react-router';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import type { Offer } from '../../../shared/contract/offers.ts';
import { isListingOnSale, ListingType } from '../../../shared/domain/listing.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { LIVE_OFFER_STATES, OFFER_STATE_LABELS } from '../../../shared/domain/offers.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { onDemand } from '../../lib/on-demand.tsx';
import { requestLogin } from '../../lib/session/login-request.ts';
import { useCurrentUser, useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { useOffers } from './api/get-offers.ts';
import styles from './offers.module.css';

const offerDialog = onDemand(() => import('./offer-dialog.tsx').then((m) => m.OfferDialog));

export const preloadOfferDialog = offerDialog.preload;
const OfferDialog = offerDialog.Component;

/** Whether a listing takes offers now: the seller allows them and it can be bought through checkout. */
export function takesOffers(listing: ListingDetail): boolean {
  return listing.acceptsOffers && isListingOnSale(listing) && listing.listingType !== ListingType.Local;
}

/**
 * "Make an offer" on a listing page: a guest logs in first; the buyer names a price per item, a
 * quantity and a message. A buyer with a live offer on the listing sees it instead of the button.
 */
export function MakeOffer({ listing }: { listing: ListingDetail }) {
  // The session is the browser's: hydration renders what the server did (the button), then the truth.
  const hydrated = useHydrated();
  const session = useSession();
  const signedInUser = useCurrentUser();
  const user = hydrated ? signedInUser : null;
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<Offer | null>(null);
  const mine = useOffers(
    { role: 'buyer', listingId: listing.id, states: [...LIVE_OFFER_STATES], pageSize: 1 },
    { enabled: takesOffers(listing) },
  );
  if (!takesOffers(listing) || user?.id === listing.seller.id) return null;
  const live = hydrated ? (sent ?? mine.data?.results[0] ?? null) : null;
  // Every unit is held for accepted offers: a buyer whose offer holds them still sees it.
  if (!live && listing.available === 0) return null;

  const start = async () => {
    if (session.status === 'signedIn' || (await requestLogin('Log in to make an offer.'))) setOpen(true);
  };

  return (
    <div className={styles.makeOffer}>
      {live ? (
        <p className={styles.note} role="status">
          Your offer of {formatPrice(live.amount)} × {live.quantity} is {OFFER_STATE_LABELS[live.state]}.{' '}
          <Link to={paths.to('dashboard.buying.offers')}>See your offers</Link>
        </p>
      ) : (
        <Button
          size="lg"
          variant="secondary"
          onClick={() => void start()}
          onPointerEnter={() => void offerDialog.preload().catch(() => undefined)}
        >
          Make an offer
        </Button>
      )}
      <OfferDialog
        listing={listing}
        open={open}
        onOpenChange={setOpen}
        onSent={(offer) => {
          setSent(offer);
          setOpen(false);
        }}
      />
    </div>
  );
}
