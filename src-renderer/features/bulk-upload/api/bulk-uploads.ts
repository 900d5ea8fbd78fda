import { useQuery } from '@tanstack/react-query';
import { type BulkUpload, BulkUploadStatus } from '../../../../shared/contract/inventory.ts';
import type { ColumnMapping } from '../../../../shared/domain/inventory-columns.ts';
import type { ApiClient, UploadProgress } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export const BULK_UPLOADS_QUERY_KEY = ['users', 'bulkuploads'] as const;

/** How often the history is read again while an upload is being processed. */
export const BULK_UPLOAD_POLL_MS = 1000;

export function isUploadRunning(upload: Pick<BulkUpload, 'status'>): boolean {
  return upload.status === BulkUploadStatus.Queued || upload.status === BulkUploadStatus.Processing;
}

/** The seller's uploads, newest first; read again every second while one is being processed. */
export function useBulkUploads() {
  const api = useApiClient();
  return useQuery({
    queryKey: BULK_UPLOADS_QUERY_KEY,
    queryFn: ({ signal }) => api.call('usersBulkUploads', undefined, { signal }),
    refetchInterval: (query) =>
      query.state.data?.results.some(isUploadRunning) ? BULK_UPLOAD_POLL_MS : false,
  });
}

/** Sends the file with the seller's column mapping; answers the upload the server queued. */
export async function sendInventoryFile(
  api: ApiClient,
  file: File,
  columnMapping: ColumnMapping,
  onUploadProgress: (progress: UploadProgress) => void,
): Promise<BulkUpload> {
  const answer = await api.call(
    'usersProcessBulkUploads',
    { files: [file], body: { columnMapping } },
    { onUploadProgress },
  );
  const upload = answer.results[0];
  if (!upload) throw new Error('The server queued no upload.');
  return upload;
}

/** The name the error report of a file is saved under: `stock-errors.csv` for `stock.csv`. */
export function errorReportFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '') || 'inventory';
  return `${base}-errors.csv`;
}

/** Fetches an upload's error report and hands it to the browser as a download. */
export async function downloadErrorReport(
  api: ApiClient,
  upload: Pick<BulkUpload, 'id' | 'fileName'>,
  doc: Document = document,
): Promise<void> {
  const csv = await api.call('usersBulkUploadErrors', { params: { id: upload.id } });
  // A byte-order mark tells Excel the report is UTF-8.
  const text = csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = errorReportFileName(upload.fileName);
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL can go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
