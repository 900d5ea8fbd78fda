/**
 * The face of the health module (the health check). Other modules and the app import only what is exported
 * here; everything else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerHealthModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const healthModule: ServerModule = {
  name: 'health',
  register(ctx) {
    registerHealthModule(ctx);
  },
};
