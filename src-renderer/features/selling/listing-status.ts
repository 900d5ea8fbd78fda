import {
  type SellerListing,
  type SellerListingCounts,
  SellerListingSort,
  SellerListingStatus,
} from '../../../shared/contract/seller-listings.ts';
import { isListingFrozen } from '../../../shared/domain/listing.ts';

/** The tabs of My listings: the server's statuses, each listing in exactly one of them. */
export type MyListingsTab = Exclude<SellerListingStatus, typeof SellerListingStatus.All>;

export const MY_LISTINGS_TABS: readonly { tab: MyListingsTab; label: string }[] = [
  { tab: SellerListingStatus.Active, label: 'Active' },
  { tab: SellerListingStatus.OutOfStock, label: 'Out of stock' },
  { tab: SellerListingStatus.Sold, label: 'Sold' },
  { tab: SellerListingStatus.Closed, label: 'Closed' },
  { tab: SellerListingStatus.Frozen, label: 'Frozen' },
];

export function parseMyListingsTab(value: string | null): MyListingsTab {
  return MY_LISTINGS_TABS.find((entry) => entry.tab === value)?.tab ?? SellerListingStatus.Active;
}

/** How many listings a tab holds, from the counts the server answers with every page. */
export const tabCount = (counts: SellerListingCounts, tab: MyListingsTab): number => counts[tab];

/** Offered now: active, not sold, and not past its end date (the server's rule for the active tabs). */
function isOffered(listing: SellerListing, now: number): boolean {
  return (
    listing.isActive &&
    !listing.isSold &&
    (listing.listingEndDate === null || Date.parse(listing.listingEndDate) > now)
  );
}

/** How one listing reads in the table, in the order the server puts it in a tab. */
export function listingStateLabel(listing: SellerListing, now = Date.now()): string {
  if (isListingFrozen(listing.listingOptions)) return 'Frozen';
  if (listing.isSold) return 'Sold';
  if (!isOffered(listing, now)) return 'Closed';
  return listing.quantity > 0 ? 'Active' : 'Out of stock';
}

/** Frozen listings are the staff's to change; sold ones have ended for good. */
export function canClose(listing: SellerListing, now = Date.now()): boolean {
  return !isListingFrozen(listing.listingOptions) && isOffered(listing, now);
}

export function canRelist(listing: SellerListing, now = Date.now()): boolean {
  return !isListingFrozen(listing.listingOptions) && !listing.isSold && !isOffered(listing, now);
}

export const MY_LISTINGS_SORTS: readonly { sort: SellerListingSort; label: string }[] = [
  { sort: SellerListingSort.Newest, label: 'Newest first' },
  { sort: SellerListingSort.Oldest, label: 'Oldest first' },
  { sort: SellerListingSort.PriceHighToLow, label: 'Price: high to low' },
  { sort: SellerListingSort.PriceLowToHigh, label: 'Price: low to high' },
  { sort: SellerListingSort.Title, label: 'Title A–Z' },
];

export function parseMyListingsSort(value: string | null): SellerListingSort {
  return MY_LISTINGS_SORTS.find((entry) => entry.sort === value)?.sort ?? SellerListingSort.Newest;
}
