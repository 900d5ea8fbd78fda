import { type BulkUpload, BulkUploadStatus } from '../../../shared/contract/inventory.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { isUploadRunning, useBulkUploads } from './api/bulk-uploads.ts';
import styles from './bulk-upload.module.css';
import { ErrorReportLink } from './error-report-link.tsx';

const count = new Intl.NumberFormat('en-US');
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const STATUS_LABELS: Readonly<Record<BulkUpload['status'], string>> = {
  [BulkUploadStatus.Queued]: 'Waiting',
  [BulkUploadStatus.Processing]: 'Processing',
  [BulkUploadStatus.Completed]: 'Completed',
  [BulkUploadStatus.Failed]: 'Failed',
};

function statusText(upload: BulkUpload): string {
  if (isUploadRunning(upload) && upload.totalRows > 0) {
    return `${STATUS_LABELS[upload.status]} (${count.format(upload.processedRows)} of ${count.format(upload.totalRows)} rows)`;
  }
  return STATUS_LABELS[upload.status];
}

/** The seller's earlier uploads with their counts and error reports. */
export function UploadHistory({ headingId }: { headingId: string }) {
  const uploads = useBulkUploads();
  const rows = uploads.data?.results ?? [];
  return (
    // The id lets other pages link here (the desktop client's watched folder links its last upload).
    <section id="upload-history" className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subheading}>
        Upload history
      </h3>
      {uploads.isPending ? (
        <LoadingRegion label="Loading your uploads">
          <div className={styles.skeletonRows}>
            {Array.from({ length: 3 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={index} height="32px" />
            ))}
          </div>
        </LoadingRegion>
      ) : uploads.isError && rows.length === 0 ? (
        <div className={styles.empty} role="alert">
          <p>Your uploads could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void uploads.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className={styles.empty}>You have not uploaded an inventory file yet.</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table} aria-busy={uploads.isFetching}>
            <caption className="visually-hidden">Your inventory uploads, newest first</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Status</th>
                <th scope="col" className={styles.numberHead}>
                  Created
                </th>
                <th scope="col" className={styles.numberHead}>
                  Updated
                </th>
                <th scope="col" className={styles.numberHead}>
                  Unchanged
                </th>
                <th scope="col" className={styles.numberHead}>
                  Failed
                </th>
                <th scope="col">Error report</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((upload) => (
                <tr key={upload.id}>
                  <th scope="row">
                    {/* A long name is cut with an ellipsis; the whole name is its title. */}
                    <span className={styles.fileName} title={upload.fileName}>
                      {upload.fileName}
                    </span>
                  </th>
                  <td data-label="Uploaded">
                    <time dateTime={upload.createdAt}>{when.format(new Date(upload.createdAt))}</time>
                  </td>
                  <td data-label="Status">{statusText(upload)}</td>
                  <td data-label="Created" className={styles.number}>
                    {count.format(upload.createdCount)}
                  </td>
                  <td data-label="Updated" className={styles.number}>
                    {count.format(upload.updatedCount)}
                  </td>
                  <td data-label="Unchanged" className={styles.number}>
                    {count.format(upload.unchangedCount)}
                  </td>
                  <td data-label="Failed" className={styles.number}>
                    {count.format(upload.errorCount)}
                  </td>
                  <td data-label="Error report">
                    {upload.errorCount > 0 && !isUploadRunning(upload) ? (
                      <ErrorReportLink upload={upload} />
                    ) : (
                      <span className={styles.muted}>None</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
