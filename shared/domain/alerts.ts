import type { SavedSearchFrequency } from '../contract/saved-searches.ts';

/**
 * What a user alert is about. The alert job writes the first three; offers and messages add theirs
 * through the same store (`src-server/modules/alerts/user-alerts.ts`).
 */
export const UserAlertKind = {
  SavedSearch: 'savedSearch',
  PriceDrop: 'priceDrop',
  LocalListing: 'localListing',
  Offer: 'offer',
  Message: 'message',
  /** Staff froze one of the seller's listings for fraud; the alert carries the reason. */
  ListingFrozen: 'listingFrozen',
} as const;
export type UserAlertKind = (typeof UserAlertKind)[keyof typeof UserAlertKind];

/** The heading each kind of alert carries in the banner and the digest e-mail. */
export const USER_ALERT_TITLES: Readonly<Record<UserAlertKind, string>> = {
  savedSearch: 'Saved search',
  priceDrop: 'Price drop',
  localListing: 'Near you',
  offer: 'Offer',
  message: 'Message',
  listingFrozen: 'Listing frozen',
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The least time between two alerts of one saved search, by its frequency; null: never alerts.
 * `Immediately` alerts at every run that finds something new.
 */
export const SAVED_SEARCH_ALERT_GAP_MS: Readonly<Record<SavedSearchFrequency, number | null>> = {
  Immediately: 0,
  Daily: DAY_MS,
  Weekly: 7 * DAY_MS,
  Never: null,
};

/** Whether a saved search of this frequency, last alerted at `lastAlertedAt`, may alert at `now`. */
export function savedSearchDue(
  frequency: SavedSearchFrequency,
  lastAlertedAt: Date | null,
  now: Date,
): boolean {
  const gap = SAVED_SEARCH_ALERT_GAP_MS[frequency];
  if (gap === null) return false;
  return lastAlertedAt === null || now.getTime() - lastAlertedAt.getTime() >= gap;
}

/** The distances (miles) a buyer may choose for local-listing alerts. */
export const LOCAL_ALERT_DISTANCES = [10, 25, 50, 100, 250] as const;
export type LocalAlertDistance = (typeof LOCAL_ALERT_DISTANCES)[number];
export const DEFAULT_LOCAL_ALERT_DISTANCE: LocalAlertDistance = 50;

/** How long a user alert stays in the dashboard banner. */
export const USER_ALERT_LIFETIME_DAYS = 30;

/** The text of a price drop: "Glock 19 dropped from $550.00 to $499.00." */
export function priceDropText(title: string, from: string, to: string): string {
  return `${title} dropped from ${from} to ${to}.`;
}

/** "1 new listing" / "3 new listings". */
export function newListingsText(count: number): string {
  return `${count} new ${count === 1 ? 'listing' : 'listings'}`;
}
