import { Link } from 'react-router';
import type { InvoiceSummary } from '../../../shared/contract/billing-ledger.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { Button } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useInvoices } from './api/billing-queries.ts';
import billing from './billing.module.css';
import { money, periodLabel, shortDate } from './format.ts';

export function InvoiceStatus({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'pastDue'> }) {
  if (invoice.status === 'paid') return <span className={billing.badge}>Paid</span>;
  return invoice.pastDue ? (
    <span className={billing.badgeAlert}>Past due</span>
  ) : (
    <span className={billing.badgeAlert}>Open</span>
  );
}

/** /dashboard/billing/invoices: every invoice of the account, newest first, each opening its detail. */
export function InvoiceList() {
  const invoices = useInvoices();
  if (invoices.isPending) {
    return (
      <LoadingRegion label="Loading your invoices">
        <Skeleton height="8rem" />
      </LoadingRegion>
    );
  }
  if (invoices.isError) {
    return (
      <div className={styles.stack}>
        <FormError>Your invoices could not be loaded. Please try again.</FormError>
        <div className={styles.actions}>
          <Button onClick={() => void invoices.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  const list = invoices.data.results;
  if (list.length === 0) {
    return (
      <p>
        You have no invoices yet. Fees and membership charges are invoiced once a month; those not yet
        invoiced are in the summary above.
      </p>
    );
  }
  return (
    <div className={billing.tableScroll}>
      <table className={styles.table}>
        <caption className={billing.caption}>Invoices</caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Month</th>
            <th scope="col">Issued</th>
            <th scope="col">Due</th>
            <th scope="col" className={billing.amount}>
              Total
            </th>
            <th scope="col" className={billing.amount}>
              Amount due
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {list.map((invoice) => (
            <tr key={invoice.id}>
              <th scope="row">
                <Link to={paths.invoice(invoice.id)}>Invoice {invoice.number}</Link>
              </th>
              <td>{periodLabel(invoice.period)}</td>
              <td>{shortDate(invoice.issuedAt)}</td>
              <td>{shortDate(invoice.dueAt)}</td>
              <td className={billing.amount}>{money(invoice.total)}</td>
              <td className={billing.amount}>{money(invoice.amountDue)}</td>
              <td>
                <InvoiceStatus invoice={invoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
