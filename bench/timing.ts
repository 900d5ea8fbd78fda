/** Percentiles and the table rows of the search benchmark (`bench/search.ts`, `bench/search-mix-bench.ts`). */

export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface Figures {
  p50: number;
  p95: number;
  p99: number;
  runs: number;
}

/** p50, p95 and p99 of some timings (ms), in any order. */
export function figuresOf(samples: readonly number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    runs: sorted.length,
  };
}

/** Collects garbage when the benchmark runs with --expose-gc (the npm script passes it). */
export const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

const ms = (value: number) => value.toFixed(1).padStart(6);

/** The header and a row of an API-beside-SQL table; `width` is the name column's. */
export const tableHeader = (width = 17) =>
  `${'scenario'.padEnd(width)} |  API p50    p95    p99 |  SQL p50    p95    p99 | API/SQL p50, p95 |  runs`;

export const tableRow = (name: string, api: Figures, direct: Figures, width = 17) =>
  `${name.padEnd(width)} | ${ms(api.p50)} ${ms(api.p95)} ${ms(api.p99)} | ${ms(direct.p50)} ${ms(direct.p95)} ${ms(direct.p99)} | ${(api.p50 / direct.p50).toFixed(2).padStart(5)}× ${(api.p95 / direct.p95).toFixed(2).padStart(5)}× | ${String(api.runs).padStart(5)}`;
