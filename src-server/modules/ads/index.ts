/**
 * The face of the ads module (ad zones, their counting, and the creatives admins manage). Other modules
 * and the app import only what is exported here; everything else in this folder is the module's own
 * (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerAdsModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const adsModule: ServerModule = {
  name: 'ads',
  register(ctx) {
    registerAdsModule(ctx);
  },
};
