import { ADMIN_ENDPOINTS } from '../../../shared/contract/admin.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import { outboxDirFor } from '../../mail/mailer.ts';
import type { ModuleContext } from '../../module-context.ts';
import { listOutbox, readOutboxMessage } from './mail-outbox.ts';
import { accountAction, addCredit, auditLog, impersonate, searchUsers, userDetail } from './service.ts';
import {
  createPublicAlert,
  createShortLink,
  deletePublicAlert,
  listPublicAlertsForStaff,
  listShortLinks,
} from './site-notices.ts';

/**
 * The admin console's calls. The contract makes every one admin-only, and the endpoint layer refuses
 * impersonation tokens here; each action is written to the append-only audit log with the caller's
 * address.
 */
export function registerAdminModule(
  { endpoints, database, config }: ModuleContext,
  deps: AccountsDeps,
): void {
  const { db } = database;
  const outboxDir = outboxDirFor(config);
  endpoints(ADMIN_ENDPOINTS, {
    adminSearchUsers: ({ body }) => searchUsers(db, body),
    adminUserDetail: ({ params }) => userDetail(db, params.id),
    adminImpersonate: ({ auth, params, request }) =>
      impersonate(db, config.jwtSecret, { auth, address: request.ip }, params.id),
    adminAddCreditToUser: ({ auth, body, request }) => addCredit(db, { auth, address: request.ip }, body),
    adminAccountAction: ({ auth, params, body, request }) =>
      accountAction(deps, { auth, address: request.ip }, params.id, body),
    adminAudit: ({ query }) => auditLog(db, query),
    adminAlerts: () => listPublicAlertsForStaff(db),
    adminCreateAlert: ({ auth, body, request }) => createPublicAlert(db, { auth, address: request.ip }, body),
    adminDeleteAlert: ({ auth, params, request }) =>
      deletePublicAlert(db, { auth, address: request.ip }, params.id),
    adminShortLinks: ({ query }) => listShortLinks(db, query),
    adminCreateShortLink: ({ auth, body, request }) =>
      createShortLink(db, { auth, address: request.ip }, body),
    adminMailOutbox: () => listOutbox(outboxDir),
    adminMailOutboxMessage: ({ params }) => readOutboxMessage(outboxDir, params.name),
  });
}
