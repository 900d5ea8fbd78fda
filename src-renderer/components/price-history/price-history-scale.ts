import type { FirearmValuationJson, ValuationSaleJson } from '../../../shared/contract/identification.ts';

/*
 * The price-history chart's geometry, apart from its drawing: which sales go where, the dollar
 * ticks, the date ticks. Pure, so the chart draws the same on the server and in the browser.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the dollar labels on the left and the dates below. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export type SaleKind = 'current' | 'earlier' | 'outlier' | 'earlierOutlier';

export interface PlottedSale {
  key: string;
  x: number;
  y: number;
  kind: SaleKind;
  sale: ValuationSaleJson;
}

export interface Tick {
  at: number;
  label: string;
}

export interface ChartLayout {
  sales: PlottedSale[];
  /** Where the value's window starts (the earlier window lies left of it). */
  windowStartX: number;
  /** The middle 50% over the value's window; null without a range. */
  band: { x: number; y: number; width: number; height: number } | null;
  /** The median over the value's window; null without a value. */
  median: { x1: number; x2: number; y: number } | null;
  priceTicks: Tick[];
  dateTicks: Tick[];
}

/** A key for each sale, in order: its time and price, numbered when another sale has both. */
export function saleKeys(sales: readonly Pick<ValuationSaleJson, 'soldAt' | 'price'>[]): string[] {
  const seen = new Map<string, number>();
  return sales.map((sale) => {
    const base = `${sale.soldAt}-${sale.price}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  });
}

export function saleKind(sale: Pick<ValuationSaleJson, 'earlier' | 'outlier'>): SaleKind {
  if (sale.outlier) return sale.earlier ? 'earlierOutlier' : 'outlier';
  return sale.earlier ? 'earlier' : 'current';
}

/** A round step (1, 2 or 5 times a power of ten) giving about `count` steps over `span`. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/** The dollar axis: from a round price below the lowest to one above the highest, about four steps. */
export function priceDomain(prices: readonly number[]): { low: number; high: number; step: number } {
  let min = Math.min(...prices);
  let max = Math.max(...prices);
  if (max - min < 1) {
    // One price (or many equal ones): a band around it, so the points sit in the middle.
    const pad = Math.max(10, max * 0.1);
    min -= pad;
    max += pad;
  }
  const step = niceStep(max - min, 4);
  return { low: Math.max(0, Math.floor(min / step) * step), high: Math.ceil(max / step) * step, step };
}

const DATE_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Mar 4': in UTC, so a page rendered on the server reads the same in every browser. */
export const chartDate = (time: number) => DATE_LABEL.format(time);

/**
 * Places the sales of a valuation in the box: x is when each sold over the value's window and the
 * one before it (ending at `valuedAt`), y its price.
 */
export function chartLayout(
  valuation: Pick<FirearmValuationJson, 'sales' | 'value' | 'range' | 'windowDays' | 'valuedAt'>,
  box: ChartBox,
  formatPrice: (dollars: number) => string,
): ChartLayout {
  const end = Date.parse(valuation.valuedAt);
  const windowMs = valuation.windowDays * DAY_MS;
  const start = end - 2 * windowMs;
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const xOf = (time: number) =>
    box.left + ((Math.min(end, Math.max(start, time)) - start) / (end - start)) * plotWidth;

  const prices = valuation.sales.map((sale) => sale.price);
  if (valuation.value !== null) prices.push(valuation.value);
  if (valuation.range) prices.push(valuation.range.low, valuation.range.high);
  const domain = priceDomain(prices.length > 0 ? prices : [0]);
  const yOf = (price: number) =>
    box.top + plotHeight - ((price - domain.low) / (domain.high - domain.low)) * plotHeight;

  const windowStartX = xOf(end - windowMs);
  const right = box.left + plotWidth;
  // Drawn oldest first, outliers last: the newest and the ones left out stay on top.
  const order: Record<SaleKind, number> = { earlier: 0, earlierOutlier: 1, current: 2, outlier: 3 };
  const keys = saleKeys(valuation.sales);
  const sales = valuation.sales
    .map((sale, index) => ({
      key: keys[index] ?? String(index),
      x: xOf(Date.parse(sale.soldAt)),
      y: yOf(sale.price),
      kind: saleKind(sale),
      sale,
    }))
    .sort((a, b) => order[a.kind] - order[b.kind] || a.x - b.x);

  const priceTicks: Tick[] = [];
  for (let price = domain.low; price <= domain.high + domain.step / 2; price += domain.step) {
    priceTicks.push({ at: yOf(price), label: formatPrice(price) });
  }
  // Five dates where they fit (about 80 px each), otherwise the two ends and where the window starts.
  const steps = plotWidth >= 400 ? 4 : 2;
  const dateTicks: Tick[] = Array.from({ length: steps + 1 }, (_, step) => {
    const time = start + (step / steps) * (end - start);
    return { at: xOf(time), label: chartDate(time) };
  });

  return {
    sales,
    windowStartX,
    band: valuation.range
      ? {
          x: windowStartX,
          y: yOf(valuation.range.high),
          width: right - windowStartX,
          height: Math.max(1, yOf(valuation.range.low) - yOf(valuation.range.high)),
        }
      : null,
    median: valuation.value === null ? null : { x1: windowStartX, x2: right, y: yOf(valuation.value) },
    priceTicks,
    dateTicks,
  };
}
