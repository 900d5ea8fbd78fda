import { Button } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { usePayments } from './api/billing-queries.ts';
import billing from './billing.module.css';
import { brandLabel, money, shortDate } from './format.ts';

const PURPOSE = { Invoice: 'Invoice', PastDue: 'Past-due balance' } as const;

/** /dashboard/billing/payments: the card payments made to Ironsight, newest first. */
export function PaymentHistory() {
  const payments = usePayments();
  if (payments.isPending) {
    return (
      <LoadingRegion label="Loading your payments">
        <Skeleton height="8rem" />
      </LoadingRegion>
    );
  }
  if (payments.isError) {
    return (
      <div className={styles.stack}>
        <FormError>Your payments could not be loaded. Please try again.</FormError>
        <div className={styles.actions}>
          <Button onClick={() => void payments.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  const list = payments.data.results;
  return (
    <section className={styles.panel} aria-labelledby="payments-heading">
      <h2 id="payments-heading" className={styles.panelHeading}>
        Payment history
      </h2>
      {list.length === 0 ? (
        <p>You have made no payments yet.</p>
      ) : (
        <div className={billing.tableScroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">Payments</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">For</th>
                <th scope="col">Card</th>
                <th scope="col" className={billing.amount}>
                  Amount
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.map((payment) => (
                <tr key={payment.id}>
                  <td>{shortDate(payment.createdAt)}</td>
                  <td>{PURPOSE[payment.purpose]}</td>
                  <td>
                    {payment.cardLast4
                      ? `${brandLabel(payment.cardBrand)} ending ${payment.cardLast4}`
                      : brandLabel(payment.cardBrand)}
                  </td>
                  <td className={billing.amount}>{money(payment.amount)}</td>
                  <td>
                    {payment.status === 'Approved' ? (
                      <span className={billing.badge}>Approved</span>
                    ) : (
                      <>
                        <span className={billing.badgeAlert}>Declined</span>
                        {payment.failureMessage ? (
                          <span className={styles.muted}> {payment.failureMessage}</span>
                        ) : null}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
