/**
 * The face of the feeds module (dealers' distributor feeds and their pulls). Other modules and the app
 * import only what is exported here; everything else in this folder is the module's own (docs/code-
 * map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerFeedsModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts): the feed calls and the scheduled pulls. */
export const feedsModule: ServerModule = {
  name: 'feeds',
  register: (ctx) => registerFeedsModule(ctx),
};
