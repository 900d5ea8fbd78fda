import { PageFrame } from '../page-frame.tsx';

/** A listing at its own address (`/{listingId}/{sanitized-title}`). */
export function ListingPage() {
  return <PageFrame heading="Listing" intro="Photos, price, shipping and seller details for this item." />;
}
