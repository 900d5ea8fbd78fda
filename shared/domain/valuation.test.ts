import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Condition } from './listing.ts';
import {
  confidenceOf,
  fencePrices,
  NRA_GRADE_LABELS,
  NRA_GRADE_OF_CONDITION,
  NRA_GRADES,
  NraGrade,
  nraGradeOfCondition,
  pricedAgainstSales,
  quantile,
  type Sale,
  type SalesByLevel,
  type SalesValue,
  ValuationLevel,
  valuationSummary,
  valueFromSales,
  valueWithFallback,
} from './valuation.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
/** Sales at these prices, one a day going back from yesterday. */
const recent = (...prices: number[]): Sale[] =>
  prices.map((price, index) => ({ price, soldAt: daysAgo(index + 1) }));
/** Sales at these prices in the 90 days before the last 90. */
const earlier = (...prices: number[]): Sale[] =>
  prices.map((price, index) => ({ price, soldAt: daysAgo(100 + index) }));

describe('condition grades', () => {
  it('names the six NRA grades, best first', () => {
    expect(NRA_GRADES.map((grade) => NRA_GRADE_LABELS[grade])).toEqual([
      'New',
      'Excellent',
      'Very Good',
      'Good',
      'Fair',
      'Poor',
    ]);
  });

  it.each([
    [Condition.NewInBox, NraGrade.New],
    [Condition.NeverFired, NraGrade.Excellent],
    [Condition.Used, NraGrade.Good],
  ])('a listing %s is graded %s', (condition, grade) => {
    expect(NRA_GRADE_OF_CONDITION[condition]).toBe(grade);
    expect(nraGradeOfCondition(condition)).toBe(grade);
  });

  it.each([
    ['New in box', NraGrade.New],
    ['never-fired', NraGrade.Excellent],
    ['Like new', NraGrade.Good],
    [undefined, NraGrade.Good],
  ])('the label %s is graded %s (an unknown label counts as used)', (label, grade) => {
    expect(nraGradeOfCondition(label)).toBe(grade);
  });
});

describe('quantiles by linear interpolation (type 7, as percentile_cont)', () => {
  it.each([
    [[549], 0.5, 549],
    [[500, 510], 0.5, 505],
    [[1, 2, 3, 4], 0.25, 1.75],
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4], 0.75, 3.25],
    [[10, 20, 30, 40, 50], 0.25, 20],
    [[10, 20, 30, 40, 50], 0.75, 40],
    [[10, 20, 30, 40, 50], 1, 50],
  ])('of %j at %d is %d', (sorted, p, expected) => {
    expect(quantile(sorted, p)).toBeCloseTo(expected, 10);
  });
});

describe('the interquartile fence', () => {
  it.each([
    ['a high outlier', [500, 510, 520, 530, 2000], [500, 510, 520, 530]],
    ['a low outlier', [100, 500, 510, 520, 530], [500, 510, 520, 530]],
    ['a price on the fence (Q3 40 + 1.5 × IQR 20 = 70)', [10, 20, 30, 40, 70], [10, 20, 30, 40, 70]],
    ['a price just past it', [10, 20, 30, 40, 71], [10, 20, 30, 40]],
    ['a different price among equal ones', [500, 500, 500, 500, 510], [500, 500, 500, 500]],
    ['nothing from two prices', [1000, 100], [100, 1000]],
  ])('drops %s', (_case, prices, kept) => {
    expect(fencePrices(prices)).toEqual({ kept, dropped: prices.length - kept.length });
  });
});

describe('the value of recent sales', () => {
  it('is the median of the last 90 days, with the count and the middle 50%', () => {
    expect(valueFromSales(recent(549, 529, 559, 539, 569), NOW)).toEqual({
      value: 549,
      salesUsed: 5,
      outliersDropped: 0,
      range: { low: 539, high: 559 },
      trendPercent: null,
      confidence: 'medium',
      windowDays: 90,
    });
  });

  it('takes the mean of the middle two of an even count, to the cent', () => {
    expect(valueFromSales(recent(499.99, 510), NOW).value).toBe(505);
    expect(valueFromSales(recent(499.99, 500), NOW).value).toBe(500);
  });

  it('leaves outliers out of the value, the count and the range', () => {
    const value = valueFromSales(recent(500, 510, 520, 530, 2000, 90), NOW);
    expect(value).toMatchObject({
      value: 515,
      salesUsed: 4,
      outliersDropped: 2,
      range: { low: 507.5, high: 522.5 },
    });
  });

  it('counts a sale up to now and less than 90 days old; older and later ones are not in the window', () => {
    const sales: Sale[] = [
      { price: 100, soldAt: NOW },
      { price: 200, soldAt: daysAgo(89.99) },
      { price: 5000, soldAt: daysAgo(90) },
      { price: 7000, soldAt: new Date(NOW.getTime() + 1000) },
    ];
    expect(valueFromSales(sales, NOW)).toMatchObject({ value: 150, salesUsed: 2 });
  });

  it('counts only the asked grade when one is given', () => {
    const sales: Sale[] = [
      { price: 450, soldAt: daysAgo(1), condition: NraGrade.New },
      { price: 420, soldAt: daysAgo(2), condition: NraGrade.Good },
      { price: 400, soldAt: daysAgo(3), condition: NraGrade.Good },
      { price: 380, soldAt: daysAgo(4) },
    ];
    expect(valueFromSales(sales, NOW, { condition: NraGrade.Good })).toMatchObject({
      value: 410,
      salesUsed: 2,
    });
    expect(valueFromSales(sales, NOW).salesUsed).toBe(4);
  });

  it('is none without sales, or with sales of no positive price', () => {
    const none = { value: null, salesUsed: 0, range: null, trendPercent: null, confidence: 'none' };
    expect(valueFromSales([], NOW)).toMatchObject(none);
    expect(valueFromSales(recent(0, -5, Number.NaN), NOW)).toMatchObject(none);
    expect(valueFromSales(earlier(500, 510, 520, 530, 540), NOW)).toMatchObject(none);
  });

  it('uses another window length when asked, for the value and the trend', () => {
    const sales = [...recent(600, 610, 620, 630, 640), ...earlier(500, 510, 520, 530, 540)];
    expect(valueFromSales(sales, NOW, { windowDays: 30 })).toMatchObject({
      value: 620,
      windowDays: 30,
      trendPercent: null,
    });
  });
});

describe('the trend against the 90 days before', () => {
  it.each([
    ['up', recent(520, 510, 530, 515, 525), earlier(500, 490, 510, 495, 505), 4],
    ['down', recent(485, 480, 490, 475, 495), earlier(500, 490, 510, 495, 505), -3],
    ['level', recent(500, 490, 510, 495, 505), earlier(505, 495, 515, 490, 500), 0],
    ['to one decimal', recent(521, 511, 531, 516, 526), earlier(500, 490, 510, 495, 505), 4.2],
  ])('is the percent change of the medians (%s)', (_case, now, before, percent) => {
    expect(valueFromSales([...now, ...before], NOW).trendPercent).toBe(percent);
  });

  it.each([
    ['the window before has 4 sales', recent(520, 510, 530, 515, 525), earlier(500, 490, 510, 495)],
    ['the last 90 days have 4 sales', recent(520, 510, 530, 515), earlier(500, 490, 510, 495, 505)],
    [
      'an outlier leaves the window before 4 sales',
      recent(520, 510, 530, 515, 525),
      earlier(500, 490, 510, 495, 5000),
    ],
  ])('is none when %s', (_case, now, before) => {
    expect(valueFromSales([...now, ...before], NOW).trendPercent).toBeNull();
  });
});

describe('the confidence of a value', () => {
  it.each([
    [0, 0, 'none'],
    [1, 0, 'low'],
    [4, 0.01, 'low'],
    [5, 0.5, 'medium'],
    [5, 0.51, 'low'],
    [14, 0.1, 'medium'],
    [15, 0.25, 'high'],
    [15, 0.26, 'medium'],
    [200, 0.6, 'low'],
  ] as const)('from %i sales spread over %d of the median is %s', (sales, spread, confidence) => {
    expect(confidenceOf(sales, spread)).toBe(confidence);
  });

  it('reads the spread from the middle 50% of the sales used', () => {
    const tight = recent(...Array.from({ length: 15 }, (_, index) => 500 + index * 5));
    expect(valueFromSales(tight, NOW).confidence).toBe('high');
    const wide = recent(...Array.from({ length: 15 }, (_, index) => 300 + index * 30));
    expect(valueFromSales(wide, NOW).confidence).toBe('medium');
  });
});

describe('falling back from the variant to the model to the maker’s family', () => {
  const sales = (count: number, price = 500) => recent(...Array.from({ length: count }, () => price));

  it.each([
    [
      'the variant with 5 sales',
      { variant: sales(5, 600), model: sales(9), manufacturerFamily: sales(40) },
      'variant',
      false,
      600,
    ],
    [
      'the model when the variant has 4',
      { variant: sales(4, 600), model: sales(9, 550), manufacturerFamily: sales(40) },
      'model',
      true,
      550,
    ],
    [
      'the maker’s family when the model has 4',
      { variant: sales(2, 600), model: sales(4, 550), manufacturerFamily: sales(40) },
      'manufacturerFamily',
      true,
      500,
    ],
    [
      'the model, the most specific level known',
      { model: sales(7, 550), manufacturerFamily: sales(40) },
      'model',
      false,
      550,
    ],
    [
      'the model when the variant’s sales are older than 90 days',
      { variant: earlier(600, 600, 600, 600, 600), model: sales(6, 550) },
      'model',
      true,
      550,
    ],
    [
      'the level with the most sales when none has 5',
      { variant: sales(1, 600), model: sales(3, 550), manufacturerFamily: sales(3) },
      'model',
      true,
      550,
    ],
  ] as const)('uses %s', (_case, byLevel: SalesByLevel, level, fellBack, value) => {
    const result = valueWithFallback(byLevel, NOW);
    expect(result).toMatchObject({ level, fellBack });
    expect(result.value.value).toBe(value);
  });

  it('says no level without sales to go by', () => {
    expect(valueWithFallback({}, NOW)).toMatchObject({
      level: null,
      fellBack: false,
      value: { value: null },
    });
    expect(valueWithFallback({ variant: [], model: [] }, NOW)).toMatchObject({
      level: ValuationLevel.Variant,
      fellBack: false,
      value: { confidence: 'none' },
    });
  });
});

describe('the value in plain words', () => {
  const value = (overrides: Partial<SalesValue>): SalesValue => ({
    value: 549,
    salesUsed: 12,
    outliersDropped: 0,
    range: { low: 520, high: 580 },
    trendPercent: null,
    confidence: 'medium',
    windowDays: 90,
    ...overrides,
  });

  it.each([
    [
      'Median $549 from 12 sales of the model in the last 90 days, up 4% on the 90 days before.',
      value({ trendPercent: 4.2 }),
      ValuationLevel.Model,
    ],
    [
      'Median $549 from 12 sales of this variant in the last 90 days, down 3% on the 90 days before.',
      value({ trendPercent: -3.4 }),
      ValuationLevel.Variant,
    ],
    [
      'Median $549 from 12 sales in the last 90 days, level with the 90 days before.',
      value({ trendPercent: 0.4 }),
      null,
    ],
    ['Median $1,235 from 1 sale in the last 90 days.', value({ value: 1234.5, salesUsed: 1 }), null],
    [
      'Median $549 from 30 sales of the maker’s items in this category in the last 90 days.',
      value({ salesUsed: 30 }),
      ValuationLevel.ManufacturerFamily,
    ],
    [
      'No sales of this variant in the last 90 days.',
      value({ value: null, salesUsed: 0, range: null, confidence: 'none' }),
      ValuationLevel.Variant,
    ],
    ['Median $549 from 12 sales in the last 30 days.', value({ windowDays: 30 }), null],
  ])('%s', (text, salesValue, level) => {
    expect(valuationSummary(salesValue, level)).toBe(text);
  });

  it.each([
    [649, 550, 'priced 18% above recent sales'],
    [500, 526.32, 'priced 5% below recent sales'],
    [552, 549, 'priced 1% above recent sales'],
    [550, 549, 'priced in line with recent sales'],
    [0, 549, null],
    [500, null, null],
  ])('an asking price of %d against a value of %d is %s', (price, salesValue, phrase) => {
    expect(pricedAgainstSales(price, salesValue)).toBe(phrase);
  });
});

describe('the value, for any sales', () => {
  const price = fc.integer({ min: 1, max: 500_000 }).map((cents) => cents / 100);
  const sale = fc.record({
    price,
    soldAt: fc.integer({ min: -200, max: 10 }).map((days) => daysAgo(days)),
  });

  it('lies within the fence of the window’s prices and within the middle 50% it reports', () => {
    fc.assert(
      fc.property(fc.array(sale, { minLength: 1, maxLength: 60 }), (sales) => {
        const result = valueFromSales(sales, NOW);
        const inWindow = sales
          .filter((s) => s.soldAt > daysAgo(90) && s.soldAt <= NOW)
          .map((s) => s.price)
          .sort((a, b) => a - b);
        if (inWindow.length === 0) return result.value === null;
        const q1 = quantile(inWindow, 0.25);
        const q3 = quantile(inWindow, 0.75);
        const { value, range } = result;
        return (
          value !== null &&
          range !== null &&
          value >= q1 - 1.5 * (q3 - q1) - 0.005 &&
          value <= q3 + 1.5 * (q3 - q1) + 0.005 &&
          range.low <= value &&
          value <= range.high &&
          result.salesUsed + result.outliersDropped === inWindow.length
        );
      }),
    );
  });

  it('is kept within the middle 50% of the sales before by a sale beyond the fence', () => {
    // The fence is recomputed with the new sale, so a price it had dropped may come back: the value
    // may move, but never further than the quartiles of the sales it had.
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 100, max: 2000 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 5000, max: 10_000_000 }),
        (prices, outlier) => {
          const before = valueFromSales(recent(...prices), NOW);
          const after = valueFromSales(recent(...prices, outlier), NOW);
          fc.pre(after.outliersDropped > before.outliersDropped);
          return (
            after.value !== null &&
            before.range !== null &&
            after.value >= before.range.low &&
            after.value <= before.range.high
          );
        },
      ),
    );
  });

  it('does not depend on the order of the sales', () => {
    fc.assert(
      fc.property(fc.array(sale, { maxLength: 40 }), (sales) => {
        expect(valueFromSales([...sales].reverse(), NOW)).toEqual(valueFromSales(sales, NOW));
      }),
    );
  });
});
