/**
 * The face of the offers module (offers on listings, their notices and the counts the dashboard shows).
 * Other modules and the app import only what is exported here; everything else in this folder is the
 * module's own (docs/code-map.md).
 */

import { clockOf, mailingDepsOf, type ServerModule } from '../../module-context.ts';
import { registerOffersModule } from './routes.ts';

export { notifyOfferParties } from './notify.ts';
export { liveOfferCounts } from './read.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const offersModule: ServerModule = {
  name: 'offers',
  register: (ctx, deps) => registerOffersModule(ctx, { ...mailingDepsOf(ctx, deps), ...clockOf(deps) }),
};
