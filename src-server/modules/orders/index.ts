/**
 * The face of the orders module (checkout, orders and their upkeep, the dealer directory checkout uses).
 * Other modules and the app import only what is exported here; everything else in this folder is the
 * module's own (docs/code-map.md).
 */

import { clockOf, mailingDepsOf, type ServerModule } from '../../module-context.ts';
import { fflDealerDirectory } from './dealers.ts';
import { registerOrdersModule } from './routes.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const ordersModule: ServerModule = {
  name: 'orders',
  register: (ctx, deps) =>
    registerOrdersModule(ctx, {
      ...mailingDepsOf(ctx, deps),
      ...clockOf(deps),
      gateway: deps.paymentGateway,
      dealers: fflDealerDirectory,
    }),
};
