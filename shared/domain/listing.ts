/** Listing upsell and state options, as bit flags (spec §3). */
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
