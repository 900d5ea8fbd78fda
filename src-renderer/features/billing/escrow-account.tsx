import type { EscrowEntryKind } from '../../../shared/contract/billing.ts';
import { Button } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useEscrowAccount } from './api/billing-queries.ts';
import billing from './billing.module.css';
import { money, shortDate } from './format.ts';

const KIND: Record<EscrowEntryKind, string> = {
  Credit: 'Credit',
  Debit: 'Debit',
  Hold: 'Held',
  Release: 'Released',
  Refund: 'Refunded',
  Payout: 'Payout',
};

/** The account's escrow balance: what is available, what is held for orders in progress, the recent entries. */
export function EscrowAccountPanel() {
  const account = useEscrowAccount();
  return (
    <section className={styles.panel} aria-labelledby="escrow-heading">
      <h2 id="escrow-heading" className={styles.panelHeading}>
        Escrow balance
      </h2>
      {account.isPending ? (
        <LoadingRegion label="Loading your escrow balance">
          <Skeleton height="4rem" />
        </LoadingRegion>
      ) : account.isError ? (
        <div className={styles.stack}>
          <FormError>Your escrow balance could not be loaded. Please try again.</FormError>
          <div className={styles.actions}>
            <Button onClick={() => void account.refetch()}>Try again</Button>
          </div>
        </div>
      ) : (
        <>
          <dl className={billing.facts}>
            <div>
              <dt>Available</dt>
              <dd>{money(account.data.balance)}</dd>
            </div>
            <div>
              <dt>Held for orders in progress</dt>
              <dd>{money(account.data.pendingBalance)}</dd>
            </div>
          </dl>
          <p className={styles.muted}>
            Escrow payments are released to the seller when the buyer confirms receipt, or 3 days after
            delivery when no dispute is open.
          </p>
          {account.data.entries.length === 0 ? (
            <p>No escrow activity yet.</p>
          ) : (
            <div className={billing.tableScroll}>
              <table className={styles.table}>
                <caption className="visually-hidden">Escrow activity</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Activity</th>
                    <th scope="col">Description</th>
                    <th scope="col" className={billing.amount}>
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {account.data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{shortDate(entry.createdAt)}</td>
                      <td>{KIND[entry.kind]}</td>
                      <td>{entry.description}</td>
                      <td className={billing.amount}>{money(entry.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
