import { Link } from 'react-router';
import type { ListItemPrefill } from '../../../shared/routes/list-item-prefill.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useListingForEdit } from './api/use-listing-for-edit.ts';
import { ListingEligibilityGate } from './listing-eligibility-gate.tsx';
import { ListingForm } from './listing-form.tsx';
import { emptyListingValues, listingValuesFromDetail } from './listing-form-fields.ts';
import styles from './selling.module.css';

function EditListing({ listingId }: { listingId: string }) {
  const listing = useListingForEdit(listingId);
  const user = useCurrentUser();
  if (listing.isPending) {
    return (
      <LoadingRegion label="Loading the listing">
        <div className={styles.form}>
          <Skeleton height="20rem" />
        </div>
      </LoadingRegion>
    );
  }
  // Only the owner (or an admin) edits a listing; anyone else is told so before typing anything.
  const editable =
    listing.data && user && (listing.data.userId === user.id || user.isAdmin) ? listing.data : null;
  if (listing.isError || !editable) {
    return (
      <div className={styles.reason} role="alert">
        <h2 className={styles.reasonHeading}>We could not open this listing</h2>
        <p>It may have been deleted, or it belongs to another seller.</p>
        <Link className={styles.link} to={paths.to('dashboard.selling.listings')}>
          Back to My listings
        </Link>
      </div>
    );
  }
  return <ListingForm listing={editable} initialValues={listingValuesFromDetail(editable)} />;
}

export interface ListItemProps {
  listingId: string | null;
  /** Item fields a new listing starts with (an identified firearm's), over a kept draft's. */
  prefill?: ListItemPrefill | undefined;
}

/** List an Item: the eligibility check first, then the form for a new listing or the one in `listingId`. */
export function ListItem({ listingId, prefill }: ListItemProps) {
  return (
    <ListingEligibilityGate>
      {listingId ? (
        <EditListing listingId={listingId} />
      ) : (
        <ListingForm initialValues={{ ...emptyListingValues(), ...prefill }} prefill={prefill} />
      )}
    </ListingEligibilityGate>
  );
}
