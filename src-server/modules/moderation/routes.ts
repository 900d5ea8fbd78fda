import { MODERATION_ENDPOINTS } from '../../../shared/contract/moderation.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import type { ModuleContext } from '../../module-context.ts';
import { actOnMessageReport } from './message-reports.ts';
import { freezeListing, listListingReports, reportListing, unfreezeListing } from './service.ts';

/**
 * Listing reports from users, staff freezes of a listing, and staff actions on reported messages
 * (each staff action written to the audit log).
 */
export function registerModerationModule({ endpoints, database }: ModuleContext, deps: AccountsDeps): void {
  const { db } = database;
  endpoints(MODERATION_ENDPOINTS, {
    listingsReport: ({ auth, body }) => reportListing(db, auth, body),
    adminListingReports: ({ body }) => listListingReports(db, body),
    adminFreezeListing: ({ auth, params, body, request }) =>
      freezeListing(db, { auth, address: request.ip }, params.id, body.reason),
    adminUnfreezeListing: ({ auth, params, request }) =>
      unfreezeListing(db, { auth, address: request.ip }, params.id),
    adminMessageReportAction: ({ auth, params, body, request }) =>
      actOnMessageReport(deps, { auth, address: request.ip }, params.id, body),
  });
}
