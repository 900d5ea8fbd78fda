import { eq } from 'drizzle-orm';
import { ALERTS_ENDPOINTS, INVALID_UNSUBSCRIBE_LINK_MESSAGE } from '../../../shared/contract/alerts.ts';
import { users } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import type { PeriodicJob } from '../../periodic-jobs.ts';
import { type AlertJobDeps, runAlerts } from './alert-run.ts';
import { getAlertSettings, stopDigestEmails, updateAlertSettings } from './settings.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

/** How often the alert job runs by default (ALERT_RUN_INTERVAL_SECONDS changes it). */
export const ALERT_RUN_MS = 5 * 60 * 1000;

/**
 * Buyer alerts: the alert job on its schedule (and on an admin's demand), the alert
 * settings of Buyer Tools, and the digest's unsubscribe link.
 */
export function registerAlertsModule(
  { endpoints }: ModuleContext,
  deps: AlertJobDeps & { intervalMs?: number },
): ModuleParts {
  const { db } = deps;
  const alertRun: PeriodicJob = {
    atBoot: async () => {},
    run: async () => {
      await runAlerts(deps);
    },
    intervalMs: deps.intervalMs ?? ALERT_RUN_MS,
    failureMessage: 'the alert job (saved searches, price drops, local listings) failed',
  };

  endpoints(ALERTS_ENDPOINTS, {
    usersGetAlertSettings: ({ auth }) => getAlertSettings(db, auth.userId),
    usersUpdateAlertSettings: ({ auth, body }) => updateAlertSettings(db, auth.userId, body),
    alertsUnsubscribe: async ({ body }) => {
      const userId = await verifyUnsubscribeToken(body.token, deps.jwtSecret);
      const [user] = userId
        ? await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId))
        : [];
      if (!user) throw badRequest(INVALID_UNSUBSCRIBE_LINK_MESSAGE);
      await stopDigestEmails(db, user.id);
      return { success: true as const, email: user.email };
    },
    alertsRun: () => runAlerts(deps),
  });
  return { jobs: [alertRun] };
}
