/**
 * The fee schedule of `membership.ts` in words, for the pages that explain it (sell guns): every
 * figure comes from the one table, none is written twice.
 */
import { FeeType } from './listing.ts';
import { type Fee, formatCents, LISTING_OPTION_FEES, type MembershipPlanTerms } from './membership.ts';

/** 500 basis points as "5%", 350 as "3.5%". */
export const percentText = (basisPoints: number): string =>
  `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/** "5% (at least $1.00)", "$4.95", or "None" for a zero flat fee. */
export function feeText(fee: Fee): string {
  if (fee.type === FeeType.FlatAmount) return fee.cents === 0 ? 'None' : formatCents(fee.cents);
  const minimum = fee.minimumCents ? ` (at least ${formatCents(fee.minimumCents)})` : '';
  return `${percentText(fee.basisPoints)}${minimum}`;
}

/** "Free" or "$19.95 a month". */
export const monthlyPriceText = (plan: MembershipPlanTerms): string =>
  plan.monthlyCents === 0 ? 'Free' : `${formatCents(plan.monthlyCents)} a month`;

/** "Up to 100" or "Unlimited". */
export const listingLimitText = (plan: MembershipPlanTerms): string =>
  plan.listingLimit === null ? 'Unlimited' : `Up to ${plan.listingLimit.toLocaleString('en-US')}`;

/** The paid listing options a plan includes ("Bold title"), in the order of the fee table. */
export const includedOptionLabels = (plan: MembershipPlanTerms): string[] =>
  LISTING_OPTION_FEES.filter((entry) => (plan.includedOptions & entry.option) !== 0).map(
    (entry) => entry.label,
  );
