import { hasFlag } from './flags.ts';
import { CONDITION_LABELS, ListingOption, ListingType, parseListingType, toCondition } from './listing.ts';
import { stockAvailability } from './metadata.ts';

/** Shipping badge by deliveryDays; nothing for no, zero, negative or more than 3 days. */
export function shippingMessage(deliveryDays: number | null | undefined): string | null {
  if (deliveryDays === null || deliveryDays === undefined || !Number.isFinite(deliveryDays)) return null;
  if (deliveryDays <= 0) return null;
  if (deliveryDays <= 1) return '24 Hour Shipping';
  if (deliveryDays <= 2) return '48 Hour Shipping';
  if (deliveryDays <= 3) return '72 Hour Shipping';
  return null;
}

export const CARD_TITLE_MAX = 40;
/** Three ASCII dots, appended after the cut, so the cut text keeps the full 40 characters. */
export const TITLE_ELLIPSIS = '...';

/** Cuts a card title to `max` characters (trailing spaces dropped) and appends '...'; shorter titles are unchanged. */
export function truncateTitle(title: string | null | undefined, max: number = CARD_TITLE_MAX): string {
  const chars = Array.from(title ?? '');
  if (chars.length <= max) return title ?? '';
  return `${chars.slice(0, max).join('').trimEnd()}${TITLE_ELLIPSIS}`;
}

type ListingTypeInput = ListingType | string | number | null | undefined;

const isLocal = (listingType: ListingTypeInput): boolean =>
  parseListingType(listingType ?? null) === ListingType.Local;

/** The 'Instant Checkout' badge: not a local listing and live checkout on. */
export function showsInstantCheckout(listing: {
  listingType?: ListingTypeInput;
  liveCheckoutEnabled?: boolean | null;
}): boolean {
  return !isLocal(listing.listingType) && listing.liveCheckoutEnabled === true;
}

/** The Featured badge: the Featured or Homepage option is set. */
export function isFeatured(listingOptions: number | null | undefined): boolean {
  return hasFlag(listingOptions, ListingOption.Featured) || hasFlag(listingOptions, ListingOption.Homepage);
}

/** The highlighted border: the Border option is set. */
export function hasBorder(listingOptions: number | null | undefined): boolean {
  return hasFlag(listingOptions, ListingOption.Border);
}

/** The bold title: the Bold option is set (other cards' titles are set in a lighter weight). */
export function hasBoldTitle(listingOptions: number | null | undefined): boolean {
  return hasFlag(listingOptions, ListingOption.Bold);
}

/** The tinted card: the Highlight option is set. */
export function isHighlighted(listingOptions: number | null | undefined): boolean {
  return hasFlag(listingOptions, ListingOption.Highlight);
}

/** Stock image for a UPC; null (the 'photo coming soon' placeholder) when there is no UPC. */
export function stockImageUrl(upc: string | number | null | undefined): string | null {
  const code = upc === null || upc === undefined ? '' : String(upc).trim();
  return code === '' ? null : `/api/stock-images/${encodeURIComponent(code)}`;
}

const isZeroId = (text: string): boolean => /^[0-]+$/.test(text) && text.includes('0');

/** True for a placeholder thumbnail: none, 'catalog', or an all-zero id (also as the file name in a path). */
export function isPlaceholderThumbnail(thumbnail: string | null | undefined): boolean {
  const value = (thumbnail ?? '').trim();
  if (value === '' || value.toLowerCase() === 'catalog') return true;
  const path = value.replace(/[?#].*$/, '');
  const stem = (path.split(/[/\\]/).pop() ?? '').replace(/\.[a-z0-9]+$/i, '');
  return isZeroId(value) || isZeroId(stem);
}

/** The card's image: the listing thumbnail, or the UPC stock image when the thumbnail is a placeholder. */
export function cardThumbnail(listing: {
  thumbnailPicture?: string | null;
  upc?: string | number | null;
}): string | null {
  return isPlaceholderThumbnail(listing.thumbnailPicture)
    ? stockImageUrl(listing.upc)
    : (listing.thumbnailPicture ?? '').trim();
}

export const UNREAD_BADGE_MAX = 99;

/** Unread messages badge text, capped at '99+'; null (no badge) for zero or less. */
export function formatUnreadBadge(count: number | null | undefined): string | null {
  if (count === null || count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(Math.floor(count));
}

export const FAVORITES_MAX = 10;

export function isFavoritesAtMax(count: number): boolean {
  return count >= FAVORITES_MAX;
}

export type FavoriteToggleState = 'remove' | 'add' | 'addDisabled';

/** Remove when already a favorite, add while under the limit, a disabled add at the limit. */
export function favoriteToggleState(isFavorite: boolean, favoritesCount: number): FavoriteToggleState {
  if (isFavorite) return 'remove';
  return isFavoritesAtMax(favoritesCount) ? 'addDisabled' : 'add';
}

export function showsSalesCount(totalCompletedSales: number | null | undefined): boolean {
  return (totalCompletedSales ?? 0) > 0;
}

export const PRODUCT_CARD_HEIGHT_PX = 514;

/** Human label of a listing's condition; unknown conditions read as 'Used'. */
export function conditionLabelFor(condition: unknown): string {
  return CONDITION_LABELS[toCondition(condition)];
}

/** In stock while the quantity is above 0; an out-of-stock card offers no Buy now. */
export function isInStock(quantity: number | null | undefined): boolean {
  return stockAvailability(quantity) === 'InStock';
}

export type BuyAction = 'buyNow' | 'seeMore' | 'bid';

/** Local listings show See more instead of Buy now; auctions, Place a bid (an auction is bought by bidding). */
export function buyAction(listingType: ListingTypeInput): BuyAction {
  if (isLocal(listingType)) return 'seeMore';
  return parseListingType(listingType ?? null) === ListingType.Auction ? 'bid' : 'buyNow';
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** en-US dollars ('$1,234.50'); an absent or non-numeric amount gives ''. */
export function formatPrice(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? USD.format(value) : '';
}

/** An auction as its card reads it (`ListingCard['auction']`). */
export interface CardAuctionFacts {
  /** ISO time it ends, or ended when closed early. */
  endsAt: string;
  bidCount: number;
  sold: boolean;
}

export interface AuctionBadge {
  text: string;
  /** Bidding is over: the card links to the listing rather than offering a bid. */
  ended: boolean;
}

/** "2d 4h", "3h 12m", "12m": a card's time left, in whole minutes rounded up. */
export function cardTimeLeft(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes % 60}m`;
  return `${minutes}m`;
}

const bidsLabel = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'bid' : 'bids'}`;
/** The day of a sale, in UTC so the server's page and the browser's agree. */
const SALE_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The auction badge of a listing card: "2d 4h left · 5 bids" while it runs, "Sold for $1,250.00 ·
 * Nov 28, 2026" once sold, "Ended" once over without a sale. `now` is the reader's clock (ms); null
 * while a server-rendered page hydrates, when the badge says only what needs no clock.
 */
export function auctionCardBadge(auction: CardAuctionFacts, price: number, now: number | null): AuctionBadge {
  if (auction.sold) {
    return {
      text: `Sold for ${formatPrice(price)} · ${SALE_DAY.format(new Date(auction.endsAt))}`,
      ended: true,
    };
  }
  if (now === null) return { text: bidsLabel(auction.bidCount), ended: false };
  const left = Date.parse(auction.endsAt) - now;
  if (left <= 0) return { text: 'Ended', ended: true };
  return { text: `${cardTimeLeft(left)} left · ${bidsLabel(auction.bidCount)}`, ended: false };
}
