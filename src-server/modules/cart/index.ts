/**
 * The face of the cart module (the server copy of a signed-in buyer's cart). Other modules and the app
 * import only what is exported here; everything else in this folder is the module's own (docs/code-
 * map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerCartModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const cartModule: ServerModule = {
  name: 'cart',
  register(ctx) {
    registerCartModule(ctx);
  },
};
