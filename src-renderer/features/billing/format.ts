import {
  formatCents,
  LISTING_OPTION_FEES,
  type MembershipPlanTerms,
  toCents,
} from '../../../shared/domain/membership.ts';

/** An amount the API answers in dollars, shown from its integer cents: $12.34, -$5.00. */
export function money(dollars: number): string {
  return formatCents(toCents(dollars));
}

/** 'Mar 14, 2026' */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** 'March 2026' from the billed month '2026-03'. */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function listingLimitLabel(plan: MembershipPlanTerms): string {
  if (plan.listingLimit === null) return 'Unlimited';
  if (plan.listingLimit === 0) return 'None (buying only)';
  return plan.listingLimit.toLocaleString('en-US');
}

/** The paid listing options a plan includes at no charge, by name. */
export function includedOptionNames(plan: MembershipPlanTerms): string[] {
  return LISTING_OPTION_FEES.filter((entry) => (plan.includedOptions & entry.option) !== 0).map(
    (entry) => entry.name,
  );
}

/** 'Visa', 'Card' when the brand is unknown. */
export function brandLabel(brand: string | null): string {
  if (!brand) return 'Card';
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  };
  return names[brand.toLowerCase()] ?? brand;
}
