/**
 * Valuation from completed sales (docs/capabilities/valuation.md): what an item is worth is the
 * median price of its recent sales, shown with the sales it comes from. One set of rules for the
 * server's valuation query, the identify result, a listing page's recent sales and the listing
 * form's price hint. Prices are dollars; every figure is rounded to the cent.
 *
 * Quantiles are "type 7", linear interpolation between the closest ranks (R's and NumPy's default,
 * Excel's QUARTILE.INC, PostgreSQL's `percentile_cont`), so a query computing them in SQL agrees.
 */

import { type Condition, toCondition } from './listing.ts';

/** The NRA condition grades for modern firearms, best first. */
export const NraGrade = {
  New: 'New',
  Excellent: 'Excellent',
  VeryGood: 'VeryGood',
  Good: 'Good',
  Fair: 'Fair',
  Poor: 'Poor',
} as const;
export type NraGrade = (typeof NraGrade)[keyof typeof NraGrade];
export const NRA_GRADES = Object.values(NraGrade) as NraGrade[];

export const NRA_GRADE_LABELS: Readonly<Record<NraGrade, string>> = {
  New: 'New',
  Excellent: 'Excellent',
  VeryGood: 'Very Good',
  Good: 'Good',
  Fair: 'Fair',
  Poor: 'Poor',
};

/**
 * The grade a listing's condition vouches for, and no more. New in box is the NRA's New (never sold
 * at retail, as it left the factory). Never fired was sold at retail, so it is at best Excellent
 * (used but little, no marring). Used promises only a working firearm with wear: Good (safe working
 * condition, minor wear on working surfaces); the higher and lower grades need a closer description.
 */
export const NRA_GRADE_OF_CONDITION: Readonly<Record<Condition, NraGrade>> = {
  NewInBox: NraGrade.New,
  NeverFired: NraGrade.Excellent,
  Used: NraGrade.Good,
};

/** The NRA grade of a listing condition given as identifier or label (an unknown label counts as used). */
export function nraGradeOfCondition(condition: unknown): NraGrade {
  return NRA_GRADE_OF_CONDITION[toCondition(condition)];
}

/** A value looks at the sales of this many days before now, and its trend at the same span before. */
export const VALUATION_WINDOW_DAYS = 90;
/** A level of the fallback needs this many sales, and so does each window of a trend. */
export const MIN_SALES = 5;
/** Tukey's fence: a price further than this many interquartile ranges outside Q1–Q3 is an outlier. */
export const FENCE_FACTOR = 1.5;

const DAY_MS = 24 * 60 * 60 * 1000;
const cents = (dollars: number) => Math.round(dollars * 100) / 100;

/** One completed sale: the unit price paid, when, and the grade of what was sold when known. */
export interface Sale {
  price: number;
  soldAt: Date;
  condition?: NraGrade | undefined;
}

/** The `p` quantile (0 to 1) of ascending, non-empty `sorted` by linear interpolation (type 7). */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('A quantile needs at least one value');
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const lower = sorted[below]!;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return lower + (h - below) * (upper - lower);
}

export interface FencedPrices {
  /** The prices within the fence, ascending. */
  kept: number[];
  /** How many prices fell outside it. */
  dropped: number;
}

/**
 * Drops the outliers of a set of prices: those below Q1 − 1.5 × IQR or above Q3 + 1.5 × IQR, the
 * quartiles taken over all of them. A price on the fence is kept.
 */
export function fencePrices(prices: readonly number[]): FencedPrices {
  const fence = fenceOf(prices);
  if (fence === null) return { kept: [], dropped: 0 };
  const kept = [...prices].sort((a, b) => a - b).filter((price) => withinFence(fence, price));
  return { kept, dropped: prices.length - kept.length };
}

/** The fence of a set of prices (Q1 − 1.5 × IQR to Q3 + 1.5 × IQR), or null for no prices. */
export function fenceOf(prices: readonly number[]): { low: number; high: number } | null {
  if (prices.length === 0) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const reach = FENCE_FACTOR * (q3 - q1);
  return { low: q1 - reach, high: q3 + reach };
}

/** Whether a price is kept by a fence: on the fence counts as within. */
export const withinFence = (fence: { low: number; high: number }, price: number): boolean =>
  price >= fence.low && price <= fence.high;

/** How far a value can be trusted: from the number of sales it uses and how tightly their prices agree. */
export type Confidence = 'high' | 'medium' | 'low' | 'none';

/**
 * The confidence of a value from `salesUsed` sales whose middle half spans `spread` of the median
 * ((Q3 − Q1) / median): high from 15 sales within 25%, medium from 5 sales within 50%, low for any
 * other value, none without sales.
 */
export function confidenceOf(salesUsed: number, spread: number): Confidence {
  if (salesUsed === 0) return 'none';
  if (salesUsed >= 15 && spread <= 0.25) return 'high';
  if (salesUsed >= MIN_SALES && spread <= 0.5) return 'medium';
  return 'low';
}

export interface SalesValue {
  /** The median price of the sales used; null without a sale in the window. */
  value: number | null;
  /** Sales in the window within the fence: the "N sales" the value comes from. */
  salesUsed: number;
  /** Sales in the window outside the fence, left out of every figure. */
  outliersDropped: number;
  /** The middle 50% of the sales used (Q1 to Q3). */
  range: { low: number; high: number } | null;
  /**
   * Percent change of the median against the window before, to one decimal (4.2 is up 4.2%); null
   * when either window has fewer than MIN_SALES sales used.
   */
  trendPercent: number | null;
  confidence: Confidence;
  /** The window's length in days, as the summary says it. */
  windowDays: number;
}

export interface ValuationOptions {
  /** Length of the window; VALUATION_WINDOW_DAYS unless given. */
  windowDays?: number;
  /** Counts only sales of this grade (a sale of unknown grade then counts for none). */
  condition?: NraGrade;
}

/**
 * What the value needs of one window's prices: how many the fence kept and dropped, and the
 * quartiles of those kept (null when none). The server's valuation query computes the same figures
 * in SQL (`percentile_cont`), so the value is assembled from them the same way (`salesValueOf`).
 */
export interface WindowFigures {
  used: number;
  dropped: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
}

/** The figures of one window's prices: fenced, then their quartiles. */
export function windowFiguresOf(prices: readonly number[]): WindowFigures {
  const { kept, dropped } = fencePrices(prices);
  if (kept.length === 0) return { used: 0, dropped, q1: null, median: null, q3: null };
  return {
    used: kept.length,
    dropped,
    q1: quantile(kept, 0.25),
    median: quantile(kept, 0.5),
    q3: quantile(kept, 0.75),
  };
}

/** A value from the figures of its window and of the window before. */
export function salesValueOf(recent: WindowFigures, earlier: WindowFigures, windowDays: number): SalesValue {
  if (recent.median === null || recent.q1 === null || recent.q3 === null || recent.used === 0) {
    return {
      value: null,
      salesUsed: 0,
      outliersDropped: 0,
      range: null,
      trendPercent: null,
      confidence: 'none',
      windowDays,
    };
  }
  const value = cents(recent.median);
  const range = { low: cents(recent.q1), high: cents(recent.q3) };
  const before = earlier.median === null ? null : cents(earlier.median);
  const trendPercent =
    before !== null && recent.used >= MIN_SALES && earlier.used >= MIN_SALES
      ? Math.round(((value - before) / before) * 1000) / 10
      : null;
  return {
    value,
    salesUsed: recent.used,
    outliersDropped: recent.dropped,
    range,
    trendPercent,
    confidence: confidenceOf(recent.used, (range.high - range.low) / value),
    windowDays,
  };
}

/**
 * The value of an item from its sales: the window is the `windowDays` days up to `now` (a sale
 * exactly `windowDays` days old is in the window before), outliers are dropped by the fence, and
 * the median, range and confidence come from the sales left. Sales after `now` and sales without a
 * positive price are not counted.
 */
export function valueFromSales(
  sales: readonly Sale[],
  now: Date,
  options: ValuationOptions = {},
): SalesValue {
  const windowDays = options.windowDays ?? VALUATION_WINDOW_DAYS;
  const end = now.getTime();
  const start = end - windowDays * DAY_MS;
  const before = start - windowDays * DAY_MS;
  const current: number[] = [];
  const previous: number[] = [];
  for (const sale of sales) {
    if (!(Number.isFinite(sale.price) && sale.price > 0)) continue;
    if (options.condition !== undefined && sale.condition !== options.condition) continue;
    const at = sale.soldAt.getTime();
    if (at > start && at <= end) current.push(sale.price);
    else if (at > before && at <= start) previous.push(sale.price);
  }
  return salesValueOf(windowFiguresOf(current), windowFiguresOf(previous), windowDays);
}

/** The groups of sales a value may come from, most specific first. */
export const ValuationLevel = {
  /** The exact variant or generation (Glock 19 Gen5). */
  Variant: 'variant',
  /** The model across its variants (Glock 19). */
  Model: 'model',
  /** The manufacturer's items of the same category family (Glock semi-auto pistols). */
  ManufacturerFamily: 'manufacturerFamily',
} as const;
export type ValuationLevel = (typeof ValuationLevel)[keyof typeof ValuationLevel];
export const VALUATION_LEVELS = Object.values(ValuationLevel) as ValuationLevel[];

/** The sales of each level an item belongs to; a level the item lacks (no known variant) is left out. */
export type SalesByLevel = Partial<Record<ValuationLevel, readonly Sale[]>>;

export interface LevelValue {
  /** The level the value comes from; null when no level was given. */
  level: ValuationLevel | null;
  /** Whether that is broader than the most specific level given, which the summary then names. */
  fellBack: boolean;
  value: SalesValue;
}

/**
 * The value from the most specific level with at least MIN_SALES sales used. When no level has that
 * many, the level with the most sales used (the more specific on a tie) gives a value of low
 * confidence, rather than none.
 */
export function valueWithFallback(
  salesByLevel: SalesByLevel,
  now: Date,
  options: ValuationOptions = {},
): LevelValue {
  const levels = VALUATION_LEVELS.flatMap((level) => {
    const sales = salesByLevel[level];
    return sales === undefined ? [] : [{ level, value: valueFromSales(sales, now, options) }];
  });
  return chooseLevel(levels, options.windowDays ?? VALUATION_WINDOW_DAYS);
}

/**
 * The fallback on values already made, most specific level first: the first with MIN_SALES sales
 * used, or the one with the most (the more specific on a tie). No level gives no value.
 */
export function chooseLevel(
  levels: readonly { level: ValuationLevel; value: SalesValue }[],
  windowDays: number = VALUATION_WINDOW_DAYS,
): LevelValue {
  const first = levels[0];
  if (first === undefined) {
    return {
      level: null,
      fellBack: false,
      value: salesValueOf(windowFiguresOf([]), windowFiguresOf([]), windowDays),
    };
  }
  const chosen =
    levels.find((entry) => entry.value.salesUsed >= MIN_SALES) ??
    levels.reduce((best, entry) => (entry.value.salesUsed > best.value.salesUsed ? entry : best));
  return { level: chosen.level, fellBack: chosen.level !== first.level, value: chosen.value };
}

/** How a summary names the sales a value comes from. */
export const VALUATION_LEVEL_PHRASES: Readonly<Record<ValuationLevel, string>> = {
  variant: 'of this variant',
  model: 'of the model',
  manufacturerFamily: 'of the maker’s items in this category',
};

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** '$1,235': values are read in whole dollars. */
export const formatValue = (dollars: number): string => WHOLE_DOLLARS.format(dollars);

/**
 * A value in plain words: 'Median $549 from 12 sales of the model in the last 90 days, up 4% on the
 * 90 days before.' The level is named when given; the trend is left out when there is none.
 */
export function valuationSummary(value: SalesValue, level: ValuationLevel | null = null): string {
  const of = level === null ? '' : ` ${VALUATION_LEVEL_PHRASES[level]}`;
  const window = `the last ${value.windowDays} days`;
  if (value.value === null) return `No sales${of} in ${window}.`;
  const sales = `${value.salesUsed.toLocaleString('en-US')} ${value.salesUsed === 1 ? 'sale' : 'sales'}`;
  const trend = value.trendPercent === null ? '' : `, ${trendPhrase(value.trendPercent, value.windowDays)}`;
  return `Median ${formatValue(value.value)} from ${sales}${of} in ${window}${trend}.`;
}

function trendPhrase(percent: number, windowDays: number): string {
  const whole = Math.round(Math.abs(percent));
  const before = `the ${windowDays} days before`;
  if (whole === 0) return `level with ${before}`;
  return `${percent > 0 ? 'up' : 'down'} ${whole}% on ${before}`;
}

/**
 * Where an asking price stands against the value, for the listing form: 'priced 18% above recent
 * sales', 'priced 5% below recent sales', or 'priced in line with recent sales' within half a
 * percent. Null without a value or a positive price.
 */
export function pricedAgainstSales(price: number, value: number | null): string | null {
  if (value === null || value <= 0 || !(Number.isFinite(price) && price > 0)) return null;
  const percent = Math.round(((price - value) / value) * 100);
  if (percent === 0) return 'priced in line with recent sales';
  return `priced ${Math.abs(percent)}% ${percent > 0 ? 'above' : 'below'} recent sales`;
}
