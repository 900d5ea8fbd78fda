import { CloudUpload } from 'lucide-react';
import { useId } from 'react';
import type { OutboxItemView, OutboxSnapshot } from '../../lib/platform/platform.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './desktop-sync.module.css';
import { formatWhen } from './format.ts';
import { OUTBOX_ANCHOR } from './outbox-anchor.ts';
import { outboxCounts, useOutbox } from './use-outbox.ts';

export const OUTBOX_KIND_LABELS: Readonly<Record<OutboxItemView['kind'], string>> = {
  message: 'Message',
  listingEdit: 'Listing edit',
  offerAnswer: 'Offer answer',
  orderShipping: 'Shipping update',
};

const countFormat = new Intl.NumberFormat('en-US');

export function outboxStatusText(snapshot: OutboxSnapshot): string {
  const { waiting, held } = outboxCounts(snapshot);
  const waitingText =
    waiting === 1
      ? '1 change is waiting to be sent'
      : `${countFormat.format(waiting)} changes are waiting to be sent`;
  const heldText =
    held === 0
      ? ''
      : held === 1
        ? ' 1 needs your attention.'
        : ` ${countFormat.format(held)} need your attention.`;
  switch (snapshot.status) {
    case 'idle':
      return waiting === 0 ? 'Everything has been sent.' : `${waitingText}.${heldText}`;
    case 'sending':
      return `Sending: ${waitingText}.${heldText}`;
    case 'waiting':
      return `The marketplace cannot be reached; ${waitingText}.${
        snapshot.nextAttemptAt ? ` Next try ${formatWhen(snapshot.nextAttemptAt)}.` : ''
      }${heldText}`;
    case 'signedOut':
      return `Sign in to send them: ${waitingText}.${heldText}`;
  }
}

function stateText(item: OutboxItemView, sending: boolean): string {
  switch (item.state) {
    case 'pending':
      return sending ? 'Sending' : 'Waiting';
    case 'conflict':
      return 'Conflict';
    case 'rejected':
      return 'Refused';
  }
}

/**
 * The desktop client's offline outbox, on the dashboard: the changes made while the marketplace
 * could not be reached (messages, listing edits, offer answers, shipping updates), in the order they
 * will be sent, with Retry and Discard for one held for the dealer (a conflict or a refusal) and
 * Send now; kept current by the main process's change events. Renders nothing on the web.
 */
export function OutboxPanel() {
  const outbox = useOutbox();
  const id = useId();
  const control = outbox.control;
  if (!control) return null;
  const snapshot = outbox.value;
  const busy = outbox.busy !== null;
  const sending = snapshot?.status === 'sending';
  const hasPending = snapshot?.items.some((item) => item.state === 'pending') ?? false;

  return (
    <section id={OUTBOX_ANCHOR} className={styles.section} aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        <CloudUpload size={20} aria-hidden="true" />
        Waiting to be sent
      </h2>
      <p className={styles.intro}>
        Changes you made in this app while the marketplace could not be reached are kept on this computer and
        sent in order once it answers. A change whose record was changed meanwhile is held here for you, never
        sent over the newer one.
      </p>
      {snapshot === null ? (
        outbox.loadFailed ? (
          <div className={styles.problem} role="alert">
            <p>The changes waiting to be sent could not be read.</p>
            <Button variant="secondary" size="sm" onClick={outbox.reload}>
              Try again
            </Button>
          </div>
        ) : (
          <LoadingRegion label="Loading the changes waiting to be sent">
            <div className={styles.skeletonRows}>
              <Skeleton height="20px" width="50%" />
              <Skeleton height="40px" />
              <Skeleton height="40px" />
            </div>
          </LoadingRegion>
        )
      ) : (
        <>
          <div className={styles.statusRow}>
            <p className={styles.status} data-status={snapshot.status} role="status" aria-live="polite">
              {outboxStatusText(snapshot)}
            </p>
            {hasPending ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={busy || sending}
                onClick={() =>
                  void outbox.run(
                    'sendNow',
                    () => control.sendNow().then(() => null),
                    'Sending could not be started. Please try again.',
                  )
                }
              >
                Send now
              </Button>
            ) : null}
          </div>
          {snapshot.persistent ? null : (
            <p className={styles.warning}>
              This computer offers no encrypted storage, so these changes are kept in memory only: they are
              lost if you quit the app before they are sent.
            </p>
          )}
          <FormError>{outbox.actionError}</FormError>
          {snapshot.items.length === 0 ? (
            <p className={styles.empty}>
              Nothing is waiting. Changes you make while offline will wait here until they can be sent.
            </p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className="visually-hidden">Changes waiting to be sent, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Change</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Made</th>
                    <th scope="col">State</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {snapshot.items.map((item) => (
                    <tr key={item.id} data-state={item.state}>
                      <th scope="row" className={styles.label}>
                        {item.label}
                      </th>
                      <td data-label="Kind">{OUTBOX_KIND_LABELS[item.kind]}</td>
                      <td data-label="Made">
                        <time dateTime={item.queuedAt}>{formatWhen(item.queuedAt)}</time>
                      </td>
                      <td data-label="State">
                        <span className={styles.state} data-state={item.state}>
                          {stateText(item, sending)}
                        </span>
                        {item.problem ? <span className={styles.problemText}>{item.problem}</span> : null}
                      </td>
                      <td>
                        {item.state === 'pending' ? null : (
                          <div className={styles.rowActions}>
                            <Button
                              size="sm"
                              variant="secondary"
                              disabled={busy}
                              aria-label={`Retry: ${item.label}`}
                              onClick={() =>
                                void outbox.run(
                                  `retry:${item.id}`,
                                  () => control.retry(item.id).then(() => null),
                                  `“${item.label}” could not be sent again. Please try again.`,
                                )
                              }
                            >
                              Retry
                            </Button>
                            <Button
                              size="sm"
                              variant="ghost"
                              disabled={busy}
                              aria-label={`Discard: ${item.label}`}
                              onClick={() =>
                                void outbox.run(
                                  `discard:${item.id}`,
                                  () => control.discard(item.id).then(() => null),
                                  `“${item.label}” could not be discarded. Please try again.`,
                                )
                              }
                            >
                              Discard
                            </Button>
                          </div>
                        )}
                      </td>
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
