/** Listing upsell and state options, as bit flags. */
export const ListingOption = {
  None: 0,
  Bold: 1,
  Featured: 2,
  Highlight: 32,
  Linked: 64,
  Border: 128,
  Homepage: 256,
  WillAcceptTrade: 512,
  ManualEntry: 1024,
  BulkUploadItem: 2048,
  FrozenDueToNonPayment: 4096,
  FrozenDueToFraud: 8192,
  ExtraPhotosPaid: 16384,
  LocalListingFee: 32768,
  Custom: 65536,
  CustomVerified: 131072,
} as const;
export type ListingOption = (typeof ListingOption)[keyof typeof ListingOption];

export const ListingType = { National: 0, Auction: 1, Local: 2 } as const;
export type ListingType = (typeof ListingType)[keyof typeof ListingType];

const LISTING_TYPE_BY_NAME: Readonly<Record<string, ListingType>> = {
  national: ListingType.National,
  auction: ListingType.Auction,
  local: ListingType.Local,
};

/** Reads a listing type from a query value: a name ('local', case-insensitive) or its number; otherwise null. */
export function parseListingType(text: string | number | null | undefined): ListingType | null {
  if (text === null || text === undefined) return null;
  const value = String(text).trim().toLowerCase();
  if (/^\d+$/.test(value)) {
    const n = Number(value);
    return n === ListingType.National || n === ListingType.Auction || n === ListingType.Local ? n : null;
  }
  return LISTING_TYPE_BY_NAME[value] ?? null;
}

/** Lower-case name of a listing type, as used in search URLs (listingType=local). */
export function listingTypeName(type: ListingType): 'national' | 'auction' | 'local' {
  if (type === ListingType.Local) return 'local';
  if (type === ListingType.Auction) return 'auction';
  return 'national';
}

export const Condition = { NewInBox: 'NewInBox', Used: 'Used', NeverFired: 'NeverFired' } as const;
export type Condition = (typeof Condition)[keyof typeof Condition];

export const CONDITION_LABELS: Readonly<Record<Condition, string>> = {
  NewInBox: 'New in box',
  Used: 'Used',
  NeverFired: 'Never fired',
};

const normalizeConditionText = (text: string): string => text.toLowerCase().replace(/[\s_-]+/g, '');

/** Reads a condition from an identifier or human label; the spec counts any other or unknown label as used. */
export function toCondition(label: unknown): Condition {
  if (typeof label !== 'string') return Condition.Used;
  const key = normalizeConditionText(label);
  if (key === 'newinbox') return Condition.NewInBox;
  if (key === 'neverfired') return Condition.NeverFired;
  return Condition.Used;
}

export const ReturnPolicy = {
  None: 0,
  SevenDay: 1,
  FourteenDay: 2,
  ThirtyDay: 3,
  OneDay: 4,
  ThreeDay: 5,
  FiveDays: 6,
  TenDay: 7,
  FifteenDay: 8,
  OnlyIfDefective: 9,
  SeeDescription: 10,
} as const;
export type ReturnPolicy = (typeof ReturnPolicy)[keyof typeof ReturnPolicy];

export const FeeType = { Percentage: 0, FlatAmount: 1 } as const;
export type FeeType = (typeof FeeType)[keyof typeof FeeType];

// ---------------------------------------------------------------------------------------------
// Listing form rules
// ---------------------------------------------------------------------------------------------

export const UPC_MESSAGES = {
  digits: 'A UPC has 8 to 14 digits.',
  checkDigit: 'This UPC’s last digit does not match the others. Check it for a typo.',
} as const;

/**
 * Whether a 12-digit UPC-A ends in the check digit its first eleven digits give (odd positions
 * count three times). Only 12-digit codes are UPC-A; other lengths answer true here.
 */
export function hasValidUpcCheckDigit(upc: string): boolean {
  if (!/^\d{12}$/.test(upc)) return true;
  let sum = 0;
  for (let index = 0; index < 11; index += 1) sum += Number(upc[index]) * (index % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(upc[11]);
}

/** The paid listing options (their fees: LISTING_OPTION_FEES of domain/membership.ts). */
export const PAID_LISTING_OPTIONS =
  ListingOption.Bold |
  ListingOption.Featured |
  ListingOption.Highlight |
  ListingOption.Border |
  ListingOption.Homepage |
  ListingOption.ExtraPhotosPaid |
  ListingOption.LocalListingFee;

/** Listing option flags only staff set (the freeze of a listing); a seller's form never changes them. */
export const STAFF_LISTING_OPTIONS = ListingOption.FrozenDueToNonPayment | ListingOption.FrozenDueToFraud;

/**
 * Listing option flags a seller chooses on the listing form. Every other flag is a paid upsell
 * (Bold, Featured, Homepage…), a fee or an account of how the listing came in, or staff's (the
 * freeze, CustomVerified): only an Admin or the server sets those.
 */
export const SELLER_LISTING_OPTIONS = ListingOption.WillAcceptTrade;

/**
 * The listing options a seller's save stores: the seller-settable flags as the form sends them,
 * every other flag as the listing already has it (none on a new listing).
 */
export function sellerListingOptions(input: number, existing: number): number {
  return (input & SELLER_LISTING_OPTIONS) | (existing & ~SELLER_LISTING_OPTIONS);
}

/** A listing frozen for fraud or non-payment: its seller cannot relist it. */
export function isListingFrozen(listingOptions: number): boolean {
  return (listingOptions & STAFF_LISTING_OPTIONS) !== 0;
}

export interface ListingTitleFields {
  manufacturer?: string | null | undefined;
  model?: string | null | undefined;
  caliber?: string | null | undefined;
  condition?: Condition | null | undefined;
}

/** Longest listing title (the listing form and POST /listings/add). */
export const LISTING_TITLE_MAX_LENGTH = 100;
/** Photos a listing may carry in all. */
export const MAX_LISTING_IMAGES = 20;
export const MAX_LISTING_DESCRIPTION = 20_000;
/** Most units one listing offers. */
export const LISTING_QUANTITY_MAX = 10_000;
/** Longest handling time a listing promises, in days. */
export const LISTING_DELIVERY_DAYS_MAX = 30;
/** Handling time of a listing that names none, in days. */
export const LISTING_DELIVERY_DAYS_DEFAULT = 3;
/** Longest free-text make, model or caliber. */
export const LISTING_DETAIL_MAX = 100;
/** Longest SKU or seller stock number. */
export const LISTING_STOCK_NUMBER_MAX = 64;
/** Largest dollar amount a price or ledger entry may state. */
export const MONEY_MAX = 10_000_000;

const titlePart = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * The title the listing form proposes from its fields: manufacturer, model and caliber (left out
 * when the model already names it), then the condition: 'Glock 19 Gen5 9mm Luger - New in box'.
 * Cut at a word to the title's maximum; empty when no field is filled.
 */
export function listingTitleFromFields(
  fields: ListingTitleFields,
  maxLength: number = LISTING_TITLE_MAX_LENGTH,
): string {
  const manufacturer = titlePart(fields.manufacturer);
  let model = titlePart(fields.model);
  // 'Glock' + 'Glock 19' reads 'Glock 19', not 'Glock Glock 19'.
  if (manufacturer && model.toLowerCase().startsWith(`${manufacturer.toLowerCase()} `)) {
    model = model.slice(manufacturer.length + 1);
  }
  const caliber = titlePart(fields.caliber);
  const named = [manufacturer, model].filter(Boolean).join(' ');
  const withCaliber =
    caliber && !named.toLowerCase().includes(caliber.toLowerCase()) ? [named, caliber] : [named];
  const base = withCaliber.filter(Boolean).join(' ');
  if (!base) return '';
  const title = fields.condition ? `${base} - ${CONDITION_LABELS[fields.condition]}` : base;
  if (title.length <= maxLength) return title;
  const cut = title.slice(0, maxLength + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : title.slice(0, maxLength)).replace(/[\s-]+$/, '');
}

// ---------------------------------------------------------------------------------------------
// On sale: whether a listing can be bought now
// ---------------------------------------------------------------------------------------------

/**
 * Where a listing stands for a shopper. Only `onSale` can be bought (cart, checkout, offers); the
 * others say why not. `soldOut` listings are still listed (search shows them as out of stock);
 * every other state is off the catalogue. There is no "not started yet": a listing's start date is
 * the moment it was listed or relisted, never a date ahead.
 */
export const ListingSaleState = {
  OnSale: 'onSale',
  Frozen: 'frozen',
  Sold: 'sold',
  Closed: 'closed',
  Ended: 'ended',
  SoldOut: 'soldOut',
} as const;
export type ListingSaleState = (typeof ListingSaleState)[keyof typeof ListingSaleState];

/** The listing fields the sale rule reads. */
export interface ListingSaleFields {
  isActive: boolean;
  isSold: boolean;
  listingOptions: number;
  /** Units a shopper may buy now. */
  quantity: number;
  listingEndDate: Date | string | null;
}

const timeOf = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * The one rule of "on sale": not frozen by staff, not sold, active, not past its end date and with
 * units left. The first reason that applies is the one answered. The server's SQL form of
 * the same rule is `OFFERED` (listed) plus `quantity > 0` in `modules/listings/cards.ts`.
 */
export function listingSaleState(listing: ListingSaleFields, now: Date = new Date()): ListingSaleState {
  if (isListingFrozen(listing.listingOptions)) return ListingSaleState.Frozen;
  if (listing.isSold) return ListingSaleState.Sold;
  if (!listing.isActive) return ListingSaleState.Closed;
  if (listing.listingEndDate !== null && timeOf(listing.listingEndDate) <= now.getTime())
    return ListingSaleState.Ended;
  if (listing.quantity <= 0) return ListingSaleState.SoldOut;
  return ListingSaleState.OnSale;
}

export const isListingOnSale = (listing: ListingSaleFields, now: Date = new Date()): boolean =>
  listingSaleState(listing, now) === ListingSaleState.OnSale;

/** Listed in the catalogue (search, favorites' availability): on sale, or on sale but for its stock. */
export function isListingListed(state: ListingSaleState): boolean {
  return state === ListingSaleState.OnSale || state === ListingSaleState.SoldOut;
}

/** What a shopper is told when a listing cannot be bought, by its state. */
export const LISTING_SALE_MESSAGES: Readonly<Record<Exclude<ListingSaleState, 'onSale'>, string>> = {
  frozen: 'This listing is not available.',
  sold: 'This listing has sold.',
  closed: 'This listing has ended.',
  ended: 'This listing has ended.',
  soldOut: 'This item is out of stock.',
};
