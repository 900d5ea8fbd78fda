/**
 * The face of the saved-searches module (a buyer's saved searches). Other modules and the app import only
 * what is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerSavedSearchesModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const savedSearchesModule: ServerModule = {
  name: 'saved-searches',
  register(ctx) {
    registerSavedSearchesModule(ctx);
  },
};
