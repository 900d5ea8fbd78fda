import {
  LISTING_DURATION_DEFAULT_DAYS,
  LISTING_DURATION_MAX_DAYS,
  type ListingInput,
} from '../../../shared/contract/listing-input.ts';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { AUCTION_DURATION_DAYS } from '../../../shared/domain/auctions.ts';
import { type CategoryFamilyInfo, FamilyDisplayName, familyById } from '../../../shared/domain/category.ts';
import {
  Condition,
  ListingOption,
  ListingType,
  PAID_LISTING_OPTIONS,
  ReturnPolicy,
} from '../../../shared/domain/listing.ts';
import {
  feeCents,
  LISTING_OPTION_FEES,
  listingOptionCharges,
  MEMBERSHIP_PLANS,
  type PlanRole,
  toCents,
} from '../../../shared/domain/membership.ts';
import { Role } from '../../../shared/domain/user.ts';

export const LISTING_PHOTO_LIMIT = 20;
export const LISTING_PHOTO_MAX_MB = 15;

/** Which of the optional item fields a family asks for, and how the caliber field is named. */
export interface FamilyFields {
  family: CategoryFamilyInfo | undefined;
  showsCaliber: boolean;
  caliberLabel: string;
}

export function familyFields(familyId: number | undefined): FamilyFields {
  const family = familyById(familyId);
  if (!family) return { family, showsCaliber: true, caliberLabel: 'Caliber or gauge' };
  const isGun = family.group === 'Firearm';
  const showsCaliber = isGun || family.key === 'Ammunition' || family.key === 'Magazines';
  const caliberLabel =
    family.displayName === FamilyDisplayName.Shotguns
      ? 'Gauge'
      : family.key === 'NFA' ||
          family.key === 'CollectibleFirearms' ||
          family.key === 'BlackPowderMuzzleloaders'
        ? 'Caliber or gauge'
        : 'Caliber';
  return { family, showsCaliber, caliberLabel };
}

export const RETURN_POLICY_LABELS: Readonly<Record<ReturnPolicy, string>> = {
  [ReturnPolicy.None]: 'No returns',
  [ReturnPolicy.OneDay]: '1 day',
  [ReturnPolicy.ThreeDay]: '3 days',
  [ReturnPolicy.FiveDays]: '5 days',
  [ReturnPolicy.SevenDay]: '7 days',
  [ReturnPolicy.TenDay]: '10 days',
  [ReturnPolicy.FourteenDay]: '14 days',
  [ReturnPolicy.FifteenDay]: '15 days',
  [ReturnPolicy.ThirtyDay]: '30 days',
  [ReturnPolicy.OnlyIfDefective]: 'Only if defective',
  [ReturnPolicy.SeeDescription]: 'See description',
};

/** In the order a seller reads them: none, then by length, then the two special cases. */
export const RETURN_POLICY_ORDER: readonly ReturnPolicy[] = [
  ReturnPolicy.None,
  ReturnPolicy.OneDay,
  ReturnPolicy.ThreeDay,
  ReturnPolicy.FiveDays,
  ReturnPolicy.SevenDay,
  ReturnPolicy.TenDay,
  ReturnPolicy.FourteenDay,
  ReturnPolicy.FifteenDay,
  ReturnPolicy.ThirtyDay,
  ReturnPolicy.OnlyIfDefective,
  ReturnPolicy.SeeDescription,
];

export const LISTING_TYPE_LABELS: Readonly<Record<ListingType, string>> = {
  [ListingType.National]: 'National (ships to buyers)',
  [ListingType.Local]: 'Local (buyer picks up)',
  [ListingType.Auction]: 'Auction',
};

/** The listing types a seller may choose on the form. */
export const LISTING_TYPES_OFFERED: readonly ListingType[] = [
  ListingType.National,
  ListingType.Local,
  ListingType.Auction,
];

/** Empty text is a field left out, not an empty value. */
export const optionalText = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
export const toNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** A family's own name in the category list ("Semi Auto Pistols"), from its identifier. */
export function familyOptionLabel(key: string): string {
  if (key === 'NFA') return 'NFA Class 3';
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');
}

export const DURATION_CHOICES: readonly number[] = [7, 14, 30, 60, 90];

/** A blank form: only the contract's defaults are filled in. */
export function emptyListingValues(): Partial<ListingInput> {
  return {
    title: '',
    description: '',
    familyId: undefined,
    manufacturer: undefined,
    model: undefined,
    caliber: undefined,
    condition: Condition.NewInBox,
    quantity: 1,
    price: undefined,
    upc: undefined,
    sku: undefined,
    sellerStockNumber: undefined,
    listingType: ListingType.National,
    listingOptions: ListingOption.None,
    paidOptions: ListingOption.None,
    returnPolicy: ReturnPolicy.None,
    acceptsOffers: false,
    shippingCost: 0,
    deliveryDays: 3,
    excludedShipToStates: [],
    zipCode: undefined,
    durationDays: LISTING_DURATION_DEFAULT_DAYS,
  };
}

const orUndefined = (value: string | null): string | undefined => value ?? undefined;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The duration a listing was given (start to end), so an edit does not change it unasked. */
export function listingDurationDays(
  listing: Pick<ListingDetail, 'listingStartDate' | 'listingEndDate'>,
): number {
  if (!listing.listingEndDate) return LISTING_DURATION_DEFAULT_DAYS;
  const days = Math.round(
    (Date.parse(listing.listingEndDate) - Date.parse(listing.listingStartDate)) / DAY_MS,
  );
  return Number.isFinite(days) && days >= 1 && days <= LISTING_DURATION_MAX_DAYS
    ? days
    : LISTING_DURATION_DEFAULT_DAYS;
}

/** The duration choices, with a listing's own duration among them when it is not a usual one. */
export function durationChoices(current: number | undefined, auction = false): number[] {
  const choices: readonly number[] = auction ? AUCTION_DURATION_DAYS : DURATION_CHOICES;
  return current === undefined || choices.includes(current)
    ? [...choices]
    : [...choices, current].sort((a, b) => a - b);
}

/** An auction's default length when a seller switches the form to Auction. */
export const AUCTION_DEFAULT_DAYS = 7;

/** A `datetime-local` value (the seller's local time) as an ISO instant; empty is left out. */
export const toInstant = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? new Date(value).toISOString() : undefined;

/** The form for editing a listing the seller already has. */
export function listingValuesFromDetail(listing: ListingDetail): Partial<ListingInput> {
  return {
    ...emptyListingValues(),
    id: listing.id,
    title: listing.title,
    description: listing.description,
    familyId: listing.familyId,
    manufacturer: orUndefined(listing.manufacturer),
    model: orUndefined(listing.model),
    caliber: orUndefined(listing.caliber),
    condition: listing.condition,
    quantity: Math.max(1, listing.quantity),
    price: listing.price,
    upc: orUndefined(listing.upc),
    sku: orUndefined(listing.sku),
    sellerStockNumber: orUndefined(listing.sellerStockNumber),
    listingType: listing.listingType,
    listingOptions: listing.listingOptions,
    // The paid options the listing has show as chosen; the server charges only those it lacks.
    paidOptions: listing.listingOptions & PAID_LISTING_OPTIONS,
    returnPolicy: listing.returnPolicy,
    acceptsOffers: listing.acceptsOffers,
    shippingCost: listing.shippingCost,
    deliveryDays: listing.deliveryDays,
    acceptedPaymentMethods: listing.acceptedPaymentMethods,
    excludedShipToStates: listing.excludedShipToStates as ListingInput['excludedShipToStates'],
    zipCode: listing.location.zipCode || undefined,
    durationDays: listingDurationDays(listing),
  };
}

/**
 * The paid options a seller buys on the listing form, with what each does on the site. Extra photos
 * and the local listing fee are left out: the server neither charges them by itself nor gives a
 * listing anything for them. Bold and Highlight are left out until cards show them.
 */
export const PROMOTION_CHOICES = [
  {
    option: ListingOption.Bold,
    description: 'Sets the listing’s title in bold on its card in search results and lists.',
  },
  {
    option: ListingOption.Highlight,
    description: 'Gives the listing’s card a warm tint that stands out in search results and lists.',
  },
  {
    option: ListingOption.Featured,
    description: 'Puts a Featured badge on the listing and adds it to the featured listings.',
  },
  {
    option: ListingOption.Homepage,
    description: 'Featured badge, and first place in the home page’s featured listings (national listings).',
  },
  {
    option: ListingOption.Border,
    description: 'Draws a brass border around the listing’s card in search results and lists.',
  },
] as const satisfies readonly { option: number; description: string }[];

export interface PromotionChoice {
  option: number;
  label: string;
  description: string;
  /** What choosing it adds to the seller’s invoice, in cents (0 when the plan includes it). */
  cents: number;
  includedInPlan: boolean;
}

/**
 * The promotion choices priced for a plan and the listing’s price in dollars (percentage fees are
 * taken of it); with no plan (staff acting for a seller) every option at its full fee.
 */
export function promotionChoices(plan: PlanRole | null, price: number | undefined): PromotionChoice[] {
  const included = plan ? MEMBERSHIP_PLANS[plan].includedOptions : 0;
  const priceCents = Number.isFinite(price) ? toCents(price ?? 0) : 0;
  return PROMOTION_CHOICES.flatMap((choice) => {
    const entry = LISTING_OPTION_FEES.find((fee) => fee.option === choice.option);
    if (!entry) return [];
    const includedInPlan = (included & choice.option) !== 0;
    return [
      {
        option: choice.option,
        label: entry.label,
        description: choice.description,
        cents: includedInPlan ? 0 : feeCents(entry.fee, priceCents),
        includedInPlan,
      },
    ];
  });
}

/** What a save charges for the chosen options the listing does not have yet, in cents. */
export function promotionTotalCents(
  chosen: number,
  owned: number,
  plan: PlanRole | null,
  price: number | undefined,
): number {
  const priceCents = Number.isFinite(price) ? toCents(price ?? 0) : 0;
  const offered = PROMOTION_CHOICES.reduce((mask, choice) => mask | choice.option, 0);
  return listingOptionCharges(chosen & offered & ~owned, priceCents, plan ?? Role.BasicSeller).reduce(
    (sum, charge) => sum + charge.cents,
    0,
  );
}
