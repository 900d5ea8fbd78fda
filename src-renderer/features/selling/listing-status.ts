import { type SellerListing, SellerListingStatus } from '../../../shared/contract/listings.ts';
import { hasFlag } from '../../../shared/domain/flags.ts';
import { ListingOption } from '../../../shared/domain/listing.ts';

/**
 * The tabs of My listings. Active, sold and closed are the server's own statuses; frozen and out of
 * stock are read from the listings themselves (frozen flags, no units left), since
 * POST /listings/getall has no status for them.
 */
export const MyListingsTab = {
  Active: 'active',
  OutOfStock: 'out-of-stock',
  Sold: 'sold',
  Closed: 'closed',
  Frozen: 'frozen',
} as const;
export type MyListingsTab = (typeof MyListingsTab)[keyof typeof MyListingsTab];

export const MY_LISTINGS_TABS: readonly { tab: MyListingsTab; label: string }[] = [
  { tab: MyListingsTab.Active, label: 'Active' },
  { tab: MyListingsTab.OutOfStock, label: 'Out of stock' },
  { tab: MyListingsTab.Sold, label: 'Sold' },
  { tab: MyListingsTab.Closed, label: 'Closed' },
  { tab: MyListingsTab.Frozen, label: 'Frozen' },
];

export function parseMyListingsTab(value: string | null): MyListingsTab {
  return MY_LISTINGS_TABS.find((entry) => entry.tab === value)?.tab ?? MyListingsTab.Active;
}

/** Where a tab's listings come from: a server status, and for derived tabs a filter over it. */
export function tabSource(tab: MyListingsTab): {
  status: SellerListingStatus;
  keep?: (listing: SellerListing) => boolean;
} {
  switch (tab) {
    case MyListingsTab.OutOfStock:
      return { status: SellerListingStatus.Active, keep: (listing) => listing.quantity === 0 };
    case MyListingsTab.Frozen:
      return { status: SellerListingStatus.All, keep: isFrozen };
    case MyListingsTab.Sold:
      return { status: SellerListingStatus.Sold };
    case MyListingsTab.Closed:
      return { status: SellerListingStatus.Closed };
    default:
      return { status: SellerListingStatus.Active };
  }
}

/** Frozen for non-payment or fraud (spec §3): the seller cannot relist it. */
export function isFrozen(listing: Pick<SellerListing, 'listingOptions'>): boolean {
  return (
    hasFlag(listing.listingOptions, ListingOption.FrozenDueToNonPayment) ||
    hasFlag(listing.listingOptions, ListingOption.FrozenDueToFraud)
  );
}

/** How one listing reads in the table. */
export function listingStateLabel(listing: SellerListing): string {
  if (isFrozen(listing)) return 'Frozen';
  if (listing.isSold) return 'Sold';
  if (listing.isActive) return listing.quantity === 0 ? 'Out of stock' : 'Active';
  return 'Closed';
}

export function canClose(listing: SellerListing): boolean {
  return listing.isActive && !isFrozen(listing);
}

export function canRelist(listing: SellerListing): boolean {
  return !listing.isActive && !isFrozen(listing);
}

export const MyListingsSort = {
  Newest: 'newest',
  Oldest: 'oldest',
  PriceHigh: 'price-high',
  PriceLow: 'price-low',
  Title: 'title',
  EndingSoon: 'ending',
} as const;
export type MyListingsSort = (typeof MyListingsSort)[keyof typeof MyListingsSort];

export const MY_LISTINGS_SORTS: readonly { sort: MyListingsSort; label: string }[] = [
  { sort: MyListingsSort.Newest, label: 'Newest first' },
  { sort: MyListingsSort.Oldest, label: 'Oldest first' },
  { sort: MyListingsSort.EndingSoon, label: 'Ending soonest' },
  { sort: MyListingsSort.PriceHigh, label: 'Price: high to low' },
  { sort: MyListingsSort.PriceLow, label: 'Price: low to high' },
  { sort: MyListingsSort.Title, label: 'Title A–Z' },
];

export function parseMyListingsSort(value: string | null): MyListingsSort {
  return MY_LISTINGS_SORTS.find((entry) => entry.sort === value)?.sort ?? MyListingsSort.Newest;
}

const time = (value: string | null) => (value ? Date.parse(value) : Number.POSITIVE_INFINITY);

/** Orders listings for the table (the server answers them in its own order). */
export function sortListings(listings: readonly SellerListing[], sort: MyListingsSort): SellerListing[] {
  const sorted = [...listings];
  switch (sort) {
    case MyListingsSort.Oldest:
      return sorted.sort((a, b) => time(a.listingStartDate) - time(b.listingStartDate));
    case MyListingsSort.EndingSoon:
      return sorted.sort((a, b) => time(a.listingEndDate) - time(b.listingEndDate));
    case MyListingsSort.PriceHigh:
      return sorted.sort((a, b) => b.price - a.price);
    case MyListingsSort.PriceLow:
      return sorted.sort((a, b) => a.price - b.price);
    case MyListingsSort.Title:
      return sorted.sort((a, b) => a.title.localeCompare(b.title, 'en-US'));
    default:
      return sorted.sort((a, b) => time(b.listingStartDate) - time(a.listingStartDate));
  }
}
