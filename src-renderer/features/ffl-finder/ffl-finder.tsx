import { useState } from 'react';
import { FFL_PAGE_SIZE_DEFAULT, type FflSearchResult } from '../../../shared/contract/ffl.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { useFflSearch } from './api/use-ffl-search.ts';
import styles from './ffl-finder.module.css';
import { FflResults } from './ffl-results.tsx';
import { FflSearchForm } from './ffl-search-form.tsx';
import { EMPTY_FFL_SEARCH, type FflSearch, isFflSearchReady } from './search-state.ts';

export interface FflFinderProps {
  /** The search shown; with `onSearchChange` the caller keeps it (e.g. in the page address). */
  search?: FflSearch;
  onSearchChange?: (search: FflSearch) => void;
  /** Where a search starts when the finder keeps its own (e.g. the buyer's ZIP code). */
  initialSearch?: Partial<FflSearch>;
  /** Picker mode (checkout): each dealer gets a "Choose" button naming the dealer. */
  onSelect?: (dealer: FflSearchResult) => void;
  selectedId?: string | null;
  pageSize?: number;
  /** The heading level of the results' heading: 2 on its own page, 3 inside another section. */
  headingLevel?: 2 | 3;
}

function summary(total: number, search: FflSearch): string {
  const dealers = total === 1 ? '1 dealer' : `${total} dealers`;
  const where = search.zip ? ` within ${search.radius} miles of ${search.zip}` : '';
  const named = search.name ? ` named “${search.name}”` : '';
  return `${dealers}${named}${where}`;
}

/**
 * The dealer finder: search by ZIP code and distance and/or name, a page of dealers with distance,
 * address, phone, transfer fee and notes. On the /ffl page the address holds the search; checkout
 * embeds it as a dealer picker with `onSelect`.
 */
export function FflFinder({
  search: controlled,
  onSearchChange,
  initialSearch,
  onSelect,
  selectedId,
  pageSize = FFL_PAGE_SIZE_DEFAULT,
  headingLevel = 2,
}: FflFinderProps) {
  const [own, setOwn] = useState<FflSearch>({ ...EMPTY_FFL_SEARCH, ...initialSearch });
  const search = controlled ?? own;
  const change = (next: FflSearch) => {
    if (onSearchChange) onSearchChange(next);
    if (!controlled) setOwn(next);
  };
  const result = useFflSearch(search, pageSize);
  const ready = isFflSearchReady(search);
  const error = result.error;
  const fields = isApiError(error) && error.status === 400 ? error.fields : {};
  const serverErrors = {
    zip: fields['query.zip'],
    radius: fields['query.radius'],
    name: fields['query.name'],
  };
  const fieldError = Object.values(serverErrors).some(Boolean);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const answer = result.data;
  const shown = ready && !error && answer !== undefined;

  return (
    <section className={styles.finder} aria-label="Dealer finder">
      <FflSearchForm search={search} onSearch={change} serverErrors={serverErrors} />
      <div role="status" aria-live="polite" aria-atomic="true" className={styles.count}>
        {shown ? summary(answer.total, search) : result.isFetching ? 'Searching for dealers…' : ''}
      </div>
      {!ready ? (
        <p className={styles.hint}>
          Enter a ZIP code to see licensed dealers nearest you, or search by name.
        </p>
      ) : error && !fieldError ? (
        <div role="alert" className={styles.problem}>
          <p>{isApiError(error) ? error.message : 'The dealers could not be loaded.'}</p>
          <Button variant="secondary" size="sm" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </div>
      ) : error ? null : answer === undefined ? (
        <p className={styles.hint}>Loading dealers…</p>
      ) : answer.total === 0 ? (
        <div className={styles.empty}>
          <Heading className={styles.resultsHeading}>No dealers found</Heading>
          <p>
            {search.zip
              ? 'Try a wider distance, or check the ZIP code.'
              : 'Try another spelling or a ZIP code.'}
          </p>
        </div>
      ) : (
        <>
          <Heading className={styles.resultsHeading}>Dealers</Heading>
          <FflResults
            answer={answer}
            updating={result.isPlaceholderData && result.isFetching}
            onPage={(page) => change({ ...search, page })}
            onSelect={onSelect}
            selectedId={selectedId}
            headingLevel={headingLevel === 2 ? 3 : 4}
          />
        </>
      )}
    </section>
  );
}
