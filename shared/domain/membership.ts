/**
 * Membership plans, the fee schedule and the rules of money that the server charges by and the
 * screens show. Every amount is in integer cents; `formatCents` turns one into dollars.
 */
import { FeeType, ListingOption } from './listing.ts';
import { Role } from './user.ts';

export type PlanRole =
  | typeof Role.Buyer
  | typeof Role.BasicSeller
  | typeof Role.TrustedSeller
  | typeof Role.PlatinumSeller;

/** One fee of the schedule: a percentage (in basis points, 1% = 100) of a base, or a flat amount. */
export type Fee =
  | { readonly type: typeof FeeType.Percentage; readonly basisPoints: number; readonly minimumCents?: number }
  | { readonly type: typeof FeeType.FlatAmount; readonly cents: number };

export interface MembershipPlanTerms {
  readonly role: PlanRole;
  readonly name: string;
  /** Charged each calendar month, in advance; a change mid-month is prorated. */
  readonly monthlyCents: number;
  /** Active listings at once; null: no limit. */
  readonly listingLimit: number | null;
  /** Charged on each completed sale, on the items' price (shipping excluded). */
  readonly finalValueFee: Fee;
  /** Paid listing options this plan includes at no charge. */
  readonly includedOptions: number;
  readonly perks: readonly string[];
}

/** Our plans: one table, read by the membership page, the plan change and every fee. */
export const MEMBERSHIP_PLANS: Readonly<Record<PlanRole, MembershipPlanTerms>> = {
  Buyer: {
    role: Role.Buyer,
    name: 'Buyer',
    monthlyCents: 0,
    listingLimit: 0,
    finalValueFee: { type: FeeType.FlatAmount, cents: 0 },
    includedOptions: 0,
    perks: ['Buy, favorite, save searches and message sellers', 'Pay through escrow at checkout'],
  },
  BasicSeller: {
    role: Role.BasicSeller,
    name: 'Basic Seller',
    monthlyCents: 0,
    listingLimit: 100,
    finalValueFee: { type: FeeType.Percentage, basisPoints: 500, minimumCents: 100 },
    includedOptions: 0,
    perks: ['Up to 100 active listings', '5% final value fee (at least $1.00)', 'Live checkout and escrow'],
  },
  TrustedSeller: {
    role: Role.TrustedSeller,
    name: 'Trusted Seller',
    monthlyCents: 1995,
    listingLimit: 500,
    finalValueFee: { type: FeeType.Percentage, basisPoints: 350, minimumCents: 100 },
    includedOptions: ListingOption.Bold,
    perks: ['Up to 500 active listings', '3.5% final value fee (at least $1.00)', 'Bold titles included'],
  },
  PlatinumSeller: {
    role: Role.PlatinumSeller,
    name: 'Platinum Seller',
    monthlyCents: 4995,
    listingLimit: null,
    finalValueFee: { type: FeeType.Percentage, basisPoints: 200, minimumCents: 100 },
    includedOptions: ListingOption.Bold | ListingOption.Border | ListingOption.Highlight,
    perks: [
      'Unlimited active listings',
      '2% final value fee (at least $1.00)',
      'Bold, Border and Highlight included',
    ],
  },
};

export const PLAN_ORDER: readonly PlanRole[] = [
  Role.Buyer,
  Role.BasicSeller,
  Role.TrustedSeller,
  Role.PlatinumSeller,
];

/** The plan a set of roles holds: the highest seller role, else Buyer. */
export function planOfRoles(roles: readonly string[]): PlanRole {
  for (const role of [...PLAN_ORDER].reverse()) if (roles.includes(role)) return role;
  return Role.Buyer;
}

/** The roles after a plan change: every plan role replaced by the new one; other roles (Admin) kept. */
export function rolesWithPlan(roles: readonly string[], plan: PlanRole): string[] {
  const others = roles.filter((role) => !(PLAN_ORDER as readonly string[]).includes(role));
  const planRoles = plan === Role.Buyer ? [Role.Buyer] : [Role.Buyer, plan];
  return [...planRoles, ...others];
}

/** The paid listing options and what each costs when a listing takes it. */
export const LISTING_OPTION_FEES = [
  {
    option: ListingOption.Bold,
    name: 'Bold',
    label: 'Bold title',
    fee: { type: FeeType.FlatAmount, cents: 100 },
  },
  {
    option: ListingOption.Featured,
    name: 'Featured',
    label: 'Featured (badge and featured lists)',
    fee: { type: FeeType.FlatAmount, cents: 495 },
  },
  {
    option: ListingOption.Highlight,
    name: 'Highlight',
    label: 'Highlighted card',
    fee: { type: FeeType.FlatAmount, cents: 150 },
  },
  {
    option: ListingOption.Border,
    name: 'Border',
    label: 'Highlighted border',
    fee: { type: FeeType.FlatAmount, cents: 75 },
  },
  {
    option: ListingOption.Homepage,
    name: 'Homepage',
    label: 'Shown on the home page',
    fee: { type: FeeType.FlatAmount, cents: 995 },
  },
  {
    option: ListingOption.ExtraPhotosPaid,
    name: 'ExtraPhotosPaid',
    label: 'Extra photos',
    fee: { type: FeeType.FlatAmount, cents: 50 },
  },
  {
    option: ListingOption.LocalListingFee,
    name: 'LocalListingFee',
    label: 'Local listing',
    fee: { type: FeeType.Percentage, basisPoints: 100, minimumCents: 50 },
  },
] as const satisfies readonly { option: number; name: string; label: string; fee: Fee }[];

/** A fee on a base amount (cents): a percentage rounded half up, at least its minimum; or the flat amount. */
export function feeCents(fee: Fee, baseCents: number): number {
  if (fee.type === FeeType.FlatAmount) return fee.cents;
  const percent = Math.round((baseCents * fee.basisPoints) / 10_000);
  return Math.max(percent, fee.minimumCents ?? 0);
}

export interface OptionCharge {
  option: number;
  name: string;
  cents: number;
}

/**
 * The charges for listing options a listing takes now: every paid option in `added` that the plan
 * does not include, priced on the listing's price (cents).
 */
export function listingOptionCharges(added: number, priceCents: number, plan: PlanRole): OptionCharge[] {
  const included = MEMBERSHIP_PLANS[plan].includedOptions;
  return LISTING_OPTION_FEES.filter(
    (entry) => (added & entry.option) !== 0 && (included & entry.option) === 0,
  ).map((entry) => ({ option: entry.option, name: entry.name, cents: feeCents(entry.fee, priceCents) }));
}

/** The final value fee of a sale (cents) under a plan. */
export function finalValueFeeCents(plan: PlanRole, saleCents: number): number {
  if (saleCents <= 0) return 0;
  return Math.min(saleCents, feeCents(MEMBERSHIP_PLANS[plan].finalValueFee, saleCents));
}

/** The calendar month (UTC) of a moment: '2026-03'. */
export function periodOf(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function periodStart(period: string): Date {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1));
}

export function periodEnd(period: string): Date {
  const start = periodStart(period);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

export function previousPeriod(at: Date): string {
  return periodOf(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1)));
}

const DAY_MS = 86_400_000;

/**
 * What a plan change costs now (positive: charged) or gives back (negative: credited): the
 * difference of the monthly prices for the days of the current month still to run, today
 * included (UTC), in cents. By whole days, so a change on the month's last day still costs that
 * day's share, and the price a person is shown holds all day.
 */
export function prorationCents(from: PlanRole, to: PlanRole, at: Date): number {
  const period = periodOf(at);
  const start = periodStart(period).getTime();
  const end = periodEnd(period).getTime();
  const today = start + Math.floor((at.getTime() - start) / DAY_MS) * DAY_MS;
  const remaining = (end - today) / (end - start);
  const difference = MEMBERSHIP_PLANS[to].monthlyCents - MEMBERSHIP_PLANS[from].monthlyCents;
  return Math.round(difference * remaining);
}

/** Days an invoice may stay unpaid; after that the account is frozen for non-payment. */
export const INVOICE_DUE_DAYS = 14;

/** Days a buyer has after delivery to inspect an escrow order before the funds go to the seller. */
export const ESCROW_INSPECTION_DAYS = 3;

/** $12.34 from 1234 (negative amounts as -$12.34). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => Math.round(cents) / 100;

/** The message that names the listings a seller must close before a plan with a lower limit. */
export function overLimitMessage(planName: string, limit: number, titles: readonly string[]): string {
  const names = titles.map((title) => `“${title}”`).join(', ');
  const count = titles.length;
  return `The ${planName} plan allows ${limit} active listing${limit === 1 ? '' : 's'}. Close ${count} listing${count === 1 ? '' : 's'} first: ${names}.`;
}

export function listingLimitReachedMessage(planName: string, limit: number): string {
  return limit === 0
    ? 'Choose a seller plan on the membership page to list items.'
    : `Your ${planName} plan allows ${limit} active listings. Close a listing or upgrade your plan to list more.`;
}
