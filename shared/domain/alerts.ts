/**
 * How often a saved search alerts about new matches: at the first alert run after they appear, at
 * most once a day or once a week, or never (the search is only kept). The spec names the field,
 * not its values.
 */
export const SavedSearchFrequency = {
  Immediately: 'Immediately',
  Daily: 'Daily',
  Weekly: 'Weekly',
  Never: 'Never',
} as const;
export type SavedSearchFrequency = (typeof SavedSearchFrequency)[keyof typeof SavedSearchFrequency];

/**
 * What a user alert is about. The alert job writes the first three; offers and messages add theirs
 * through the same store (`src-server/core/user-alerts.ts`).
 */
export const UserAlertKind = {
  SavedSearch: 'savedSearch',
  PriceDrop: 'priceDrop',
  LocalListing: 'localListing',
  Offer: 'offer',
  /** An auction the user bid on or sells has ended: won, lost, sold or ended without a sale. */
  Auction: 'auction',
  Message: 'message',
  /** Staff froze one of the seller's listings for fraud; the alert carries the reason. */
  ListingFrozen: 'listingFrozen',
  /** Something the user still has to do; it goes once it is done (`UserReminder`). */
  Reminder: 'reminder',
  /** Staff warned the user about a message they sent that was reported. */
  StaffWarning: 'staffWarning',
} as const;
export type UserAlertKind = (typeof UserAlertKind)[keyof typeof UserAlertKind];

/** The heading each kind of alert carries in the banner and the digest e-mail. */
export const USER_ALERT_TITLES: Readonly<Record<UserAlertKind, string>> = {
  savedSearch: 'Saved search',
  priceDrop: 'Price drop',
  localListing: 'Near you',
  offer: 'Offer',
  auction: 'Auction',
  message: 'Message',
  listingFrozen: 'Listing frozen',
  reminder: 'Reminder',
  staffWarning: 'Warning from Ironsight staff',
};

/** What a reminder asks the user to do; each is shown until the server finds it done. */
export const UserReminder = {
  /** Choose the licensed dealer who receives a firearm: done once an order names one. */
  ChooseDealer: 'chooseDealer',
} as const;
export type UserReminder = (typeof UserReminder)[keyof typeof UserReminder];

/**
 * The subject of a user alert: the alerts of one subject are shown as one entry (the latest, with
 * how many there were), and one whose subject is settled (a deleted saved search, a reminder done)
 * is not shown.
 */
export const alertSubject = {
  offer: (offerId: string) => `offer:${offerId}`,
  auction: (listingId: string) => `auction:${listingId}`,
  savedSearch: (savedSearchId: string) => `savedSearch:${savedSearchId}`,
  reminder: (reminder: UserReminder) => `reminder:${reminder}`,
} as const;

/** The place of a named time in an alert's text: `{deadline}`; the reader's screen writes the time. */
export const alertTimeToken = (name: string): string => `{${name}}`;

export type AlertMessagePart = { text: string } | { time: string };

/**
 * An alert's text cut into plain text and the times it names (`times`: name to ISO date-time), for
 * a screen to write each time in its reader's zone. A `{name}` with no time of that name stays text.
 */
export function alertMessageParts(
  message: string,
  times: Readonly<Record<string, string>>,
): AlertMessagePart[] {
  const parts: AlertMessagePart[] = [];
  let text = '';
  let rest = message;
  for (let match = /\{(\w+)\}/.exec(rest); match; match = /\{(\w+)\}/.exec(rest)) {
    const time = times[match[1] ?? ''];
    text += rest.slice(0, match.index);
    if (time === undefined) {
      text += match[0];
    } else {
      if (text) parts.push({ text });
      text = '';
      parts.push({ time });
    }
    rest = rest.slice(match.index + match[0].length);
  }
  text += rest;
  if (text) parts.push({ text });
  return parts;
}

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
