/**
 * The face of the moderation module (listing reports, staff freezes of listings, staff actions on reported
 * messages). Other modules and the app import only what is exported here; everything else in this folder
 * is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerModerationModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const moderationModule: ServerModule = {
  name: 'moderation',
  register(ctx, deps) {
    registerModerationModule(ctx, deps.accounts);
  },
};
