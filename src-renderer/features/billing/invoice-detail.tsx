import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type {
  InvoiceDetail as Invoice,
  PayInvoiceResponse,
} from '../../../shared/contract/billing-ledger.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useStoreToken } from '../../lib/session/session.ts';
import { Button } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError, FormNotice } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { BILLING_ROOT, useInvoice, usePaymentMethods } from './api/billing-queries.ts';
import billing from './billing.module.css';
import { CardForm } from './card-form.tsx';
import { downloadInvoicePdf } from './download-invoice.ts';
import { money, periodLabel, shortDate } from './format.ts';
import { InvoiceStatus } from './invoice-list.tsx';
import { cardExpiry, cardName } from './payment-methods.tsx';

/**
 * One invoice: who is billed, its lines, the credit applied, totals and status; printable (the
 * page prints the invoice alone), its PDF downloaded with the session's token, and an open
 * invoice paid with a saved card or a new one.
 */
export function InvoiceDetail({ id }: { id: string }) {
  const invoice = useInvoice(id);
  const [paidNotice, setPaidNotice] = useState<string | null>(null);
  if (invoice.isPending) {
    return (
      <LoadingRegion label="Loading the invoice">
        <Skeleton height="12rem" />
      </LoadingRegion>
    );
  }
  if (invoice.isError) {
    const missing = isApiError(invoice.error) && invoice.error.status === 404;
    return (
      <div className={styles.stack}>
        <FormError>
          {missing ? 'This invoice was not found.' : 'The invoice could not be loaded. Please try again.'}
        </FormError>
        <div className={styles.actions}>
          {missing ? null : <Button onClick={() => void invoice.refetch()}>Try again</Button>}
          <Link to={paths.to('dashboard.billing.invoices')}>All invoices</Link>
        </div>
      </div>
    );
  }
  const data = invoice.data;
  return (
    <div className={styles.stack}>
      <FormNotice>{paidNotice}</FormNotice>
      <InvoiceDocument invoice={data} />
      <InvoiceTools invoice={data} />
      {data.status === 'open' && data.amountDue > 0 ? (
        <PayInvoice invoice={data} onPaid={(message) => setPaidNotice(message)} />
      ) : null}
      <div className={billing.noPrint}>
        <Link to={paths.to('dashboard.billing.invoices')}>All invoices</Link>
      </div>
    </div>
  );
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  return (
    <article className={`${styles.panel} ${billing.invoice}`} aria-labelledby="invoice-heading">
      <div className={styles.actions}>
        <h2 id="invoice-heading" className={styles.panelHeading}>
          Invoice {invoice.number}
        </h2>
        <InvoiceStatus invoice={invoice} />
      </div>
      <dl className={billing.facts}>
        <div>
          <dt>Billed to</dt>
          <dd className={styles.lineTitle}>
            {invoice.billedTo.name}
            <br />
            <span className={styles.muted}>{invoice.billedTo.email}</span>
          </dd>
        </div>
        <div>
          <dt>Month</dt>
          <dd className={styles.lineTitle}>{periodLabel(invoice.period)}</dd>
        </div>
        <div>
          <dt>Issued</dt>
          <dd className={styles.lineTitle}>{shortDate(invoice.issuedAt)}</dd>
        </div>
        <div>
          <dt>{invoice.paidAt ? 'Paid' : 'Due'}</dt>
          <dd className={styles.lineTitle}>{shortDate(invoice.paidAt ?? invoice.dueAt)}</dd>
        </div>
      </dl>
      <div className={billing.tableScroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">Invoice lines</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col" className={billing.amount}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.length === 0 ? (
              <tr>
                <td colSpan={3}>No charges this month.</td>
              </tr>
            ) : (
              invoice.lines.map((line) => (
                <tr key={`${line.postedAt}-${line.kind}-${line.description}-${line.amount}`}>
                  <td>{shortDate(line.postedAt)}</td>
                  <td>{line.description}</td>
                  <td className={billing.amount}>{money(line.amount)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <dl className={styles.totals} aria-label="Invoice totals">
        <dt>Total</dt>
        <dd>{money(invoice.total)}</dd>
        <dt>Credit applied</dt>
        <dd>{invoice.creditApplied > 0 ? `-${money(invoice.creditApplied)}` : money(0)}</dd>
        <dt>Paid</dt>
        <dd>{money(invoice.paid)}</dd>
        <dt>Amount due</dt>
        <dd>{money(invoice.amountDue)}</dd>
      </dl>
    </article>
  );
}

function InvoiceTools({ invoice }: { invoice: Invoice }) {
  const api = useApiClient();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  async function download() {
    setState('loading');
    try {
      await downloadInvoicePdf(api, invoice);
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className={`${styles.actions} ${billing.noPrint}`}>
      <Button variant="secondary" onClick={() => window.print()}>
        Print
      </Button>
      <Button
        variant="secondary"
        onClick={() => void download()}
        disabled={state === 'loading'}
        aria-busy={state === 'loading'}
      >
        Download PDF
      </Button>
      {state === 'failed' ? (
        <span role="alert" className={styles.muted}>
          The PDF could not be downloaded. Try again.
        </span>
      ) : null}
    </div>
  );
}

const NEW_CARD = 'new';

function PayInvoice({ invoice, onPaid }: { invoice: Invoice; onPaid: (message: string) => void }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const storeToken = useStoreToken();
  const cards = usePaymentMethods();
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = cards.data?.results ?? [];
  const selected = chosen ?? list.find((card) => card.isDefault)?.id ?? list[0]?.id ?? NEW_CARD;
  const amount = money(invoice.amountDue);

  async function settle(result: PayInvoiceResponse, paidWith: string) {
    // A payment that lifts a freeze for non-payment answers a fresh token without the freeze.
    if (result.jwtToken) await storeToken(result.jwtToken);
    await queryClient.invalidateQueries({ queryKey: [BILLING_ROOT] });
    onPaid(`Paid ${amount} with your ${paidWith}. Thank you.`);
  }

  async function payWithSaved() {
    const card = list.find((entry) => entry.id === selected);
    if (!card) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await api.call('billingPayInvoice', {
        params: { id: invoice.id },
        body: { paymentMethodId: card.id },
      });
      await settle(result, cardName(card));
    } catch (error) {
      setFailure(
        isApiError(error) && error.status > 0 && error.status < 500
          ? error.message
          : 'The payment could not be made right now. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`${styles.panel} ${billing.noPrint}`} aria-labelledby="pay-heading">
      <h2 id="pay-heading" className={styles.panelHeading}>
        Pay {amount}
      </h2>
      {cards.isPending ? (
        <LoadingRegion label="Loading your cards">
          <Skeleton height="3rem" />
        </LoadingRegion>
      ) : (
        <fieldset className={billing.radioList}>
          <legend className={styles.lineTitle}>Pay with</legend>
          {list.map((card) => (
            <label key={card.id} className={billing.radio}>
              <input
                type="radio"
                name="invoice-card"
                value={card.id}
                checked={selected === card.id}
                onChange={() => setChosen(card.id)}
              />
              <span>
                {cardName(card)}, expires {cardExpiry(card)}
                {card.isDefault ? ' (default)' : ''}
              </span>
            </label>
          ))}
          <label className={billing.radio}>
            <input
              type="radio"
              name="invoice-card"
              value={NEW_CARD}
              checked={selected === NEW_CARD}
              onChange={() => setChosen(NEW_CARD)}
            />
            <span>A new card</span>
          </label>
        </fieldset>
      )}
      {cards.isError ? (
        <p className={styles.muted}>Your saved cards could not be loaded; enter a card.</p>
      ) : null}
      {selected === NEW_CARD ? (
        <CardForm
          label="Pay with a new card"
          submitLabel={`Pay ${amount}`}
          busyLabel="Paying…"
          optionLabel="Save this card for later"
          onSubmit={async (card, saveCard) => {
            const result = await api.call('billingPayInvoice', {
              params: { id: invoice.id },
              body: { card, saveCard },
            });
            await settle(result, `card ending ${card.cardNumber.slice(-4)}`);
          }}
        />
      ) : (
        <>
          <FormError>{failure}</FormError>
          <div className={styles.actions}>
            <Button onClick={() => void payWithSaved()} disabled={busy} aria-busy={busy}>
              {busy ? 'Paying…' : `Pay ${amount}`}
            </Button>
            <Link to={paths.to('dashboard.billing.paymentMethods')}>Manage cards</Link>
          </div>
        </>
      )}
    </section>
  );
}
