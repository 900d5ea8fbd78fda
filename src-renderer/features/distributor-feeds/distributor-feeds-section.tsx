import { useId, useState } from 'react';
import {
  DISTRIBUTOR_FEED_FORMAT_NAMES,
  type DistributorFeed,
  type DistributorFeedRun,
} from '../../../shared/contract/distributor-feeds.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, FormNotice } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import {
  useDeleteDistributorFeed,
  useDistributorFeeds,
  useSaveDistributorFeed,
} from './api/use-distributor-feeds.ts';
import { DistributorFeedForm } from './distributor-feed-form.tsx';
import styles from './distributor-feeds.module.css';

const SCHEDULE_TEXT: Readonly<Record<DistributorFeed['schedule'], string>> = {
  Hourly: 'every hour',
  Daily: 'every day',
  Weekly: 'every week',
};

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : '');

/** "6 created, 0 updated, …" for a finished pull. */
export function runCounts(run: DistributorFeedRun): string {
  const parts = [
    `${run.created} created`,
    `${run.updated} updated`,
    `${run.unchanged} unchanged`,
    `${run.closed} closed`,
    `${run.failed} failed`,
  ];
  if (run.skipped > 0) parts.push(`${run.skipped} left as edited on the site`);
  return parts.join(', ');
}

/** What a feed's input is today: the form's values, for saving it again (e.g. to pull it now). */
function inputOf(feed: DistributorFeed) {
  return {
    id: feed.id,
    name: feed.name,
    source: feed.source,
    url: feed.url ?? undefined,
    format: feed.format,
    columnMapping: feed.columnMapping ?? undefined,
    priceRule: feed.priceRule,
    shippingCost: feed.shippingCost,
    deliveryDays: feed.deliveryDays,
    schedule: feed.schedule,
    isActive: feed.isActive,
  };
}

function LastRun({ run }: { run: DistributorFeedRun }) {
  const failed = run.status === 'Failed';
  return (
    <div className={failed ? `${styles.run} ${styles.runFailed}` : styles.run}>
      <p className={styles.runLine}>
        <strong>
          {run.status === 'Running' ? 'Pulling now' : `Last pull ${failed ? 'failed' : 'succeeded'}`}
        </strong>
        {run.finishedAt ? ` on ${when(run.finishedAt)}` : ` since ${when(run.startedAt)}`}
        {run.trigger === 'manual' ? ' (pulled by hand)' : null}.
      </p>
      {run.status === 'Succeeded' ? <p className={styles.runLine}>{runCounts(run)}.</p> : null}
      {failed && run.message ? <p className={styles.runLine}>{run.message}</p> : null}
      {run.errors.length > 0 ? (
        <details className={styles.errors}>
          <summary>
            {run.errors.length === 1
              ? 'Show the line that failed'
              : `Show ${run.errors.length} lines that failed`}
          </summary>
          <ul>
            {run.errors.map((error) => (
              <li key={`${error.line}-${error.stockNumber ?? ''}-${error.message}`}>
                {error.line > 0 ? `Line ${error.line}` : 'File'}
                {error.stockNumber ? ` (${error.stockNumber})` : ''}: {error.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function FeedItem({
  feed,
  onEdit,
  onDelete,
  onPulled,
}: {
  feed: DistributorFeed;
  onEdit: () => void;
  onDelete: () => void;
  onPulled: (message: string) => void;
}) {
  const headingId = useId();
  const save = useSaveDistributorFeed();
  const [error, setError] = useState<string | null>(null);
  const [latest] = feed.runs;
  const pullNow = async () => {
    setError(null);
    try {
      const pulled = await save.mutateAsync({ body: { ...inputOf(feed), pullNow: true } });
      const run = pulled.runs[0];
      onPulled(
        run && run.status === 'Succeeded'
          ? `${feed.name} pulled: ${runCounts(run)}.`
          : `${feed.name}: ${pulled.lastMessage ?? 'the pull did not finish.'}`,
      );
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'The feed could not be pulled. Please try again.');
    }
  };
  return (
    <li className={styles.feed} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.feedName}>
        {feed.name}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>Format</dt>
          <dd>{DISTRIBUTOR_FEED_FORMAT_NAMES[feed.format]}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd className={styles.source}>
            {feed.source === 'url' ? feed.url : `Uploaded file ${feed.fileName ?? ''}`}
          </dd>
        </div>
        <div>
          <dt>Schedule</dt>
          <dd>
            {feed.isActive
              ? `Pulled ${SCHEDULE_TEXT[feed.schedule]}${feed.nextRunAt ? `; next ${when(feed.nextRunAt)}` : ''}`
              : 'Paused'}
          </dd>
        </div>
      </dl>
      {latest ? <LastRun run={latest} /> : <p className={styles.help}>Not pulled yet.</p>}
      <FormError>{error}</FormError>
      <div className={styles.actions}>
        <Button
          size="sm"
          onClick={() => void pullNow()}
          disabled={save.isPending}
          aria-label={`Pull now: ${feed.name}`}
        >
          {save.isPending ? 'Pulling…' : 'Pull now'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Change ${feed.name}`}>
          Change
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${feed.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * Distributor feeds on the selling tools page: the dealer's feeds with their last pull, a form to
 * add or change one, pulling one now, and deleting one.
 */
export function DistributorFeedsSection() {
  const headingId = useId();
  const feeds = useDistributorFeeds();
  const remove = useDeleteDistributorFeed();
  const [editing, setEditing] = useState<DistributorFeed | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DistributorFeed | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setError(null);
    try {
      await remove.mutateAsync(deleting.id);
      setNotice(`${deleting.name} is deleted. Its listings stay as they are.`);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'The feed could not be deleted. Please try again.');
    }
    setDeleting(null);
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Distributor feeds
      </h2>
      <p className={styles.help}>
        Keep listings in step with a distributor’s inventory file (RSR Group, Davidson’s, Lipsey’s, Zanders,
        or a CSV of your own). Each pull creates new items, updates prices and quantities, and closes listings
        that left the file. Listings you edit on the site are left as you made them.
      </p>
      <FormNotice>{notice}</FormNotice>
      <FormError>{error}</FormError>
      {feeds.isPending ? (
        <LoadingRegion label="Loading your distributor feeds">
          <Skeleton height="120px" />
        </LoadingRegion>
      ) : feeds.isError ? (
        <div className={styles.actions}>
          <FormError>Your distributor feeds could not be loaded.</FormError>
          <Button variant="secondary" onClick={() => void feeds.refetch()}>
            Try again
          </Button>
        </div>
      ) : feeds.data.results.length === 0 ? (
        <p className={styles.help}>You have no distributor feeds yet.</p>
      ) : (
        <ul className={styles.feeds}>
          {feeds.data.results.map((feed) => (
            <FeedItem
              key={feed.id}
              feed={feed}
              onEdit={() => setEditing(feed)}
              onDelete={() => setDeleting(feed)}
              onPulled={setNotice}
            />
          ))}
        </ul>
      )}
      {editing === null ? (
        <div className={styles.actions}>
          <Button onClick={() => setEditing('new')}>Add a feed</Button>
        </div>
      ) : (
        <DistributorFeedForm
          key={editing === 'new' ? 'new' : editing.id}
          feed={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setNotice(
              saved.runs[0] && saved.runs[0].status === 'Succeeded'
                ? `${saved.name} is saved and pulled: ${runCounts(saved.runs[0])}.`
                : `${saved.name} is saved.`,
            );
          }}
        />
      )}
      <ModalDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete feed?'}
        description="The feed and its pull history go. Listings it created stay as they are."
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Keep it
          </Button>
          <Button onClick={() => void confirmDelete()} disabled={remove.isPending}>
            Delete feed
          </Button>
        </DialogActions>
      </ModalDialog>
    </section>
  );
}
