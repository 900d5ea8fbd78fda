import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FirearmValuationJson } from '../../../shared/contract/identification.ts';
import { PriceHistoryChart } from './price-history-chart.tsx';
import { chartLayout, priceDomain } from './price-history-scale.ts';

afterEach(cleanup);

const VALUED_AT = '2026-03-01T00:00:00.000Z';
const daysAgo = (days: number) => new Date(Date.parse(VALUED_AT) - days * 86_400_000).toISOString();

const SUMMARY = 'Median $540 from 5 sales of the model in the last 90 days, up 8% on the 90 days before.';

/** Five sales and a far-off one in the last 90 days; four and a far-off one in the 90 days before. */
function valuation(overrides: Partial<FirearmValuationJson> = {}): FirearmValuationJson {
  return {
    level: 'model',
    fellBack: false,
    subject: 'Glock 19',
    grade: null,
    value: 540,
    salesUsed: 5,
    outliersDropped: 1,
    range: { low: 520, high: 560 },
    trendPercent: 8,
    confidence: 'medium',
    windowDays: 90,
    summary: SUMMARY,
    sales: [
      { price: 580, soldAt: daysAgo(5), earlier: false, outlier: false },
      { price: 1200, soldAt: daysAgo(12), earlier: false, outlier: true },
      { price: 560, soldAt: daysAgo(20), earlier: false, outlier: false },
      { price: 540, soldAt: daysAgo(40), earlier: false, outlier: false },
      { price: 520, soldAt: daysAgo(60), earlier: false, outlier: false },
      { price: 500, soldAt: daysAgo(80), earlier: false, outlier: false },
      { price: 510, soldAt: daysAgo(100), earlier: true, outlier: false },
      { price: 500, soldAt: daysAgo(120), earlier: true, outlier: false },
      { price: 900, soldAt: daysAgo(130), earlier: true, outlier: true },
      { price: 490, soldAt: daysAgo(150), earlier: true, outlier: false },
      { price: 480, soldAt: daysAgo(170), earlier: true, outlier: false },
    ],
    valuedAt: VALUED_AT,
    ...overrides,
  };
}

const points = (kind: string) => [...document.querySelectorAll(`circle[data-sale="${kind}"]`)];
const numberAttr = (element: Element | null | undefined, name: string) =>
  Number(element?.getAttribute(name) ?? Number.NaN);

describe('price-history chart', () => {
  it('is an image named by the value’s summary', () => {
    render(<PriceHistoryChart valuation={valuation()} />);
    expect(screen.getByRole('img', { name: SUMMARY })).toBeTruthy();
  });

  it('draws every sale as a point, the earlier window’s and the far-off ones apart', () => {
    render(<PriceHistoryChart valuation={valuation()} />);
    expect(points('current')).toHaveLength(5);
    expect(points('outlier')).toHaveLength(1);
    expect(points('earlier')).toHaveLength(4);
    expect(points('earlierOutlier')).toHaveLength(1);
    // Each kind has its own look (hollow, lighter), not only its own place.
    const looks = new Set(
      ['current', 'outlier', 'earlier', 'earlierOutlier'].map((kind) =>
        points(kind)[0]?.getAttribute('class'),
      ),
    );
    expect(looks.size).toBe(4);
  });

  it('places sales by date and price: newer to the right, dearer higher', () => {
    render(<PriceHistoryChart valuation={valuation()} />);
    const [outlier] = points('outlier');
    const current = points('current');
    const earlier = points('earlier');
    // The $1,200 sale is the highest point.
    for (const point of [...current, ...earlier]) {
      expect(numberAttr(point, 'cy')).toBeGreaterThan(numberAttr(outlier, 'cy'));
    }
    // Every sale of the value's window lies right of every sale of the window before.
    const leftmostCurrent = Math.min(...current.map((point) => numberAttr(point, 'cx')));
    const rightmostEarlier = Math.max(...earlier.map((point) => numberAttr(point, 'cx')));
    expect(leftmostCurrent).toBeGreaterThan(rightmostEarlier);
  });

  it('shades the middle 50% and draws the median over the value’s window only', () => {
    const { container } = render(<PriceHistoryChart valuation={valuation()} />);
    const band = container.querySelector('[data-part="band"]');
    const median = container.querySelector('[data-part="median"]');
    const top = numberAttr(band, 'y');
    const bottom = top + numberAttr(band, 'height');
    const medianY = numberAttr(median, 'y1');
    expect(medianY).toBeGreaterThan(top);
    expect(medianY).toBeLessThan(bottom);
    // The band starts where the value's window does: right of the earlier sales, left of the current ones.
    const bandLeft = numberAttr(band, 'x');
    expect(bandLeft).toBeGreaterThan(Math.max(...points('earlier').map((point) => numberAttr(point, 'cx'))));
    expect(bandLeft).toBeLessThan(Math.min(...points('current').map((point) => numberAttr(point, 'cx'))));
    expect(numberAttr(median, 'x1')).toBe(bandLeft);
    // The $560 sale (the range's top) sits on the band's upper edge.
    const atHigh = points('current').find((point) => Math.abs(numberAttr(point, 'cy') - top) < 0.001);
    expect(atHigh).toBeTruthy();
  });

  it('labels the axes with dollars and dates', () => {
    const { container } = render(<PriceHistoryChart valuation={valuation()} />);
    const labels = [...container.querySelectorAll('svg text')].map((text) => text.textContent);
    expect(labels).toContain('$400');
    expect(labels).toContain('$1,200');
    // The two windows: 180 days ago to the value's day, in UTC.
    expect(labels).toContain('Sep 2');
    expect(labels).toContain('Mar 1');
    expect(labels).toContain('Last 90 days');
  });

  it('lists the sales as a table, newest first, saying which were left out', () => {
    render(<PriceHistoryChart valuation={valuation()} />);
    fireEvent.click(screen.getByText('Show the 11 sales as a table'));
    const table = screen.getByRole('table', { name: 'Sales of Glock 19, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(11);
    expect(rows[0]?.textContent).toBe('Feb 24, 2026$580Last 90 daysYes');
    expect(rows[1]?.textContent).toBe('Feb 17, 2026$1,200Last 90 daysNo: far off the others');
    expect(rows[8]?.textContent).toContain('The 90 days before');
  });

  it('draws no band or median without a value, and says so when there is no sale at all', () => {
    const { container, unmount } = render(
      <PriceHistoryChart
        valuation={valuation({
          value: null,
          range: null,
          sales: valuation().sales.filter((sale) => sale.earlier),
          summary: 'No sales of the model in the last 90 days.',
        })}
      />,
    );
    expect(screen.getByRole('img', { name: 'No sales of the model in the last 90 days.' })).toBeTruthy();
    expect(container.querySelector('[data-part="band"]')).toBeNull();
    expect(container.querySelector('[data-part="median"]')).toBeNull();
    unmount();
    render(<PriceHistoryChart valuation={valuation({ value: null, range: null, sales: [] })} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No sales to chart in the last 180 days.')).toBeTruthy();
  });
});

describe('price-history scale', () => {
  it('rounds the dollar axis to about four steps around the prices', () => {
    expect(priceDomain([480, 1200])).toEqual({ low: 400, high: 1200, step: 200 });
    expect(priceDomain([549])).toEqual({ low: 450, high: 650, step: 50 });
  });

  it('writes five dates where they fit, three on a narrow chart', () => {
    const wide = { width: 640, height: 260, left: 60, right: 16, top: 24, bottom: 28 };
    expect(chartLayout(valuation(), wide, String).dateTicks.map((tick) => tick.label)).toEqual([
      'Sep 2',
      'Oct 17',
      'Dec 1',
      'Jan 15',
      'Mar 1',
    ]);
    const narrow = { ...wide, width: 320 };
    expect(chartLayout(valuation(), narrow, String).dateTicks.map((tick) => tick.label)).toEqual([
      'Sep 2',
      'Dec 1',
      'Mar 1',
    ]);
  });

  it('keeps every point inside the plot', () => {
    const box = { width: 300, height: 150, left: 50, right: 10, top: 20, bottom: 20 };
    const layout = chartLayout(
      valuation({ sales: [{ price: 500, soldAt: daysAgo(400), earlier: true, outlier: false }] }),
      box,
      String,
    );
    expect(layout.sales[0]?.x).toBe(50);
  });
});
