import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type SellerListing, SellerListingStatus } from '../../../shared/contract/seller-listings.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { REWRITE_ENTRY } from '../../lib/navigation-state.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import { FormNotice, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import {
  type ListingAction,
  type ListingActionResult,
  runBulkListingAction,
  runListingAction,
} from './api/listing-actions.ts';
import { SELLER_LISTINGS_QUERY_KEY, useSellerListings } from './api/use-seller-listings.ts';
import type { SavedListingNotice } from './listing-form.tsx';
import {
  canClose,
  canRelist,
  listingStateLabel,
  MY_LISTINGS_SORTS,
  MY_LISTINGS_TABS,
  parseMyListingsSort,
  parseMyListingsTab,
  tabCount,
} from './listing-status.ts';
import styles from './my-listings.module.css';

/** Rows on one page of the table. */
export const MY_LISTINGS_PAGE_SIZE = 20;
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDay = (value: string | null) => (value ? day.format(new Date(value)) : '—');

type ResultLine = ListingActionResult & { title: string; action: ListingAction };

const DONE: Readonly<Record<ListingAction, string>> = {
  close: 'Closed',
  relist: 'Relisted',
  delete: 'Deleted',
};

function TabLink({
  label,
  current,
  count,
  href,
}: {
  label: string;
  current: boolean;
  count: number | null;
  href: string;
}) {
  return (
    <li>
      <Link className={styles.tab} to={href} aria-current={current ? 'page' : undefined}>
        {label}
        <span className={styles.count}>
          {count === null ? <Skeleton width="1.5em" /> : count}
          <span className={styles.visuallyHidden}> listings</span>
        </span>
      </Link>
    </li>
  );
}

/** What closing does, said before it is done: the listings come off sale and can be relisted. */
function closeDescription(listings: readonly SellerListing[] | null): string | undefined {
  if (!listings || listings.length === 0) return undefined;
  const which = listings.length === 1 ? `“${listings[0]?.title}”` : `${listings.length} listings`;
  return `${which} will come off sale: buyers can no longer find or buy ${listings.length === 1 ? 'it' : 'them'}. You can relist from the Closed tab.`;
}

/** My listings: the seller's listings by state, searched and sorted, with close, relist, edit and delete. */
export function MyListings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const tab = parseMyListingsTab(search.get('status'));
  const sort = parseMyListingsSort(search.get('sort'));
  const keyword = search.get('q')?.trim() || undefined;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const listings = useSellerListings({
    filters: { status: tab, sort, ...(keyword ? { keyword } : {}) },
    page,
    pageSize: MY_LISTINGS_PAGE_SIZE,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [results, setResults] = useState<ResultLine[] | null>(null);
  const [working, setWorking] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<SellerListing | null>(null);
  // Closing takes listings off sale, so it is confirmed as deleting is (one listing or the selection).
  const [confirmClose, setConfirmClose] = useState<readonly SellerListing[] | null>(null);
  const [savedNotice] = useState<SavedListingNotice | null>(
    () => (location.state as { savedListing?: SavedListingNotice } | null)?.savedListing ?? null,
  );
  const searchId = useId();
  const resultsRef = useRef<HTMLDivElement>(null);

  // The confirmation is read once; a reload of the page does not show it again.
  useEffect(() => {
    if (savedNotice) {
      navigate(`${location.pathname}${location.search}`, { replace: true, state: REWRITE_ENTRY });
    }
  }, [savedNotice, navigate, location.pathname, location.search]);

  const rows = listings.data?.results ?? [];
  const counts = listings.data?.counts ?? null;
  const total = listings.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MY_LISTINGS_PAGE_SIZE));

  function hrefWith(changes: Record<string, string | null>): string {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
    }
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setSelected(new Set());
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (text) next.set('q', text);
      else next.delete('q');
      next.delete('page');
      return next;
    });
  }

  async function act(action: ListingAction, targets: readonly SellerListing[]) {
    setWorking(true);
    setResults(null);
    const outcomes = await runBulkListingAction(
      api,
      action,
      targets.map((listing) => listing.id),
    );
    const titles = new Map(targets.map((listing) => [listing.id, listing.title]));
    setResults(outcomes.map((outcome) => ({ ...outcome, action, title: titles.get(outcome.id) ?? '' })));
    setSelected(new Set());
    setWorking(false);
    await queryClient.invalidateQueries({ queryKey: SELLER_LISTINGS_QUERY_KEY });
    await queryClient.invalidateQueries({ queryKey: ['dashboard', 'summary'] });
    requestAnimationFrame(() => resultsRef.current?.focus());
  }

  async function deleteConfirmed() {
    const listing = confirmDelete;
    setConfirmDelete(null);
    if (!listing) return;
    setWorking(true);
    const outcome = await runListingAction(api, 'delete', listing.id);
    setResults([{ ...outcome, action: 'delete', title: listing.title }]);
    setWorking(false);
    await queryClient.invalidateQueries({ queryKey: SELLER_LISTINGS_QUERY_KEY });
    requestAnimationFrame(() => resultsRef.current?.focus());
  }

  function closeConfirmed() {
    const targets = confirmClose;
    setConfirmClose(null);
    if (targets && targets.length > 0) void act('close', targets);
  }

  const selectedRows = rows.filter((listing) => selected.has(listing.id));
  const closable = selectedRows.filter(canClose);
  const relistable = selectedRows.filter(canRelist);
  const allSelected = rows.length > 0 && rows.every((listing) => selected.has(listing.id));
  const tabLabel = MY_LISTINGS_TABS.find((entry) => entry.tab === tab)?.label ?? 'Active';

  return (
    <div className={styles.page}>
      {savedNotice ? (
        <FormNotice>
          {savedNotice.created
            ? `Your listing “${savedNotice.title}” is listed.`
            : `Your changes to “${savedNotice.title}” are saved.`}{' '}
          <Link className={styles.link} to={savedNotice.url}>
            View listing
          </Link>
        </FormNotice>
      ) : null}

      <div className={styles.toolbar}>
        <search className={styles.search}>
          <form onSubmit={onSearch} aria-label="Search my listings">
            <label htmlFor={searchId} className={styles.label}>
              Search my listings
            </label>
            <div className={styles.searchRow}>
              <TextInput
                id={searchId}
                name="q"
                type="search"
                defaultValue={keyword ?? ''}
                key={keyword ?? ''}
              />
              <Button type="submit" variant="secondary">
                Search
              </Button>
            </div>
          </form>
        </search>
        <div className={styles.sort}>
          <label htmlFor={`${searchId}-sort`} className={styles.label}>
            Sort by
          </label>
          <SelectInput
            id={`${searchId}-sort`}
            value={sort}
            onChange={(event) => navigate(hrefWith({ sort: event.target.value, page: null }))}
          >
            {MY_LISTINGS_SORTS.map((entry) => (
              <option key={entry.sort} value={entry.sort}>
                {entry.label}
              </option>
            ))}
          </SelectInput>
        </div>
        <LinkButton to={paths.listItem()}>List an Item</LinkButton>
      </div>

      <nav aria-label="Listing states">
        <ul className={styles.tabs}>
          {MY_LISTINGS_TABS.map((entry) => (
            <TabLink
              key={entry.tab}
              label={entry.label}
              current={entry.tab === tab}
              count={counts ? tabCount(counts, entry.tab) : null}
              href={hrefWith({
                status: entry.tab === SellerListingStatus.Active ? null : entry.tab,
                page: null,
              })}
            />
          ))}
        </ul>
      </nav>

      <div ref={resultsRef} tabIndex={-1} className={styles.results}>
        {results ? (
          <div role="status">
            <p className={styles.resultsHeading}>
              {results.filter((line) => line.ok).length} of {results.length} done.
            </p>
            <ul className={styles.resultList}>
              {results.map((line) => (
                <li key={line.id} className={line.ok ? styles.ok : styles.failed}>
                  {line.title}: {line.ok ? DONE[line.action] : line.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <fieldset className={styles.bulk} aria-label="Selected listings">
        <span className={styles.selectedCount}>{selectedRows.length} selected</span>
        <Button
          variant="secondary"
          size="sm"
          disabled={working || closable.length === 0}
          onClick={() => setConfirmClose(closable)}
        >
          Close selected{closable.length > 0 ? ` (${closable.length})` : ''}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={working || relistable.length === 0}
          onClick={() => void act('relist', relistable)}
        >
          Relist selected{relistable.length > 0 ? ` (${relistable.length})` : ''}
        </Button>
      </fieldset>

      {listings.isPending ? (
        <LoadingRegion label="Loading your listings">
          <div className={styles.skeletonRows}>
            {Array.from({ length: 5 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={index} height="56px" />
            ))}
          </div>
        </LoadingRegion>
      ) : listings.isError ? (
        <div className={styles.empty} role="alert">
          <p>Your listings could not be loaded.</p>
          <Button variant="secondary" onClick={() => void listings.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className={styles.empty}>
          {keyword ? (
            <p>
              No {tabLabel.toLowerCase()} listings match “{keyword}”.
            </p>
          ) : (
            <p>You have no {tabLabel.toLowerCase()} listings.</p>
          )}
          {tab === SellerListingStatus.Active && !keyword ? (
            <LinkButton to={paths.listItem()}>List an Item</LinkButton>
          ) : null}
        </div>
      ) : (
        <table className={styles.table} aria-busy={listings.isFetching || working}>
          <caption className={styles.visuallyHidden}>
            {tabLabel} listings, page {page} of {pageCount}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.check}>
                <input
                  type="checkbox"
                  aria-label="Select all listings on this page"
                  checked={allSelected}
                  onChange={(event) =>
                    setSelected(event.target.checked ? new Set(rows.map((listing) => listing.id)) : new Set())
                  }
                />
              </th>
              <th scope="col">Listing</th>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
              <th scope="col">State</th>
              <th scope="col">Ends</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((listing) => (
              <tr key={listing.id}>
                <td className={styles.check}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${listing.title}`}
                    checked={selected.has(listing.id)}
                    onChange={(event) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (event.target.checked) next.add(listing.id);
                        else next.delete(listing.id);
                        return next;
                      })
                    }
                  />
                </td>
                <td data-label="Listing">
                  <Link className={styles.title} to={listing.listingURL}>
                    {listing.title}
                  </Link>
                  <span className={styles.started}>Listed {formatDay(listing.listingStartDate)}</span>
                </td>
                <td data-label="Price" className={styles.number}>
                  {money.format(listing.price)}
                </td>
                <td data-label="Quantity" className={styles.number}>
                  {listing.quantity}
                </td>
                <td data-label="State">{listingStateLabel(listing)}</td>
                <td data-label="Ends">{formatDay(listing.listingEndDate)}</td>
                <td className={styles.actions}>
                  <Link className={styles.link} to={listing.listingURL} aria-label={`View ${listing.title}`}>
                    View
                  </Link>
                  <Link
                    className={styles.link}
                    to={paths.listItem(listing.id)}
                    aria-label={`Edit ${listing.title}`}
                  >
                    Edit
                  </Link>
                  {canClose(listing) ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={working}
                      aria-label={`Close ${listing.title}`}
                      onClick={() => setConfirmClose([listing])}
                    >
                      Close
                    </Button>
                  ) : null}
                  {canRelist(listing) ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={working}
                      aria-label={`Relist ${listing.title}`}
                      onClick={() => void act('relist', [listing])}
                    >
                      Relist
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={working}
                    aria-label={`Delete ${listing.title}`}
                    onClick={() => setConfirmDelete(listing)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {pageCount > 1 ? (
        <nav className={styles.pages} aria-label="Pages">
          {page > 1 ? (
            <Link className={styles.link} to={hrefWith({ page: String(page - 1) })} rel="prev">
              Previous
            </Link>
          ) : null}
          <span aria-current="page">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link className={styles.link} to={hrefWith({ page: String(page + 1) })} rel="next">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}

      <ModalDialog
        open={confirmClose !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmClose(null);
        }}
        title={
          confirmClose && confirmClose.length > 1
            ? `Close ${confirmClose.length} listings?`
            : 'Close this listing?'
        }
        description={closeDescription(confirmClose)}
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setConfirmClose(null)}>
            {confirmClose && confirmClose.length > 1 ? 'Keep listings' : 'Keep listing'}
          </Button>
          <Button onClick={closeConfirmed}>
            {confirmClose && confirmClose.length > 1
              ? `Close ${confirmClose.length} listings`
              : 'Close listing'}
          </Button>
        </DialogActions>
      </ModalDialog>

      <ModalDialog
        open={confirmDelete !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmDelete(null);
        }}
        title="Delete this listing?"
        description={
          confirmDelete
            ? `“${confirmDelete.title}” will be removed for good. This cannot be undone.`
            : undefined
        }
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setConfirmDelete(null)}>
            Keep listing
          </Button>
          <Button onClick={() => void deleteConfirmed()}>Delete listing</Button>
        </DialogActions>
      </ModalDialog>
    </div>
  );
}
