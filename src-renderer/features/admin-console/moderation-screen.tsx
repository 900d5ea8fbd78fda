import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import type { MessageReport } from '../../../shared/contract/messages.ts';
import type { ListingReport } from '../../../shared/contract/moderation.ts';
import { listingPath } from '../../../shared/routes/paths.ts';
import { Button } from '../../ui/button.tsx';
import { FormField, TextInput } from '../../ui/form-field.tsx';
import { Pager } from '../../ui/list-controls.tsx';
import styles from './admin-console.module.css';
import { useListingFreeze, useListingReports, useMessageReports } from './api/admin-queries.ts';
import { adminPath, ConfirmDialog, formatTime, ListState } from './console-parts.tsx';

function FreezeListing({ report }: { report: ListingReport }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const freeze = useListingFreeze();
  const { listing } = report;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {listing.frozen ? 'Lift freeze' : 'Freeze for fraud'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
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
          <FormField label="Reason the seller sees">
            {(control) => (
              <TextInput
                {...control}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </FormField>
        )}
      </ConfirmDialog>
    </>
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
            “{report.reason}” —{' '}
            <Link to={adminPath(`users/${report.reporter.id}`)}>{report.reporter.email}</Link>,{' '}
            {formatTime(report.createdAt)}
          </p>
          <FreezeListing report={report} />
        </>
      )}
    />
  );
}

function MessageReports() {
  const [page, setPage] = useState(1);
  return (
    <ReportQueue<MessageReport>
      title="Reported messages"
      query={useMessageReports(page)}
      empty="No message has been reported."
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
        </>
      )}
    />
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
