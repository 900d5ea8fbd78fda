import { SlidersHorizontal, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import { SEARCH_PAGE_SIZE } from '../../../shared/contract/search-call.ts';
import { CONDITION_LABELS } from '../../../shared/domain/listing.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { EMPTY_GUID } from '../../../shared/domain/uuid.ts';
import { paths } from '../../../shared/routes/paths.ts';
import type { SearchSort } from '../../../shared/search/search-sort.ts';
import {
  effectiveSearch,
  parseSearchParams,
  type SearchRouteParams,
  toSearchQueryString,
} from '../../../shared/search/search-url.ts';
import { familyLabelById } from '../../lib/family-label.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import { useListingsSearch } from './api/use-listings-search.ts';
import { Pagination } from './pagination.tsx';
import { type SearchChange, SearchFilters } from './search-filters.tsx';
import { LISTING_TYPE_LABELS } from './search-options.ts';
import styles from './search-view.module.css';

export interface SearchViewProps {
  heading: string;
  intro?: ReactNode;
  /** The page's own filters (a firearms section, a city's ZIP, new this week); the URL adds to them. */
  base?: SearchRouteParams;
  /** Shown between the heading and the results (a brand's hero and focus products). */
  children?: ReactNode;
  /** How the page shows listings: its grid of cards, composed by the page. */
  grid: SearchResultsGrid;
}

export interface SearchResultsGrid {
  /** One page of results; the `critical` leading images load at once. */
  results: (listings: readonly ListingCard[], critical: number) => ReactNode;
  /** Stand-in cards while the first answer loads. */
  loading: ReactNode;
}

const SORT_LABELS: Readonly<Record<SearchSort, string>> = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest first',
  distance: 'Nearest first',
  'ending-soonest': 'Ending soonest',
};

/** Sorts a search of completed auctions offers: their default is the latest sale first. */
const COMPLETED_SORTS: readonly SearchSort[] = ['relevance', 'price-asc', 'price-desc', 'distance'];

interface Chip {
  key: string;
  label: string;
  clear: SearchChange;
}

function activeChips(params: SearchRouteParams, sellerName: string | undefined): Chip[] {
  const chips: Chip[] = [];
  if (params.keyword)
    chips.push({ key: 'keyword', label: `“${params.keyword}”`, clear: { keyword: undefined } });
  for (const id of params.familyIDs ?? []) {
    const rest = (params.familyIDs ?? []).filter((other) => other !== id);
    chips.push({
      key: `family-${id}`,
      label: familyLabelById(id),
      clear: { familyIDs: rest.length ? rest : undefined },
    });
  }
  if (params.completed)
    chips.push({ key: 'completed', label: 'Completed auctions', clear: { completed: undefined } });
  if (params.listingType)
    chips.push({
      key: 'type',
      label: LISTING_TYPE_LABELS[params.listingType],
      clear: { listingType: undefined },
    });
  if (params.condition)
    chips.push({
      key: 'condition',
      label: CONDITION_LABELS[params.condition],
      clear: { condition: undefined },
    });
  if (params.minPrice !== undefined || params.maxPrice !== undefined) {
    const label =
      params.minPrice !== undefined && params.maxPrice !== undefined
        ? `${formatPrice(params.minPrice)} – ${formatPrice(params.maxPrice)}`
        : params.minPrice !== undefined
          ? `From ${formatPrice(params.minPrice)}`
          : `Up to ${formatPrice(params.maxPrice)}`;
    chips.push({ key: 'price', label, clear: { minPrice: undefined, maxPrice: undefined } });
  }
  if (params.zipCode)
    chips.push({
      key: 'zip',
      label: `Within ${params.distance ?? 50} miles of ${params.zipCode}`,
      clear: { zipCode: undefined, distance: undefined },
    });
  if (params.uid)
    chips.push({ key: 'uid', label: `Seller: ${sellerName ?? 'one seller'}`, clear: { uid: undefined } });
  if (params.upsells) chips.push({ key: 'upsells', label: 'Featured only', clear: { upsells: undefined } });
  if (params.listingStartDate)
    chips.push({
      key: 'age',
      label: `Listed in the last ${params.listingStartDate === 1 ? 'day' : `${params.listingStartDate} days`}`,
      clear: { listingStartDate: undefined },
    });
  if (params.distributorId)
    chips.push({
      key: 'distributor',
      label:
        params.distributorId === EMPTY_GUID ? 'No distributor catalogues' : 'One distributor’s catalogue',
      clear: { distributorId: undefined },
    });
  return chips;
}

/** What the results are counted as: listings, or the sold auctions of a completed search. */
function resultsNoun(one: boolean, completed: boolean): string {
  if (completed) return one ? 'sold auction' : 'sold auctions';
  return one ? 'listing' : 'listings';
}

/** Said above the results when the keyword as typed found nothing and a corrected spelling did. */
function SpellingNote({ typed, corrected }: { typed: string; corrected: string }) {
  return (
    <p className={styles.correction} role="status">
      Showing results for <strong>{corrected}</strong>. No listings matched “{typed}”.
    </p>
  );
}

/**
 * A search page: the URL is the state (filters, sort, page), so back/forward and shared links
 * restore it. Every search page of the app (search, firearms, brand, city, new this week) is this.
 */
export function SearchView({ heading, intro, base = {}, children, grid }: SearchViewProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = parseSearchParams(location.search);
  const params = effectiveSearch(base, fromUrl);
  const search = useListingsSearch(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const headingId = useId();

  const go = (next: SearchRouteParams) => {
    const query = toSearchQueryString(next);
    navigate({ pathname: location.pathname, search: query ? `?${query}` : '' });
  };
  /** A new filter starts again at page 1. */
  const change = (changes: SearchChange) =>
    go({ ...fromUrl, ...changes, page: undefined } as SearchRouteParams);
  const clearAll = () => go(fromUrl.cmc ? { cmc: fromUrl.cmc } : {});

  const data = search.data;
  const page = params.page ?? 1;
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / (data?.pageSize ?? SEARCH_PAGE_SIZE)));
  const sellerName = params.uid
    ? data?.results.find((listing) => listing.userId === params.uid)?.displayName
    : undefined;
  const chips = activeChips(params, sellerName);
  const userChips = chips.filter((chip) => Object.keys(chip.clear).some((key) => key in fromUrl));
  const pageHref = (target: number) => {
    const query = toSearchQueryString({ ...fromUrl, page: target > 1 ? target : undefined });
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };

  let results: ReactNode;
  if (!data && search.isError) {
    results = (
      <div className={styles.state} role="alert">
        <h2 className={styles.stateHeading}>We couldn’t load these listings.</h2>
        <p>Check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void search.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!data) {
    results = grid.loading;
  } else if (data.results.length === 0) {
    results = (
      <div className={styles.state}>
        <h2 className={styles.stateHeading}>No listings match this search.</h2>
        <p>
          Try fewer or different words, remove a filter{params.zipCode ? ', or search a wider distance' : ''}.
          New listings arrive every day.
        </p>
        <div className={styles.stateActions}>
          {userChips.length > 0 ? (
            <Button variant="secondary" onClick={clearAll}>
              Clear all filters
            </Button>
          ) : null}
          <LinkButton to={paths.firearms()} variant="secondary">
            Browse all firearms
          </LinkButton>
          <LinkButton to={paths.advancedSearch()} variant="ghost">
            Advanced search
          </LinkButton>
        </div>
      </div>
    );
  } else {
    results = (
      <div aria-busy={search.isFetching} className={search.isPlaceholderData ? styles.stale : undefined}>
        {grid.results(data.results, page === 1 ? 4 : 0)}
        <Pagination page={page} pageCount={pageCount} hrefFor={pageHref} />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 id={headingId} className={styles.heading}>
          {heading}
        </h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {data?.correctedKeyword && params.keyword ? (
          <SpellingNote typed={params.keyword} corrected={data.correctedKeyword} />
        ) : null}
      </div>
      {children}
      <div className={styles.layout}>
        <aside className={styles.aside} aria-label="Filters">
          <Button
            variant="secondary"
            className={styles.filtersToggle}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal size={16} aria-hidden="true" />
            {filtersOpen ? 'Hide filters' : 'Show filters'}
          </Button>
          <div id={filtersId} className={styles.filterPanel} data-open={filtersOpen}>
            <h2 className="visually-hidden">Filters</h2>
            <SearchFilters params={params} facets={data?.facets ?? undefined} onChange={change} />
          </div>
        </aside>
        <section className={styles.results} aria-labelledby={headingId}>
          {/* Cards title their listing with h3: the outline goes h1, h2, h3 without a gap. */}
          <h2 className="visually-hidden">Results</h2>
          <div className={styles.toolbar}>
            <p className={styles.count} aria-live="polite" aria-atomic="true" data-numeric="">
              {data
                ? `${total.toLocaleString('en-US')}${data.totalCapped ? '+' : ''} ${resultsNoun(total === 1 && !data.totalCapped, params.completed === true)}`
                : 'Searching…'}
              {data && pageCount > 1 ? ` · page ${page} of ${pageCount.toLocaleString('en-US')}` : ''}
            </p>
            <label className={styles.sort}>
              Sort by
              <select
                value={params.sort ?? 'relevance'}
                onChange={(event) =>
                  change({
                    sort: event.target.value === 'relevance' ? undefined : (event.target.value as SearchSort),
                  })
                }
              >
                {(Object.keys(SORT_LABELS) as SearchSort[])
                  .filter((sort) => sort !== 'distance' || params.zipCode)
                  .filter((sort) => !params.completed || COMPLETED_SORTS.includes(sort))
                  .map((sort) => (
                    <option key={sort} value={sort}>
                      {SORT_LABELS[sort]}
                    </option>
                  ))}
              </select>
            </label>
          </div>
          {userChips.length > 0 ? (
            <ul className={styles.chips} aria-label="Active filters">
              {userChips.map((chip) => (
                <li key={chip.key}>
                  <button type="button" className={styles.chip} onClick={() => change(chip.clear)}>
                    {chip.label}
                    <X size={14} aria-hidden="true" />
                    <span className="visually-hidden"> (remove filter)</span>
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className={styles.clearAll} onClick={clearAll}>
                  Clear all
                </button>
              </li>
            </ul>
          ) : null}
          {results}
        </section>
      </div>
      <p className={styles.footnote}>
        Can’t find it? <Link to={paths.advancedSearch()}>Try the advanced search</Link>.
      </p>
    </div>
  );
}
