import { Link } from 'react-router';
import { MEMBERSHIP_PLANS, type PlanRole } from '../../../shared/domain/membership.ts';
import { paths } from '../../../shared/routes/paths.ts';
import styles from '../../ui/commerce.module.css';
import { FormError } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useBillingSummary } from './api/billing-queries.ts';
import billing from './billing.module.css';
import { money } from './format.ts';

/** The account's money at a glance: plan, charges not yet invoiced, amounts owed, balances. */
export function BillingSummaryPanel() {
  const summary = useBillingSummary();
  if (summary.isPending) {
    return (
      <LoadingRegion label="Loading your billing summary">
        <Skeleton height="5rem" />
      </LoadingRegion>
    );
  }
  if (summary.isError)
    return <FormError>Your billing summary could not be loaded. Please try again.</FormError>;
  const data = summary.data;
  const plan = MEMBERSHIP_PLANS[data.plan as PlanRole];
  return (
    <section className={styles.panel} aria-labelledby="billing-summary-heading">
      <h2 id="billing-summary-heading" className={styles.panelHeading}>
        Summary
      </h2>
      <dl className={billing.facts}>
        <div>
          <dt>Plan</dt>
          <dd>
            {plan?.name ?? data.plan}{' '}
            <Link to={paths.membership()} className={styles.muted}>
              Change
            </Link>
          </dd>
        </div>
        <div>
          <dt>Charges not yet invoiced</dt>
          <dd>{money(data.unbilled)}</dd>
        </div>
        <div>
          <dt>Amount due</dt>
          <dd>{money(data.amountDue)}</dd>
        </div>
        {data.pastDueAmount > 0 ? (
          <div>
            <dt>Past due</dt>
            <dd>{money(data.pastDueAmount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Available balance</dt>
          <dd>{money(data.availableBalance)}</dd>
        </div>
      </dl>
    </section>
  );
}
