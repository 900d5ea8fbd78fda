import type { Dispatch, SetStateAction } from 'react';
import { Link } from 'react-router';
import type { SellerListing } from '../../../shared/contract/seller-listings.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { Button } from '../../ui/button.tsx';
import { canClose, canRelist, listingStateLabel } from './listing-status.ts';
import styles from './my-listings.module.css';
import type { ListingActions } from './use-listing-actions.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDay = (value: string | null) => (value ? day.format(new Date(value)) : '—');

export interface MyListingsTableProps {
  rows: readonly SellerListing[];
  /** The table's caption, read by screen readers. */
  caption: string;
  busy: boolean;
  selected: ReadonlySet<string>;
  onSelect: Dispatch<SetStateAction<ReadonlySet<string>>>;
  actions: ListingActions;
}

/** One page of the seller's listings, each with its actions and a box to select it. */
export function MyListingsTable({ rows, caption, busy, selected, onSelect, actions }: MyListingsTableProps) {
  const allSelected = rows.length > 0 && rows.every((listing) => selected.has(listing.id));
  return (
    <table className={styles.table} aria-busy={busy}>
      <caption className={styles.visuallyHidden}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.check}>
            <input
              type="checkbox"
              aria-label="Select all listings on this page"
              checked={allSelected}
              onChange={(event) =>
                onSelect(event.target.checked ? new Set(rows.map((listing) => listing.id)) : new Set())
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
          <ListingRow
            key={listing.id}
            listing={listing}
            checked={selected.has(listing.id)}
            onCheck={(checked) =>
              onSelect((current) => {
                const next = new Set(current);
                if (checked) next.add(listing.id);
                else next.delete(listing.id);
                return next;
              })
            }
            actions={actions}
          />
        ))}
      </tbody>
    </table>
  );
}

interface ListingRowProps {
  listing: SellerListing;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  actions: ListingActions;
}

function ListingRow({ listing, checked, onCheck, actions }: ListingRowProps) {
  const { working } = actions;
  return (
    <tr>
      <td className={styles.check}>
        <input
          type="checkbox"
          aria-label={`Select ${listing.title}`}
          checked={checked}
          onChange={(event) => onCheck(event.target.checked)}
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
        <Link className={styles.link} to={paths.listItem(listing.id)} aria-label={`Edit ${listing.title}`}>
          Edit
        </Link>
        {canClose(listing) ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={working}
            aria-label={`Close ${listing.title}`}
            onClick={() => actions.setConfirmClose([listing])}
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
            onClick={() => void actions.act('relist', [listing])}
          >
            Relist
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          disabled={working}
          aria-label={`Delete ${listing.title}`}
          onClick={() => actions.setConfirmDelete(listing)}
        >
          Delete
        </Button>
      </td>
    </tr>
  );
}
