import { FolderSync } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import type {
  WatchedFolderControl,
  WatchedFolderRun,
  WatchedFolderState,
} from '../../lib/platform/platform.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './desktop-sync.module.css';
import { formatWhen } from './format.ts';
import { useDesktopService } from './use-desktop-service.ts';

/** Where the upload history sits (the bulk-upload section of Seller Tools). */
export const UPLOAD_HISTORY_HREF = `${paths.to('dashboard.selling.tools')}#upload-history`;

const count = new Intl.NumberFormat('en-US');

export function watchedFolderStatusText(state: WatchedFolderState): string {
  const waiting = state.pendingFiles.length;
  const held = waiting === 1 ? '1 file is held' : `${count.format(waiting)} files are held`;
  switch (state.status) {
    case 'off':
      return 'Off: no folder is chosen.';
    case 'paused':
      return waiting > 0 ? `Paused: ${held} until you resume.` : 'Paused: nothing is sent until you resume.';
    case 'watching':
      return 'Watching the folder for new or changed inventory files.';
    case 'uploading':
      return 'Uploading an inventory file…';
    case 'error':
      return 'The folder cannot be read. See the last problem below.';
  }
}

const RUN_STATUS: Readonly<Record<WatchedFolderRun['status'], string>> = {
  Processing: 'Processing',
  Completed: 'Completed',
  Failed: 'Failed',
};

function useWatchedFolderService(control: WatchedFolderControl | null) {
  const service = useMemo(
    () => (control ? { read: () => control.get(), onChange: control.onChange.bind(control) } : null),
    [control],
  );
  return useDesktopService<WatchedFolderState>(service);
}

/**
 * The desktop client's watched inventory folder, on Seller Tools: the folder the dealer's
 * point-of-sale software exports into (chosen in the OS dialog by the main process), pause and
 * resume, the files held back, the last run and the last problem, kept current by the main
 * process's change events. Renders nothing on the web.
 */
export function WatchedFolderSection() {
  const platform = usePlatform();
  const control = platform.watchedFolder;
  const view = useWatchedFolderService(control);
  const id = useId();
  if (!control) return null;
  const state = view.value;
  const busy = view.busy !== null;

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        <FolderSync size={20} aria-hidden="true" />
        Watched inventory folder
      </h2>
      <p className={styles.intro}>
        Choose the folder your point-of-sale or bound-book software exports inventory CSV files into. While
        this app is open, each new or changed file in it is sent as a bulk upload, once per content; the
        results appear in the upload history.
      </p>
      {state === null ? (
        view.loadFailed ? (
          <div className={styles.problem} role="alert">
            <p>The watched folder's settings could not be read.</p>
            <Button variant="secondary" size="sm" onClick={view.reload}>
              Try again
            </Button>
          </div>
        ) : (
          <LoadingRegion label="Loading the watched folder">
            <div className={styles.skeletonRows}>
              <Skeleton height="20px" width="60%" />
              <Skeleton height="36px" width="18rem" />
              <Skeleton height="64px" />
            </div>
          </LoadingRegion>
        )
      ) : (
        <>
          <p className={styles.status} data-status={state.status} role="status" aria-live="polite">
            {watchedFolderStatusText(state)}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>Folder</dt>
              <dd className={styles.path}>{state.folder ?? 'No folder chosen'}</dd>
            </div>
          </dl>
          <div className={styles.actions}>
            <Button
              size="sm"
              disabled={busy}
              aria-busy={view.busy === 'choose'}
              onClick={() =>
                void view.run(
                  'choose',
                  () => control.choose(),
                  'The folder dialog could not be opened. Please try again.',
                )
              }
            >
              {state.folder ? 'Change folder…' : 'Choose folder…'}
            </Button>
            {state.folder ? (
              <>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() =>
                    void view.run(
                      'pause',
                      () => control.setPaused(!state.paused),
                      state.paused ? 'Watching could not be resumed.' : 'Watching could not be paused.',
                    )
                  }
                >
                  {state.paused ? 'Resume watching' : 'Pause watching'}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={() =>
                    void view.run('clear', () => control.clear(), 'The folder could not be forgotten.')
                  }
                >
                  Stop watching
                </Button>
              </>
            ) : null}
          </div>
          <FormError>{view.actionError}</FormError>
          {state.pendingFiles.length > 0 ? (
            <div>
              <h3 className={styles.subheading}>
                {state.paused ? 'Held while paused' : 'Waiting to be sent'}
              </h3>
              <ul className={styles.fileList}>
                {state.pendingFiles.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <div aria-live="polite">
            <h3 className={styles.subheading}>Last upload</h3>
            {state.lastRun ? (
              <LastRun run={state.lastRun} />
            ) : (
              <p className={styles.empty}>
                {state.folder
                  ? 'No file has been sent from this folder yet.'
                  : 'Choose a folder to have its inventory files sent automatically.'}
              </p>
            )}
          </div>
          <div aria-live="polite">
            {state.lastError ? (
              <div className={styles.problem}>
                <h3 className={styles.subheading}>Last problem</h3>
                <p>
                  {state.lastError.fileName ? <strong>{state.lastError.fileName}: </strong> : null}
                  {state.lastError.message}
                </p>
                <p className={styles.meta}>
                  <time dateTime={state.lastError.at}>{formatWhen(state.lastError.at)}</time>
                </p>
              </div>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

function LastRun({ run }: { run: WatchedFolderRun }) {
  return (
    <div className={styles.run}>
      <p>
        <strong className={styles.path}>{run.fileName}</strong>, sent{' '}
        <time dateTime={run.at}>{formatWhen(run.at)}</time>: {RUN_STATUS[run.status]}
      </p>
      {run.status === 'Failed' && run.failureMessage ? <p>{run.failureMessage}</p> : null}
      {run.status === 'Processing' ? (
        <p>The marketplace is still processing it; the upload history shows the result when it is done.</p>
      ) : null}
      {run.status === 'Completed' ? (
        <dl className={styles.counts}>
          <div>
            <dt>Created</dt>
            <dd>{count.format(run.createdCount)}</dd>
          </div>
          <div>
            <dt>Updated</dt>
            <dd>{count.format(run.updatedCount)}</dd>
          </div>
          <div>
            <dt>Unchanged</dt>
            <dd>{count.format(run.unchangedCount)}</dd>
          </div>
          <div>
            <dt>Failed</dt>
            <dd>{count.format(run.errorCount)}</dd>
          </div>
        </dl>
      ) : null}
      <p>
        <Link to={UPLOAD_HISTORY_HREF}>See this upload in the upload history</Link>
      </p>
    </div>
  );
}
