import { INVENTORY_ENDPOINTS } from '../../../shared/contract/inventory.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import type { PeriodicJob } from '../../periodic-jobs.ts';
import { BulkUploadProcessor } from './bulk-upload-processor.ts';
import { bulkUploadErrorReport, listBulkUploads, queueBulkUploads } from './bulk-uploads.ts';
import { fetchPendingImages, IMAGE_FETCH_LIMITS } from './image-fetch.ts';

/** How often a server fetches the photo links of inventory rows. */
export const IMAGE_FETCH_INTERVAL_MS = 30_000;

/** How often a server looks for uploads queued by another server or left by a stopped one. */
export const BULK_UPLOAD_POLL_MS = 5_000;

/**
 * The bulk upload calls and the background work behind them: processing started when the app is
 * ready (resuming uploads a stopped server left), woken by each upload and every few seconds,
 * stopped after its batch under way when the app closes; and the fetching of inventory rows' photo
 * links.
 */
export function registerInventoryModule(ctx: ModuleContext): ModuleParts {
  const db = ctx.database.db;
  const deps = { db, blobs: ctx.blobs, log: ctx.app.log, leaseSeconds: ctx.config.bulkUploadLeaseSeconds };
  const processor = new BulkUploadProcessor(deps);
  ctx.app.decorate('bulkUploads', processor);
  const processing: PeriodicJob = {
    atBoot: async () => {
      // Embedded PGlite has one writer, this process: whatever is Processing was left by a stop.
      if (ctx.database.kind === 'pglite') await processor.releaseAbandoned();
      processor.wake();
    },
    run: async () => processor.wake(),
    intervalMs: BULK_UPLOAD_POLL_MS,
    failureMessage: 'looking for queued bulk uploads failed',
    atClose: async () => processor.stop(),
  };
  const imageDeps = {
    db,
    blobs: ctx.blobs,
    log: ctx.app.log,
    limits: {
      ...IMAGE_FETCH_LIMITS,
      allowLoopback: ctx.config.imageFetchAllowLoopback === true && ctx.config.nodeEnv !== 'production',
    },
  };
  const imageFetch: PeriodicJob = {
    atBoot: async () => {},
    run: async (stopping) => {
      // Runs until no link is waiting, a few at a time; a stopping server ends after the batch under way.
      while (!stopping?.aborted && (await fetchPendingImages(imageDeps)) > 0) {}
    },
    intervalMs: IMAGE_FETCH_INTERVAL_MS,
    failureMessage: 'fetching the photo links of inventory rows failed',
  };
  ctx.endpoints(INVENTORY_ENDPOINTS, {
    usersBulkUploads: ({ auth }) => listBulkUploads(db, auth),
    usersProcessBulkUploads: ({ auth, body, files }) =>
      queueBulkUploads(deps, auth, body.columnMapping, files, processor),
    usersBulkUploadErrors: async ({ auth, params, reply }) => {
      const report = await bulkUploadErrorReport(db, auth, params.id);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report.fileName}"`);
      return report.csv;
    },
  });
  return { jobs: [processing, imageFetch] };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bulk upload processor (tests and the benchmark wait for it to be idle). */
    bulkUploads: BulkUploadProcessor;
  }
}
