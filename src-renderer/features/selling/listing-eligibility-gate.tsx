import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type ListingEligibility, ListingIneligibility } from '../../../shared/contract/users.ts';
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

/** What each reason of GET /users/listing-eligibility tells the user, and how to fix it. */
export function explainIneligibility(eligibility: ListingEligibility): IneligibilityExplanation {
  switch (eligibility.reason) {
    case ListingIneligibility.NotSeller:
      return {
        heading: 'Become a seller to list items',
        text: 'Listing items for sale is part of an Ironsight seller membership.',
        action: { label: 'See memberships', to: paths.membership() },
      };
    case ListingIneligibility.NoPaymentSetup:
      return {
        heading: 'Set up payments before listing',
        text: 'Sellers need a payment gateway or an active GunTab account before listing, so buyers can pay you.',
        action: { label: 'Set up payments', to: paths.liveCheckout() },
      };
    case ListingIneligibility.AccountFrozen:
      return {
        heading: 'Your account is frozen',
        text: 'A frozen account cannot list items. Pay the past-due balance to unfreeze it, or contact support.',
        action: { label: 'Review your payments', to: paths.to('dashboard.billing.payments') },
      };
    default:
      return {
        heading: 'You cannot list items right now',
        text: 'Your account is not able to list items at the moment. Contact support if this continues.',
        action: { label: 'Go to your dashboard', to: paths.dashboard() },
      };
  }
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
  const explanation = explainIneligibility(eligibility.data);
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
