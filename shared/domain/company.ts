/** The year the company began trading (configuration, like the external sites' addresses). */
export const COMPANY_FOUNDED_YEAR = 1997;

/** Whole years in business as of `now`. */
export function yearsInBusiness(now: Date, founded = COMPANY_FOUNDED_YEAR): number {
  return Math.max(0, now.getUTCFullYear() - founded);
}

/** '3,000,000+' style figure: the count rounded down to two significant digits, with a plus when rounded. */
export function roundedFigure(count: number): string {
  if (count < 100) return count.toLocaleString('en-US');
  const magnitude = 10 ** (Math.floor(Math.log10(count)) - 1);
  const rounded = Math.floor(count / magnitude) * magnitude;
  return `${rounded.toLocaleString('en-US')}${rounded < count ? '+' : ''}`;
}
