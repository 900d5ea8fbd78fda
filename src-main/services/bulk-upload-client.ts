/**
 * The watched folder's uploader: the same call the bulk-upload page makes
 * (POST /users/process-bulkuploads, the file in `formFiles`, no column mapping so the server maps
 * the headers itself), with the session token kept in the keychain; then the upload history
 * (GET /users/bulkuploads) is read every few seconds until the server has processed the file.
 */
import {
  BulkUploadStatus,
  bulkUploadListResponseSchema,
  INVENTORY_ENDPOINTS,
} from '../../shared/contract/inventory.ts';
import { apiUrl, type FetchLike, isTransientStatus, problemOf } from './api-call.ts';
import {
  type Clock,
  type InventoryUploader,
  processingOutcome,
  SYSTEM_CLOCK,
  SYSTEM_TIMERS,
  UploadFailure,
  type WatchTimers,
} from './watched-folder.ts';

export const RESULT_POLL_MS = 3000;
/** How long the client follows an upload before leaving the result to the upload history. */
export const RESULT_WAIT_MS = 10 * 60_000;

export interface BulkUploadClientOptions {
  apiOrigin: string;
  getToken(): Promise<string | null>;
  fetch: FetchLike;
  timers?: WatchTimers;
  clock?: Clock;
  pollMs?: number;
  waitMs?: number;
}

export const SIGNED_OUT_MESSAGE = 'Sign in to Ironsight to upload inventory from the watched folder.';

export function createBulkUploadClient(options: BulkUploadClientOptions): InventoryUploader {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const timers = options.timers ?? SYSTEM_TIMERS;
  const pollMs = options.pollMs ?? RESULT_POLL_MS;
  const waitMs = options.waitMs ?? RESULT_WAIT_MS;
  const sleep = (ms: number) => new Promise<void>((resolve) => timers.setTimeout(resolve, ms));

  const authorization = async () => {
    const token = await options.getToken().catch(() => null);
    if (!token) throw new UploadFailure(SIGNED_OUT_MESSAGE, true);
    return `Bearer ${token}`;
  };

  return {
    async send(file) {
      const endpoint = INVENTORY_ENDPOINTS.usersProcessBulkUploads;
      const form = new FormData();
      const bytes = new Uint8Array(file.data.byteLength);
      bytes.set(file.data);
      form.append(endpoint.upload.fileField, new Blob([bytes], { type: 'text/csv' }), file.name);
      let response: Response;
      try {
        response = await options.fetch(apiUrl(options.apiOrigin, endpoint.path), {
          method: endpoint.method,
          headers: { authorization: await authorization(), accept: 'application/json' },
          body: form,
        });
      } catch (error) {
        if (error instanceof UploadFailure) throw error;
        throw new UploadFailure('The server could not be reached.', true);
      }
      if (!response.ok) {
        const message = response.status === 401 ? SIGNED_OUT_MESSAGE : await problemOf(response);
        throw new UploadFailure(message, isTransientStatus(response.status));
      }
      const parsed = bulkUploadListResponseSchema.safeParse(await response.json().catch(() => null));
      const upload = parsed.success ? parsed.data.results[0] : undefined;
      if (!upload) throw new UploadFailure('The server answered in an unexpected form.', true);
      return { uploadId: upload.id };
    },

    async result(uploadId) {
      const endpoint = INVENTORY_ENDPOINTS.usersBulkUploads;
      const deadline = clock.now() + waitMs;
      let latest = processingOutcome(uploadId);
      while (clock.now() < deadline) {
        await sleep(pollMs);
        try {
          const response = await options.fetch(apiUrl(options.apiOrigin, endpoint.path), {
            method: endpoint.method,
            headers: { authorization: await authorization(), accept: 'application/json' },
          });
          if (!response.ok) continue;
          const parsed = bulkUploadListResponseSchema.safeParse(await response.json());
          const upload = parsed.success
            ? parsed.data.results.find((item) => item.id === uploadId)
            : undefined;
          if (!upload) continue;
          const status =
            upload.status === BulkUploadStatus.Completed || upload.status === BulkUploadStatus.Failed
              ? upload.status
              : 'Processing';
          latest = {
            uploadId,
            status,
            createdCount: upload.createdCount,
            updatedCount: upload.updatedCount,
            unchangedCount: upload.unchangedCount,
            errorCount: upload.errorCount,
            failureMessage: upload.failureMessage,
          };
          if (status !== 'Processing') return latest;
        } catch {
          // A dropped connection while following: ask again at the next poll.
        }
      }
      return latest;
    },
  };
}
