import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { ContactSeller } from '../../features/messages/index.ts';

/** The listing page's Contact seller control (the messages feature) for one listing. */
export function ContactSellerFor({ listing }: { listing: Pick<ListingDetail, 'id' | 'title' | 'seller'> }) {
  return <ContactSeller listingId={listing.id} listingTitle={listing.title} sellerId={listing.seller.id} />;
}
