/**
 * The face of the alerts module (buyer alerts: the alert job, Buyer Tools' alert settings and the digest's
 * unsubscribe link). Other modules and the app import only what is exported here; everything else in this
 * folder is the module's own (docs/code-map.md).
 */

import { mailingDepsOf, type ServerModule } from '../../module-context.ts';
import { registerAlertsModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const alertsModule: ServerModule = {
  name: 'alerts',
  register: (ctx, deps) =>
    registerAlertsModule(ctx, {
      ...mailingDepsOf(ctx, deps),
      jwtSecret: ctx.config.jwtSecret,
      intervalMs: ctx.config.alertRunIntervalMs,
    }),
};
