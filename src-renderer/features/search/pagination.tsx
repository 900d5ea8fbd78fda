import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import styles from './pagination.module.css';

export interface PaginationProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}

/** Page numbers around the current page, with the first and last always reachable. */
export function pageWindow(page: number, pageCount: number, radius = 2): (number | 'gap')[] {
  const pages = new Set([1, pageCount]);
  for (let n = Math.max(1, page - radius); n <= Math.min(pageCount, page + radius); n++) pages.add(n);
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) result.push('gap');
    result.push(n);
  }
  return result;
}

export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label="Pages">
      <ul>
        <li>
          {page > 1 ? (
            <Link className={styles.step} to={hrefFor(page - 1)} rel="prev">
              <ChevronLeft size={16} aria-hidden="true" /> Previous
            </Link>
          ) : null}
        </li>
        {pageWindow(page, pageCount).map((entry, index) =>
          entry === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                className={styles.page}
                to={hrefFor(entry)}
                aria-current={entry === page ? 'page' : undefined}
                aria-label={`Page ${entry}`}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link className={styles.step} to={hrefFor(page + 1)} rel="next">
              Next <ChevronRight size={16} aria-hidden="true" />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
