import { MODERATION_ENDPOINTS } from '../../../shared/contract/moderation.ts';
import type { ModuleContext } from '../../module-context.ts';
import { freezeListing, listListingReports, reportListing, unfreezeListing } from './service.ts';

/** Listing reports from users, and staff freezes of a listing (each written to the audit log). */
export function registerModerationModule({ endpoints, database }: ModuleContext): void {
  const { db } = database;
  endpoints(MODERATION_ENDPOINTS, {
    listingsReport: ({ auth, body }) => reportListing(db, auth, body),
    adminListingReports: ({ body }) => listListingReports(db, body),
    adminFreezeListing: ({ auth, params, body, request }) =>
      freezeListing(db, { auth, address: request.ip }, params.id, body.reason),
    adminUnfreezeListing: ({ auth, params, request }) =>
      unfreezeListing(db, { auth, address: request.ip }, params.id),
  });
}
