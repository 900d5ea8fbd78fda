import { useEffect, useId, useRef, useState } from 'react';
import type { FirearmValuationJson } from '../../../shared/contract/identification.ts';
import { formatValue } from '../../../shared/domain/valuation.ts';
import styles from './price-history-chart.module.css';
import { type ChartBox, chartLayout, type SaleKind, saleKeys } from './price-history-scale.ts';

export type PriceHistoryChartSize = 'large' | 'small';

export interface PriceHistoryChartProps {
  valuation: Pick<
    FirearmValuationJson,
    'sales' | 'value' | 'range' | 'windowDays' | 'valuedAt' | 'summary' | 'subject'
  >;
  /** Large on the identify result; small beside a listing. */
  size?: PriceHistoryChartSize;
}

/** The box drawn before the chart's width is known (on the server, and before the first measure). */
const BOXES: Readonly<Record<PriceHistoryChartSize, ChartBox>> = {
  large: { width: 640, height: 260, left: 60, right: 16, top: 24, bottom: 28 },
  small: { width: 400, height: 180, left: 52, right: 12, top: 22, bottom: 26 },
};
const MIN_WIDTH = 240;
const RADIUS: Readonly<Record<PriceHistoryChartSize, number>> = { large: 4.5, small: 3.5 };

const KIND_CLASS: Readonly<Record<SaleKind, string | undefined>> = {
  current: styles.current,
  earlier: styles.earlier,
  outlier: styles.outlier,
  earlierOutlier: styles.earlierOutlier,
};

const TABLE_DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** The width the chart has on the page, once measured; `fallback` until then (and on the server). */
function useMeasuredWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(Math.max(MIN_WIDTH, measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The sales behind a value over time: each sale a point (the earlier window's lighter, those the
 * fence left out hollow), the median as a line and the middle 50% as a band over the value's window.
 * Read as an image named by the value's summary, with the sales as a table for anyone who wants
 * the figures.
 */
export function PriceHistoryChart({ valuation, size = 'large' }: PriceHistoryChartProps) {
  const id = useId();
  const [plotRef, width] = useMeasuredWidth(BOXES[size].width);
  const box = { ...BOXES[size], width };
  const layout = chartLayout(valuation, box, formatValue);
  const keys = saleKeys(valuation.sales);
  const radius = RADIUS[size];
  const plotRight = box.width - box.right;
  const plotBottom = box.height - box.bottom;
  const days = valuation.windowDays;
  const lastTick = layout.dateTicks.length - 1;

  if (valuation.sales.length === 0) {
    return <p className={styles.empty}>No sales to chart in the last {days * 2} days.</p>;
  }
  return (
    <figure className={styles.chart} data-size={size}>
      <div ref={plotRef} className={styles.plot}>
        <svg
          role="img"
          aria-label={valuation.summary}
          viewBox={`0 0 ${box.width} ${box.height}`}
          className={styles.svg}
        >
          <g className={styles.grid}>
            {layout.priceTicks.map((tick) => (
              <g key={tick.label}>
                <line x1={box.left} x2={plotRight} y1={tick.at} y2={tick.at} />
                <text x={box.left - 8} y={tick.at} dy="0.32em" textAnchor="end">
                  {tick.label}
                </text>
              </g>
            ))}
            {layout.dateTicks.map((tick, index) => (
              <text
                key={tick.at}
                x={tick.at}
                y={plotBottom + 18}
                textAnchor={index === 0 ? 'start' : index === lastTick ? 'end' : 'middle'}
              >
                {tick.label}
              </text>
            ))}
          </g>
          <line
            className={styles.windowStart}
            x1={layout.windowStartX}
            x2={layout.windowStartX}
            y1={box.top - 16}
            y2={plotBottom}
          />
          <text className={styles.windowLabel} x={layout.windowStartX - 6} y={box.top - 8} textAnchor="end">
            {days} days before
          </text>
          <text className={styles.windowLabel} x={layout.windowStartX + 6} y={box.top - 8}>
            Last {days} days
          </text>
          {layout.band ? (
            <rect
              className={styles.band}
              data-part="band"
              x={layout.band.x}
              y={layout.band.y}
              width={layout.band.width}
              height={layout.band.height}
            />
          ) : null}
          {layout.median ? (
            <line
              className={styles.median}
              data-part="median"
              x1={layout.median.x1}
              x2={layout.median.x2}
              y1={layout.median.y}
              y2={layout.median.y}
            />
          ) : null}
          {layout.sales.map((point) => (
            <circle
              key={point.key}
              className={KIND_CLASS[point.kind]}
              data-sale={point.kind}
              cx={point.x}
              cy={point.y}
              r={radius}
            />
          ))}
        </svg>
      </div>
      <figcaption className={styles.legend}>
        <ul>
          <li>
            <Swatch kind="current" /> Sales in the last {days} days
          </li>
          <li>
            <Swatch kind="earlier" /> The {days} days before
          </li>
          <li>
            <Swatch kind="outlier" /> Far-off prices, left out
          </li>
          {layout.median ? (
            <li>
              <svg className={styles.swatch} viewBox="0 0 16 16" aria-hidden="true">
                <line className={styles.median} x1="1" x2="15" y1="8" y2="8" />
              </svg>{' '}
              Median
            </li>
          ) : null}
          {layout.band ? (
            <li>
              <svg className={styles.swatch} viewBox="0 0 16 16" aria-hidden="true">
                <rect className={styles.band} x="1" y="3" width="14" height="10" />
              </svg>{' '}
              Middle 50% of prices
            </li>
          ) : null}
        </ul>
      </figcaption>
      <details className={styles.details}>
        <summary>
          Show the {valuation.sales.length} {valuation.sales.length === 1 ? 'sale' : 'sales'} as a table
        </summary>
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-describedby={`${id}-note`}>
            <caption>Sales of {valuation.subject}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Sold</th>
                <th scope="col">Price</th>
                <th scope="col">Window</th>
                <th scope="col">Counted</th>
              </tr>
            </thead>
            <tbody>
              {valuation.sales.map((sale, index) => (
                <tr key={keys[index]}>
                  <td>{TABLE_DATE.format(Date.parse(sale.soldAt))}</td>
                  <td data-numeric="">{formatValue(sale.price)}</td>
                  <td>{sale.earlier ? `The ${days} days before` : `Last ${days} days`}</td>
                  <td>{sale.outlier ? 'No: far off the others' : 'Yes'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p id={`${id}-note`} className={styles.note}>
          A price further than one and a half times the spread of the middle half from it is left out of every
          figure.
        </p>
      </details>
    </figure>
  );
}

function Swatch({ kind }: { kind: SaleKind }) {
  return (
    <svg className={styles.swatch} viewBox="0 0 16 16" aria-hidden="true">
      <circle className={KIND_CLASS[kind]} cx="8" cy="8" r="4.5" />
    </svg>
  );
}
