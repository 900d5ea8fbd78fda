import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  type BulkUpload,
  type BulkUploadListResponse,
  BulkUploadStatus,
} from '../../../shared/contract/inventory.ts';
import { isApiError, type UploadProgress } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../lib/session/session.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-field.tsx';
import {
  BULK_UPLOADS_QUERY_KEY,
  isUploadRunning,
  sendInventoryFile,
  useBulkUploads,
} from './api/bulk-uploads.ts';
import styles from './bulk-upload.module.css';
import { mappingToSave } from './column-mapping.ts';
import { ColumnMappingEditor } from './column-mapping-editor.tsx';
import { ErrorReportLink } from './error-report-link.tsx';
import { InventoryFilePicker } from './inventory-file-picker.tsx';
import { InventoryPreview } from './inventory-preview.tsx';
import { InventoryTemplate } from './inventory-template.tsx';
import { writeSavedMapping } from './mapping-storage.ts';
import { ProgressBar } from './progress-bar.tsx';
import { UploadHistory } from './upload-history.tsx';
import { type InventoryFileState, useInventoryFile } from './use-inventory-file.ts';

const count = new Intl.NumberFormat('en-US');
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function outcomeText(upload: BulkUpload): string {
  return `${count.format(upload.createdCount)} created, ${count.format(upload.updatedCount)} updated, ${count.format(upload.unchangedCount)} unchanged, ${count.format(upload.errorCount)} failed.`;
}

/** What a screen reader hears as the chosen file is read and checked (a failure is an alert of its own). */
function fileAnnouncement(state: InventoryFileState): string {
  if (state.status === 'reading') return `Reading ${state.file.name}.`;
  if (state.status !== 'ready') return '';
  if (state.checking) return 'Checking the rows again.';
  const { fileName, totalRows, validRows, errorRows } = state.summary;
  return `${fileName} is read: ${count.format(totalRows)} rows, ${count.format(validRows)} ready, ${count.format(errorRows)} with errors.`;
}

/** Where an upload the seller started on this page stands: processing, done or failed. */
function UploadRun({ upload }: { upload: BulkUpload }) {
  if (isUploadRunning(upload)) {
    const counted = upload.totalRows > 0;
    return (
      <div className={styles.run}>
        <ProgressBar
          label={`Importing ${upload.fileName}`}
          value={upload.processedRows}
          max={counted ? upload.totalRows : 1}
          valueText={
            counted
              ? `${count.format(upload.processedRows)} of ${count.format(upload.totalRows)} rows`
              : 'Waiting to start'
          }
        />
      </div>
    );
  }
  if (upload.status === BulkUploadStatus.Failed) {
    return (
      <div className={styles.run}>
        <p className={styles.problem}>
          The upload of {upload.fileName} failed
          {upload.failureMessage ? `: ${upload.failureMessage}` : '.'} Nothing from it was saved.
        </p>
      </div>
    );
  }
  return (
    <div className={styles.run}>
      <p className={styles.done}>
        {upload.fileName} is uploaded: {outcomeText(upload)}
      </p>
      {upload.errorCount > 0 ? <ErrorReportLink upload={upload} /> : null}
    </div>
  );
}

/**
 * Bulk inventory upload: choose a CSV, match its columns, check every row in the preview, then send
 * it and follow the import; earlier uploads below with their error reports.
 */
export function BulkUploadSection() {
  const id = useId();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const inventory = useInventoryFile(user?.id ?? null);
  const uploads = useBulkUploads();
  const [sending, setSending] = useState<UploadProgress | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const { state } = inventory;
  const run = runId ? uploads.data?.results.find((upload) => upload.id === runId) : undefined;

  function choose(file: File) {
    setSendError(null);
    inventory.choose(file);
  }

  async function send() {
    if (state.status !== 'ready' || sending) return;
    const { upload: file, summary } = state;
    setSendError(null);
    setSending({ loaded: 0, total: file.size });
    try {
      if (user) writeSavedMapping(user.id, mappingToSave(summary.mapping));
      const queued = await sendInventoryFile(api, file, summary.mapping, setSending);
      queryClient.setQueryData<BulkUploadListResponse>(BULK_UPLOADS_QUERY_KEY, (old) => ({
        results: [queued, ...(old?.results ?? []).filter((upload) => upload.id !== queued.id)],
      }));
      setRunId(queued.id);
      void queryClient.invalidateQueries({ queryKey: BULK_UPLOADS_QUERY_KEY });
    } catch (error) {
      setSendError(
        isApiError(error) && error.message
          ? error.message
          : 'The file could not be sent. Check your connection and try again.',
      );
    } finally {
      setSending(null);
    }
  }

  const ready = state.status === 'ready' ? state : null;
  const blocked = ready
    ? ready.summary.missingRequired.length > 0 || ready.summary.validRows === 0 || ready.checking !== null
    : true;
  const busy = sending !== null;

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        Bulk inventory upload
      </h2>
      <p className={styles.intro}>
        List or update many items at once from a spreadsheet. Every row is checked here first; nothing is sent
        until you upload. Rows are matched to your listings by stock number; a row that would put more
        listings on sale than your plan allows is reported as failed, and the rows before it are listed.
      </p>

      <InventoryFilePicker onFile={choose} disabled={busy} />

      {state.status === 'reading' ? (
        <ProgressBar
          label={`Reading ${state.file.name}`}
          value={state.progress?.done ?? 0}
          max={state.file.size}
          valueText={
            state.progress
              ? `${count.format(state.progress.rows)} rows read (${megabytes(state.progress.done)} of ${megabytes(state.file.size)})`
              : 'Starting'
          }
        />
      ) : null}

      {state.status === 'failed' ? (
        <FormError>
          {state.file.name} could not be read. {state.message}
        </FormError>
      ) : null}

      {ready ? (
        <>
          <ColumnMappingEditor
            headers={ready.summary.headers}
            mapping={ready.summary.mapping}
            missingRequired={ready.summary.missingRequired}
            onChange={inventory.changeMapping}
            disabled={busy}
          />
          {ready.checking ? (
            <ProgressBar
              label="Checking the rows again"
              value={ready.checking.done}
              max={ready.checking.total}
              valueText={`${count.format(ready.checking.done)} of ${count.format(ready.checking.total)} rows`}
            />
          ) : null}
          <InventoryPreview
            key={ready.job}
            summary={ready.summary}
            loadPage={inventory.page}
            busy={ready.checking !== null}
          />
          <div className={styles.actions}>
            {/* Stays enabled while sending so it keeps the keyboard focus; a second press does nothing. */}
            <Button disabled={blocked} aria-busy={busy} onClick={() => void send()}>
              Upload {count.format(ready.summary.validRows)} {ready.summary.validRows === 1 ? 'row' : 'rows'}
            </Button>
            {ready.summary.errorRows > 0 ? (
              <p className={styles.note}>
                The {count.format(ready.summary.errorRows)} {ready.summary.errorRows === 1 ? 'row' : 'rows'}{' '}
                with errors {ready.summary.errorRows === 1 ? 'is' : 'are'} not imported; they are listed in
                the upload’s error report. Fix them in your file and upload it again: rows already imported
                are not duplicated.
              </p>
            ) : null}
          </div>
          {sending ? (
            <ProgressBar
              label={`Sending ${ready.file.name}`}
              value={sending.loaded}
              max={sending.total}
              valueText={`${megabytes(sending.loaded)} of ${megabytes(sending.total)}`}
            />
          ) : null}
          <FormError>{sendError}</FormError>
        </>
      ) : null}

      {/* One live region, kept on the page, shows and announces the run: the outcome is written once. */}
      <div role="status" className={styles.runStatus}>
        {run ? <UploadRun upload={run} /> : null}
      </div>
      <div role="status" className="visually-hidden">
        {fileAnnouncement(state)}
      </div>

      <UploadHistory headingId={`${id}-history`} />
      <InventoryTemplate />
    </section>
  );
}
