import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type SellerListing, SellerListingStatus } from '../../../shared/contract/seller-listings.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { REWRITE_ENTRY } from '../../lib/navigation-state.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import { FormNotice } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useSellerListings } from './api/use-seller-listings.ts';
import { canClose, canRelist, MY_LISTINGS_TABS } from './listing-status.ts';
import styles from './my-listings.module.css';
import { MyListingsPages, MyListingsTabs, MyListingsToolbar } from './my-listings-controls.tsx';
import { CloseListingsDialog, DeleteListingDialog, ListingActionResults } from './my-listings-dialogs.tsx';
import { MyListingsTable } from './my-listings-table.tsx';
import type { SavedListingNotice } from './saved-listing-notice.ts';
import { type ListingActions, useListingActions } from './use-listing-actions.ts';
import { useMyListingsParams } from './use-my-listings-params.ts';

/** Rows on one page of the table. */
export const MY_LISTINGS_PAGE_SIZE = 20;

/** My listings: the seller's listings by state, searched and sorted, with close, relist, edit and delete. */
export function MyListings() {
  const params = useMyListingsParams();
  const { tab, sort, keyword, page } = params;
  const listings = useSellerListings({
    filters: { status: tab, sort, ...(keyword ? { keyword } : {}) },
    page,
    pageSize: MY_LISTINGS_PAGE_SIZE,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const actions = useListingActions(() => setSelected(new Set()));

  const rows = listings.data?.results ?? [];
  const total = listings.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MY_LISTINGS_PAGE_SIZE));
  const selectedRows = rows.filter((listing) => selected.has(listing.id));
  const tabLabel = MY_LISTINGS_TABS.find((entry) => entry.tab === tab)?.label ?? 'Active';

  return (
    <div className={styles.page}>
      <SavedNotice />
      <MyListingsToolbar
        params={params}
        onSearch={(text) => {
          setSelected(new Set());
          params.searchFor(text);
        }}
      />
      <MyListingsTabs params={params} counts={listings.data?.counts ?? null} />
      <ListingActionResults actions={actions} />
      <SelectionActions selectedRows={selectedRows} actions={actions} />

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
        <MyListingsTable
          rows={rows}
          caption={`${tabLabel} listings, page ${page} of ${pageCount}`}
          busy={listings.isFetching || actions.working}
          selected={selected}
          onSelect={setSelected}
          actions={actions}
        />
      )}

      <MyListingsPages params={params} pageCount={pageCount} />
      <CloseListingsDialog actions={actions} />
      <DeleteListingDialog actions={actions} />
    </div>
  );
}

/** The confirmation of a save made on the listing form; it is read once, so a reload does not show it again. */
function SavedNotice() {
  const navigate = useNavigate();
  const location = useLocation();
  const [notice] = useState<SavedListingNotice | null>(
    () => (location.state as { savedListing?: SavedListingNotice } | null)?.savedListing ?? null,
  );

  useEffect(() => {
    if (notice) {
      navigate(`${location.pathname}${location.search}`, { replace: true, state: REWRITE_ENTRY });
    }
  }, [notice, navigate, location.pathname, location.search]);

  if (!notice) return null;
  return (
    <FormNotice>
      {notice.created
        ? `Your listing “${notice.title}” is listed.`
        : `Your changes to “${notice.title}” are saved.`}{' '}
      <Link className={styles.link} to={notice.url}>
        View listing
      </Link>
    </FormNotice>
  );
}

/** Close or relist the selected listings at once. */
function SelectionActions({
  selectedRows,
  actions,
}: {
  selectedRows: readonly SellerListing[];
  actions: ListingActions;
}) {
  const closable = selectedRows.filter(canClose);
  const relistable = selectedRows.filter(canRelist);
  return (
    <fieldset className={styles.bulk} aria-label="Selected listings">
      <span className={styles.selectedCount}>{selectedRows.length} selected</span>
      <Button
        variant="secondary"
        size="sm"
        disabled={actions.working || closable.length === 0}
        onClick={() => actions.setConfirmClose(closable)}
      >
        Close selected{closable.length > 0 ? ` (${closable.length})` : ''}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={actions.working || relistable.length === 0}
        onClick={() => void actions.act('relist', relistable)}
      >
        Relist selected{relistable.length > 0 ? ` (${relistable.length})` : ''}
      </Button>
    </fieldset>
  );
}
