/**
 * The face of the desktop-updates module (the desktop client's update feed and installers, served
 * from the updates folder). Other modules and the app import only what is exported here; everything
 * else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerDesktopUpdates } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const desktopUpdatesModule: ServerModule = {
  name: 'desktop-updates',
  register(ctx) {
    registerDesktopUpdates(ctx);
  },
};
