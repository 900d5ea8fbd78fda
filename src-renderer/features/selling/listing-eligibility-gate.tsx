import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  LISTING_INELIGIBILITY_LINKS,
  LISTING_INELIGIBILITY_MESSAGES,
  type ListingIneligibility,
} from '../../../shared/contract/users.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useListingEligibility } from './api/use-listing-eligibility.ts';
import styles from './selling.module.css';

export interface IneligibilityExplanation {
  heading: string;
  text: string;
  action: { label: string; to: string };
}

/** Our own headings and link labels for each reason; the text and the link come from the server. */
const EXPLAINED: Readonly<Record<ListingIneligibility, { heading: string; label: string }>> = {
  NotSeller: { heading: 'Become a seller to list items', label: 'See memberships' },
  NoPaymentSetup: { heading: 'Set up payments before listing', label: 'Set up payments' },
  AccountFrozen: { heading: 'Your account is frozen', label: 'Go to account settings' },
};

/**
 * What a reason the server gives for refusing to list tells the user, and how to fix it: the server's
 * message and link (GET /users/listing-eligibility, or the 403 of POST /listings/add with `reason`),
 * the contract's own when the answer carries none.
 */
export function explainIneligibility(
  reason: ListingIneligibility | null,
  message?: string | null,
  link?: string | null,
): IneligibilityExplanation {
  if (reason === null) {
    return {
      heading: 'You cannot list items right now',
      text:
        message ?? 'Your account is not able to list items at the moment. Contact support if this continues.',
      action: { label: 'Go to your dashboard', to: paths.dashboard() },
    };
  }
  return {
    heading: EXPLAINED[reason].heading,
    text: message ?? LISTING_INELIGIBILITY_MESSAGES[reason],
    action: { label: EXPLAINED[reason].label, to: link ?? LISTING_INELIGIBILITY_LINKS[reason] },
  };
}

/** Asks the server whether the user may list first; shows the reason and its fix instead of `children`. */
export function ListingEligibilityGate({ children }: { children: ReactNode }) {
  const eligibility = useListingEligibility();
  if (eligibility.isPending) {
    return (
      <LoadingRegion label="Checking whether you can list items">
        <div className={styles.reason}>
          <Skeleton width="18rem" height="1.5rem" />
          <Skeleton height="3rem" />
        </div>
      </LoadingRegion>
    );
  }
  if (eligibility.isError) {
    return (
      <div className={styles.reason} role="alert">
        <h2 className={styles.reasonHeading}>We could not check your account</h2>
        <p>Something went wrong. Please try again.</p>
        <div className={styles.actions}>
          <Button onClick={() => void eligibility.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  if (eligibility.data.canList) return children;
  const { reason, message, link } = eligibility.data;
  const explanation = explainIneligibility(reason, message, link);
  return (
    <section className={styles.reason} aria-labelledby="listing-ineligible-heading">
      <h2 id="listing-ineligible-heading" className={styles.reasonHeading}>
        {explanation.heading}
      </h2>
      <p>{explanation.text}</p>
      <div className={styles.actions}>
        <Link className={styles.link} to={explanation.action.to}>
          {explanation.action.label}
        </Link>
      </div>
    </section>
  );
}
