import { Flag } from 'lucide-react';
import { useState } from 'react';
import { onDemand } from '../../lib/on-demand.tsx';
import { requestLogin } from '../../lib/session/login-request.ts';
import { useCurrentUser, useSession } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import styles from './report-listing.module.css';

const reportDialog = onDemand(() => import('./report-listing-dialog.tsx').then((m) => m.ReportListingDialog));
const ReportListingDialog = reportDialog.Component;

export interface ReportListingProps {
  listingId: string;
  listingTitle: string;
  sellerId: string;
}

/**
 * "Report this listing" on a listing page: a signed-in user tells staff what is wrong with it; a
 * visitor is asked to log in first. Its seller does not see it.
 */
export function ReportListing({ listingId, listingTitle, sellerId }: ReportListingProps) {
  // The session is the browser's: hydration renders what the server did, then the truth.
  const hydrated = useHydrated();
  const session = useSession();
  const signedInUser = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (hydrated && signedInUser?.id === sellerId) return null;

  const start = async () => {
    if (session.status === 'signedIn' || (await requestLogin('Log in to report this listing.')))
      setOpen(true);
  };

  return (
    <p className={styles.report}>
      <button
        type="button"
        className={styles.trigger}
        onClick={() => void start()}
        onPointerEnter={() => void reportDialog.preload().catch(() => undefined)}
      >
        <Flag size={14} aria-hidden="true" />
        Report this listing
      </button>
      <ReportListingDialog
        listingId={listingId}
        listingTitle={listingTitle}
        open={open}
        onOpenChange={setOpen}
      />
    </p>
  );
}
