import type { FirearmValuationJson } from '../../shared/contract/identification.ts';
import { formatValue, VALUATION_LEVEL_PHRASES } from '../../shared/domain/valuation.ts';

/*
 * A value's parts in words for the screens that show one (the identify result, a listing page's
 * recent sales, the listing form's price hint). The sentence itself is the server's `summary`
 * (shared/domain/valuation.ts); these are the shorter pieces around it.
 */

/** 'median $549 from 12 sales of the model'; null without a value. */
export function medianPhrase(valuation: Pick<FirearmValuationJson, 'value' | 'salesUsed' | 'level'>) {
  if (valuation.value === null) return null;
  const count = valuation.salesUsed.toLocaleString('en-US');
  const of = valuation.level === null ? '' : ` ${VALUATION_LEVEL_PHRASES[valuation.level]}`;
  return `median ${formatValue(valuation.value)} from ${count} ${valuation.salesUsed === 1 ? 'sale' : 'sales'}${of}`;
}

/** '$480 to $610': the middle half of the sales used. */
export function rangePhrase(range: FirearmValuationJson['range']): string | null {
  return range === null ? null : `${formatValue(range.low)} to ${formatValue(range.high)}`;
}

/** 'Up 4.2% on the 90 days before'; null when there were too few sales to tell. */
export function trendPhrase(valuation: Pick<FirearmValuationJson, 'trendPercent' | 'windowDays'>) {
  const percent = valuation.trendPercent;
  if (percent === null) return null;
  const before = `the ${valuation.windowDays} days before`;
  if (Math.abs(percent) < 0.5) return `Level with ${before}`;
  const size = Math.abs(percent).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${percent > 0 ? 'Up' : 'Down'} ${size}% on ${before}`;
}

export const CONFIDENCE_LABELS: Readonly<Record<FirearmValuationJson['confidence'], string>> = {
  high: 'High: many sales at close prices',
  medium: 'Medium: a few sales, or prices that vary',
  low: 'Low: too few sales, or prices far apart',
  none: 'None: no sales in the window',
};

/**
 * Which sales the value comes from, and why when it is broader than the firearm itself:
 * 'Too few sales of the exact variant: the value comes from sales of the model (Glock 19).'
 */
export function levelSentence(valuation: Pick<FirearmValuationJson, 'level' | 'fellBack' | 'subject'>) {
  const { level, fellBack, subject } = valuation;
  if (level === null) return `Sales of ${subject}.`;
  const from = {
    variant: `sales of this variant (${subject})`,
    model: `sales of the model (${subject})`,
    manufacturerFamily: `sales of the maker’s items in this category (${subject})`,
  }[level];
  if (!fellBack) return `From ${from}.`;
  const tooFew = level === 'model' ? 'the exact variant' : 'this model';
  return `Too few sales of ${tooFew}: the value falls back to ${from}.`;
}
