import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import type { MessageReport, MessageReportResolution } from '../../../shared/contract/messages.ts';
import { LISTING_REPORT_CATEGORY_LABELS, type ListingReport } from '../../../shared/contract/moderation.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import { Button } from '../../ui/button.tsx';
import { SelectInput } from '../../ui/form-field.tsx';
import { Pager } from '../../ui/list-controls.tsx';
import styles from './admin-console.module.css';
import {
  useListingFreeze,
  useListingReports,
  useMessageReportAction,
  useMessageReports,
} from './api/admin-queries.ts';
import { ConfirmButton, TextField } from './console-forms.tsx';
import { AlertText, adminPath, ConfirmDialog, errorText, formatTime, ListState } from './console-parts.tsx';

function FreezeListing({ report }: { report: ListingReport }) {
  const [reason, setReason] = useState('');
  const freeze = useListingFreeze();
  const { listing } = report;
  return (
    <ConfirmButton
      button={listing.frozen ? 'Lift freeze' : 'Freeze for fraud'}
      title={
        listing.frozen
          ? `Lift the freeze of “${listing.title}” (seller ${listing.seller.email})?`
          : `Freeze “${listing.title}” of ${listing.seller.email} for fraud?`
      }
      description={
        listing.frozen ? 'It returns to search.' : 'It leaves search at once; the seller sees the reason.'
      }
      confirmLabel={listing.frozen ? 'Lift freeze' : 'Freeze listing'}
      disabled={!listing.frozen && reason.trim() === ''}
      onConfirm={async () => {
        await freeze.mutateAsync({ id: listing.id, reason: listing.frozen ? null : reason.trim() });
        setReason('');
      }}
    >
      {listing.frozen ? null : (
        <TextField label="Reason the seller sees" maxLength={500} value={reason} onValue={setReason} />
      )}
    </ConfirmButton>
  );
}

/** One queue of reports: paged cards with loading, error and empty states. */
function ReportQueue<T extends { id: string }>({
  title,
  query,
  empty,
  page,
  onPage,
  card,
}: {
  title: string;
  query: Parameters<typeof ListState<{ total: number; pageSize: number; results: T[] }>>[0]['query'];
  empty: string;
  page: number;
  onPage: (page: number) => void;
  card: (report: T) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <ListState
        query={query}
        label={title.toLowerCase()}
        empty={empty}
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <>
            <ul className={styles.cards}>
              {data.results.map((report) => (
                <li key={report.id} className={styles.card}>
                  {card(report)}
                </li>
              ))}
            </ul>
            <Pager page={page} pages={Math.ceil(data.total / data.pageSize)} onPage={onPage} />
          </>
        )}
      </ListState>
    </section>
  );
}

function ListingReports() {
  const [page, setPage] = useState(1);
  return (
    <ReportQueue<ListingReport>
      title="Reported listings"
      query={useListingReports(page)}
      empty="No listing has been reported."
      page={page}
      onPage={setPage}
      card={(report) => (
        <>
          <p>
            <Link to={listingPath(report.listing.id, report.listing.title)}>{report.listing.title}</Link> by{' '}
            <Link to={adminPath(`users/${report.listing.seller.id}`)}>{report.listing.seller.email}</Link>
            {report.listing.frozen ? (
              <strong> · frozen: {report.listing.freezeReason ?? 'no reason kept'}</strong>
            ) : null}
          </p>
          <p>
            {LISTING_REPORT_CATEGORY_LABELS[report.category]}: “{report.reason}” —{' '}
            <Link to={adminPath(`users/${report.reporter.id}`)}>{report.reporter.email}</Link>,{' '}
            {formatTime(report.createdAt)}
          </p>
          <FreezeListing report={report} />
        </>
      )}
    />
  );
}

type DialogAction = 'removeMessage' | 'warnSender' | 'lockSender';

/**
 * What staff do about a reported message: dismiss the report at once; remove the message, warn the
 * sender or lock the sender after a confirmation naming who and what it acts on. Each closes the
 * report, which then leaves the queue.
 */
function MessageReportActions({ report }: { report: MessageReport }) {
  const act = useMessageReportAction();
  const [open, setOpen] = useState<DialogAction | null>(null);
  const [note, setNote] = useState('');
  const [dismissError, setDismissError] = useState<string | null>(null);
  const sender = report.sender.displayName;
  const subject = report.message.subject;
  const dialogs: Record<DialogAction, { title: string; description: string; confirmLabel: string }> = {
    removeMessage: {
      title: `Remove the message “${subject}” from ${sender}?`,
      description: 'Both parties will see “This message was removed by staff” instead; its files go too.',
      confirmLabel: 'Remove message',
    },
    warnSender: {
      title: `Warn ${sender} about “${subject}”?`,
      description: 'A warning appears on their dashboard, with your note if you add one.',
      confirmLabel: 'Send warning',
    },
    lockSender: {
      title: `Lock the account of ${sender}?`,
      description: 'They are signed out everywhere at once and cannot sign in until unlocked.',
      confirmLabel: 'Lock account',
    },
  };
  const current = open ? dialogs[open] : null;
  return (
    <div className={styles.actions}>
      <Button
        size="sm"
        variant="secondary"
        disabled={act.isPending}
        aria-label={`Dismiss the report of “${subject}”`}
        onClick={async () => {
          setDismissError(null);
          try {
            await act.mutateAsync({ id: report.id, action: 'dismiss' });
          } catch (failure) {
            setDismissError(errorText(failure));
          }
        }}
      >
        Dismiss report
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Remove the message “${subject}”`}
        onClick={() => setOpen('removeMessage')}
      >
        Remove message
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Warn ${sender} about “${subject}”`}
        onClick={() => setOpen('warnSender')}
      >
        Warn sender
      </Button>
      {report.sender.locked ? (
        <span>Sender locked</span>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Lock the account of ${sender}`}
          onClick={() => setOpen('lockSender')}
        >
          Lock sender
        </Button>
      )}
      <AlertText>{dismissError}</AlertText>
      <ConfirmDialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setOpen(null);
        }}
        title={current?.title ?? ''}
        description={current?.description}
        confirmLabel={current?.confirmLabel ?? ''}
        onConfirm={async () => {
          if (open === 'warnSender') {
            await act.mutateAsync({
              id: report.id,
              action: 'warnSender',
              ...(note.trim() ? { note: note.trim() } : {}),
            });
            setNote('');
          } else if (open) {
            await act.mutateAsync({ id: report.id, action: open });
          }
        }}
      >
        {open === 'warnSender' ? (
          <TextField label="Note to the sender" optional maxLength={500} value={note} onValue={setNote} />
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

/** How the queue names the way a report was closed. */
const RESOLUTION_LABELS: Readonly<Record<MessageReportResolution, string>> = {
  dismissed: 'Dismissed',
  messageRemoved: 'Message removed',
  senderWarned: 'Sender warned',
  senderLocked: 'Sender locked',
};

function MessageReports() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const statusId = useId();
  return (
    <>
      <div className={styles.actions}>
        <label htmlFor={statusId}>Reported messages to show</label>
        <SelectInput
          id={statusId}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value === 'resolved' ? 'resolved' : 'open');
            setPage(1);
          }}
        >
          <option value="open">Waiting for staff</option>
          <option value="resolved">Closed</option>
        </SelectInput>
      </div>
      <ReportQueue<MessageReport>
        title={status === 'open' ? 'Reported messages' : 'Closed message reports'}
        query={useMessageReports(page, status)}
        empty={status === 'open' ? 'No reported message is waiting.' : 'No message report has been closed.'}
        page={page}
        onPage={setPage}
        card={(report) => (
          <>
            <p>
              From <Link to={adminPath(`users/${report.sender.id}`)}>{report.sender.displayName}</Link>,
              reported by{' '}
              <Link to={adminPath(`users/${report.reporter.id}`)}>{report.reporter.displayName}</Link> on{' '}
              {formatTime(report.createdAt)}: “{report.reason}”
            </p>
            <p className={styles.quote}>
              <strong>{report.message.subject}</strong>
              <br />
              {report.message.body}
            </p>
            {report.resolution ? (
              <p>
                <strong>{RESOLUTION_LABELS[report.resolution]}</strong>
                {report.resolvedAt ? ` on ${formatTime(report.resolvedAt)}` : null}
              </p>
            ) : (
              <MessageReportActions report={report} />
            )}
          </>
        )}
      />
    </>
  );
}

export function ModerationScreen() {
  return (
    <section aria-labelledby="admin-moderation-heading" className={styles.screen}>
      <h2 id="admin-moderation-heading">Moderation</h2>
      <ListingReports />
      <MessageReports />
    </section>
  );
}
