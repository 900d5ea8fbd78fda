import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DisputeListStatus, EscrowDispute } from '../../../shared/contract/billing-ledger.ts';
import { Button } from '../../ui/button.tsx';
import { ListTabs, Pager } from '../../ui/list-controls.tsx';
import styles from './admin-console.module.css';
import { useEscrowDisputes, useResolveDispute } from './api/admin-queries.ts';
import { TextAreaField } from './console-forms.tsx';
import { adminPath, ConfirmDialog, formatMoney, formatTime, ListState, TableHead } from './console-parts.tsx';

const PAGE_SIZE = 20;
const NOTE_MAX = 1000;
type Outcome = 'refund' | 'release';

const STATUS_TABS = [
  { key: 'open', label: 'Open' },
  { key: 'resolved', label: 'Resolved' },
] as const satisfies ReadonlyArray<{ key: DisputeListStatus; label: string }>;

const OUTCOME_TEXT: Record<Outcome, string> = {
  refund: 'Refunded to the buyer',
  release: 'Released to the seller',
};

function Party({ party }: { party: EscrowDispute['buyer'] }) {
  return (
    <>
      <Link to={adminPath(`users/${party.id}`)}>{party.name}</Link>
      <br />
      <span className={styles.muted}>{party.email}</span>
    </>
  );
}

/** The cells both tables open a row with: the order, its parties, the amount, the reason and when. */
function DisputeCells({ dispute }: { dispute: EscrowDispute }) {
  return (
    <>
      <th scope="row" className={styles.nowrap}>
        {dispute.orderNumber}
      </th>
      <td>
        <Party party={dispute.buyer} />
      </td>
      <td>
        <Party party={dispute.seller} />
      </td>
      <td>{formatMoney(dispute.amount)}</td>
      <td className={styles.wrap}>{dispute.reason}</td>
      <td>{formatTime(dispute.disputedAt)}</td>
    </>
  );
}

/** What the confirmation says for each decision: who gets the money, and what happens to the order. */
function decisionText(dispute: EscrowDispute, outcome: Outcome) {
  const amount = formatMoney(dispute.amount);
  return outcome === 'refund'
    ? {
        title: `Refund ${amount} to ${dispute.buyer.name} (${dispute.buyer.email})?`,
        description: `Order ${dispute.orderNumber}: the payment goes back to the buyer’s card and the order is marked refunded. ${dispute.seller.name} receives nothing.`,
        confirm: 'Refund buyer',
        done: `Refunded ${amount} to ${dispute.buyer.name} for order ${dispute.orderNumber}.`,
      }
    : {
        title: `Release ${amount} to ${dispute.seller.name} (${dispute.seller.email})?`,
        description: `Order ${dispute.orderNumber}: the order completes and the funds go to the seller’s balance. ${dispute.buyer.name}’s dispute is closed.`,
        confirm: 'Release to seller',
        done: `Released ${amount} to ${dispute.seller.name} for order ${dispute.orderNumber}.`,
      };
}

function OpenTable({
  disputes,
  onDecide,
}: {
  disputes: EscrowDispute[];
  onDecide: (dispute: EscrowDispute, outcome: Outcome) => void;
}) {
  const headingId = useId();
  return (
    <>
      <h3 id={headingId} className="visually-hidden">
        Open disputes
      </h3>
      <table className={styles.table} aria-labelledby={headingId}>
        <TableHead columns={['Order', 'Buyer', 'Seller', 'Amount held', 'Reason', 'Disputed']} actions />
        <tbody>
          {disputes.map((dispute) => (
            <tr key={dispute.orderId}>
              <DisputeCells dispute={dispute} />
              <td>
                <div className={styles.actions}>
                  <Button size="sm" variant="secondary" onClick={() => onDecide(dispute, 'refund')}>
                    Refund buyer <span className="visually-hidden">of order {dispute.orderNumber}</span>
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => onDecide(dispute, 'release')}>
                    Release to seller <span className="visually-hidden">of order {dispute.orderNumber}</span>
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function ResolvedTable({ disputes }: { disputes: EscrowDispute[] }) {
  const headingId = useId();
  return (
    <>
      <h3 id={headingId} className="visually-hidden">
        Resolved disputes
      </h3>
      <table className={styles.table} aria-labelledby={headingId}>
        <TableHead
          columns={['Order', 'Buyer', 'Seller', 'Amount', 'Reason', 'Disputed', 'Outcome', 'Decided']}
        />
        <tbody>
          {disputes.map((dispute) => (
            <tr key={dispute.orderId}>
              <DisputeCells dispute={dispute} />
              <td>{dispute.resolution ? OUTCOME_TEXT[dispute.resolution.outcome] : '—'}</td>
              <td className={styles.wrap}>
                {dispute.resolution ? (
                  <>
                    {formatTime(dispute.resolution.resolvedAt)}
                    <br />
                    {dispute.resolution.resolvedBy ? (
                      <>
                        by{' '}
                        <Link to={adminPath(`users/${dispute.resolution.resolvedBy.id}`)}>
                          {dispute.resolution.resolvedBy.email}
                        </Link>
                      </>
                    ) : (
                      'The buyer confirmed receipt.'
                    )}
                    {dispute.resolution.note ? (
                      <>
                        <br />“{dispute.resolution.note}”
                      </>
                    ) : null}
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * Escrow disputes (GET /pprAdmin/escrow/disputes): the open queue, oldest first, where staff refund
 * the buyer or release the funds to the seller after a confirmation naming who gets how much; and the
 * resolved ones with their outcome.
 */
export function DisputesScreen() {
  const [params, setParams] = useSearchParams();
  const status: DisputeListStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const disputes = useEscrowDisputes({ status, page, pageSize: PAGE_SIZE });
  const resolve = useResolveDispute();
  // The decision stays set while the dialog closes, so its text does not blank out on the way.
  const [deciding, setDeciding] = useState<{ dispute: EscrowDispute; outcome: Outcome } | null>(null);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const resolvedRef = useRef(false);
  // The dialog opens on the note: staff type it, then Tab to the decision.
  const noteRef = useRef<HTMLTextAreaElement>(null);

  const show = (next: { status?: DisputeListStatus; page?: number }) => {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus !== 'open') search.set('status', nextStatus);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };
  const decide = (dispute: EscrowDispute, outcome: Outcome) => {
    resolvedRef.current = false;
    setNote('');
    setDone(null);
    setDeciding({ dispute, outcome });
    setOpen(true);
  };
  const text = deciding ? decisionText(deciding.dispute, deciding.outcome) : null;

  return (
    <section aria-labelledby="admin-disputes-heading" className={styles.screen}>
      <h2 id="admin-disputes-heading">Disputes</h2>
      <p className={styles.muted}>
        Escrow orders their buyer disputed: the payment stays held until staff refund the buyer or release it
        to the seller.
      </p>
      <ListTabs
        label="Disputes shown"
        tabs={STATUS_TABS}
        current={status}
        onSelect={(key) => {
          setDone(null);
          show({ status: key as DisputeListStatus, page: 1 });
        }}
      />
      {/* Where focus lands once a decided dispute leaves the table. */}
      <p ref={doneRef} tabIndex={-1} role="status" className={done ? styles.done : undefined}>
        {done}
      </p>
      <ListState
        query={disputes}
        label={status === 'open' ? 'open disputes' : 'resolved disputes'}
        empty={status === 'open' ? 'No open disputes.' : 'No dispute has been resolved yet.'}
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <>
            <p className={styles.count}>
              {data.total} {status === 'open' ? 'open' : 'resolved'}{' '}
              {data.total === 1 ? 'dispute' : 'disputes'}
            </p>
            {status === 'open' ? (
              <OpenTable disputes={data.results} onDecide={decide} />
            ) : (
              <ResolvedTable disputes={data.results} />
            )}
            <Pager
              page={data.page}
              pages={Math.ceil(data.total / data.pageSize)}
              onPage={(next) => show({ page: next })}
            />
          </>
        )}
      </ListState>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={text?.title ?? ''}
        description={text?.description}
        confirmLabel={text?.confirm ?? ''}
        disabled={note.trim() === ''}
        initialFocus={noteRef}
        onConfirm={async () => {
          if (!deciding || !text) return;
          await resolve.mutateAsync({
            id: deciding.dispute.orderId,
            outcome: deciding.outcome,
            note: note.trim(),
          });
          resolvedRef.current = true;
          setDone(text.done);
        }}
        onCloseAutoFocus={(event) => {
          // The decided row is gone from the open list: focus the message saying what was done.
          if (!resolvedRef.current) return;
          event.preventDefault();
          doneRef.current?.focus();
        }}
      >
        <TextAreaField
          label="Staff note"
          help="Why you decided so: kept in the order’s history and the audit log."
          required
          maxLength={NOTE_MAX}
          ref={noteRef}
          value={note}
          onValue={setNote}
        />
      </ConfirmDialog>
    </section>
  );
}
