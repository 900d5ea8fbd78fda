/**
 * The face of the admin module (the admin console: user search and actions, impersonation, credits, the
 * audit log, site notices, short links, the mail outbox). Other modules and the app import only what is
 * exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerAdminModule } from './routes.ts';

export { accountAction } from './service.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const adminModule: ServerModule = {
  name: 'admin',
  register(ctx, deps) {
    registerAdminModule(ctx, deps.accounts);
  },
};
