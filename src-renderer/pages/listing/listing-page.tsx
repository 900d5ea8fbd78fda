import { ListingType } from '../../../shared/domain/listing.ts';
import { AuctionPanel, useAuction } from '../../features/auctions/index.ts';
import { ListingSkeleton, ListingView, listingHead, useListing } from '../../features/listings/index.ts';
import { ReportListing } from '../../features/moderation/index.ts';
import { MakeOffer } from '../../features/offers/index.ts';
import { useAppRouteParams } from '../../lib/app-route.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import { Button } from '../../ui/button.tsx';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import styles from '../page-frame.module.css';
import { ContactSellerFor } from './contact-seller-for.tsx';

function ListingHead({ listing }: { listing: Parameters<typeof listingHead>[0] }) {
  useDocumentHead(listingHead(listing));
  return null;
}

/** A listing at its own address (`/{listingId}/{sanitized-title}` or `/{listingId}`). */
export function ListingPage() {
  const id = useAppRouteParams('listingById')?.productId;
  const listing = useListing(id);
  // A listing of type Auction is sold by bidding when it has an auction (an older one sells at its price).
  const isAuctionType = listing.data?.listingType === ListingType.Auction;
  const auction = useAuction(listing.data?.id ?? '', { enabled: isAuctionType });
  const bidding = isAuctionType && auction.data !== null;
  if (listing.data === null) return <NotFoundPage />;
  if (listing.data) {
    return (
      <>
        <ListingHead listing={listing.data} />
        <ListingView
          listing={listing.data}
          contactSeller={<ContactSellerFor listing={listing.data} />}
          offer={<MakeOffer listing={listing.data} />}
          auction={bidding ? <AuctionPanel listing={listing.data} /> : undefined}
          report={
            <ReportListing
              listingId={listing.data.id}
              listingTitle={listing.data.title}
              sellerId={listing.data.seller.id}
            />
          }
        />
      </>
    );
  }
  if (listing.isError) return <ListingError onRetry={() => void listing.refetch()} />;
  return <ListingSkeleton />;
}

export function ListingError({ onRetry }: { onRetry: () => void }) {
  useDocumentHead({ title: 'Listing' });
  return (
    <div className={styles.page} role="alert">
      <h1 className={styles.heading}>We couldn’t load this listing.</h1>
      <p className={styles.intro}>Check your connection and try again.</p>
      <div className={styles.body}>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  );
}
