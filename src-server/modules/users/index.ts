/**
 * The face of the users module (registration, the signed-in account, alerts, dashboard counts, listing
 * eligibility, unfreezing). Other modules and the app import only what is exported here; everything else
 * in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerUsersModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const usersModule: ServerModule = {
  name: 'users',
  register(ctx, deps) {
    registerUsersModule(ctx, deps.accounts);
  },
};
