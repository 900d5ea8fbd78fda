import { useEffect, useId, useState } from 'react';
import type { RowIssue } from '../../../shared/domain/inventory.ts';
import { INVENTORY_COLUMN_INFO, type InventoryColumn } from '../../../shared/domain/inventory-columns.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './bulk-upload.module.css';
import type { PreviewFilter, PreviewPage, PreviewQuery, SheetSummary } from './inventory-sheet.ts';

/** Rows on one page of the preview. */
export const PREVIEW_PAGE_SIZE = 50;

const count = new Intl.NumberFormat('en-US');

const SHOWN_COLUMNS: readonly InventoryColumn[] = [
  'stock_number',
  'title',
  'category',
  'condition',
  'price',
  'quantity',
];

export function issueText(issue: RowIssue): string {
  return issue.column ? `${INVENTORY_COLUMN_INFO[issue.column].label}: ${issue.message}` : issue.message;
}

export interface InventoryPreviewProps {
  summary: SheetSummary;
  /** Rows are read from the file's reader page by page; a 100k-row file never sits in the page. */
  loadPage: (query: PreviewQuery) => Promise<PreviewPage | null>;
  /** The rows are being checked again (the mapping changed). */
  busy?: boolean;
}

/** The file's rows as they will be uploaded, each with its problems, a page at a time. */
export function InventoryPreview({ summary, loadPage, busy = false }: InventoryPreviewProps) {
  const id = useId();
  const [filter, setFilter] = useState<PreviewFilter>(summary.errorRows > 0 ? 'errors' : 'all');
  const [wantedOffset, setOffset] = useState(0);
  const [page, setPage] = useState<PreviewPage | null>(null);
  const [failed, setFailed] = useState(false);

  const total = filter === 'errors' ? summary.errorRows : summary.totalRows;
  // After the rows are checked again there may be fewer of them: stay on the last page there is.
  const offset = Math.min(
    wantedOffset,
    Math.max(0, Math.ceil(total / PREVIEW_PAGE_SIZE) - 1) * PREVIEW_PAGE_SIZE,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new summary (rows checked again) means the page is read again
  useEffect(() => {
    let current = true;
    setFailed(false);
    loadPage({ filter, offset, limit: PREVIEW_PAGE_SIZE }).then(
      (answer) => {
        if (current) setPage(answer);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [loadPage, filter, offset, summary]);

  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(total, offset + PREVIEW_PAGE_SIZE);

  function show(next: PreviewFilter) {
    setFilter(next);
    setOffset(0);
  }

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.subheading}>
        Preview
      </h3>
      <p className={styles.counts}>
        {count.format(summary.totalRows)} {summary.totalRows === 1 ? 'row' : 'rows'} in {summary.fileName}:{' '}
        <strong className={styles.ok}>{count.format(summary.validRows)} ready</strong>,{' '}
        <strong className={summary.errorRows > 0 ? styles.failed : undefined}>
          {count.format(summary.errorRows)} with errors
        </strong>
        .
      </p>
      {summary.encoding === 'windows-1252' ? (
        <p className={styles.note}>
          This file is not saved as UTF-8; it was read as Windows (Western European) text and is sent as
          UTF-8. Check that accented letters and symbols look right below.
        </p>
      ) : null}
      <fieldset className={styles.filters} aria-label="Rows to show">
        <Button
          variant={filter === 'all' ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={filter === 'all'}
          onClick={() => show('all')}
        >
          All rows ({count.format(summary.totalRows)})
        </Button>
        <Button
          variant={filter === 'errors' ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={filter === 'errors'}
          onClick={() => show('errors')}
        >
          Rows with errors ({count.format(summary.errorRows)})
        </Button>
      </fieldset>

      {failed ? (
        <p role="alert" className={styles.problem}>
          The rows could not be shown. Choose the file again.
        </p>
      ) : page === null ? (
        <LoadingRegion label="Loading rows">
          <div className={styles.skeletonRows}>
            {Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={index} height="32px" />
            ))}
          </div>
        </LoadingRegion>
      ) : total === 0 ? (
        <p className={styles.empty}>
          {filter === 'errors' ? 'No row has an error.' : 'The file has a header but no rows.'}
        </p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table} aria-busy={busy}>
            <caption className="visually-hidden">
              {filter === 'errors' ? 'Rows with errors' : 'Rows'} {first} to {last} of {total}
            </caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                {SHOWN_COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {INVENTORY_COLUMN_INFO[column].label}
                  </th>
                ))}
                <th scope="col">Problems</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.rowNumber} className={row.issues.length > 0 ? styles.errorRow : undefined}>
                  <th scope="row" className={styles.number}>
                    {row.rowNumber}
                  </th>
                  {SHOWN_COLUMNS.map((column) => (
                    <td key={column} data-label={INVENTORY_COLUMN_INFO[column].label} className={styles.cell}>
                      {row.cells[column] ?? ''}
                    </td>
                  ))}
                  <td data-label="Problems">
                    {row.issues.length === 0 ? (
                      <span className={styles.ok}>Ready</span>
                    ) : (
                      <ul className={styles.issues}>
                        {row.issues.map((issue, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a row's issues are listed once, in order
                          <li key={index}>{issueText(issue)}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {total > PREVIEW_PAGE_SIZE ? (
        <nav className={styles.pages} aria-label="Preview pages">
          <Button
            variant="secondary"
            size="sm"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PREVIEW_PAGE_SIZE))}
          >
            Previous rows
          </Button>
          <span>
            Rows {count.format(first)}–{count.format(last)} of {count.format(total)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={last >= total}
            onClick={() => setOffset(offset + PREVIEW_PAGE_SIZE)}
          >
            Next rows
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
