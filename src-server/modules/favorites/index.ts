/**
 * The face of the favorites module (a buyer's favorite listings). Other modules and the app import only
 * what is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerFavoritesModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const favoritesModule: ServerModule = {
  name: 'favorites',
  register(ctx) {
    registerFavoritesModule(ctx);
  },
};
