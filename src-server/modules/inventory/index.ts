/**
 * The face of the inventory module (bulk inventory uploads, inventory upserts (feeds, seller API) and
 * photo fetching). Other modules and the app import only what is exported here; everything else in this
 * folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerInventoryModule } from './routes.ts';

/**
 * The module as the app loads it (`ServerModule`, module-context.ts): the bulk upload calls, their
 * background processing and the fetching of inventory rows' photo links.
 */
export const inventoryModule: ServerModule = {
  name: 'inventory',
  register: (ctx) => registerInventoryModule(ctx),
};
export { closeMissingFeedListings, upsertInventory } from './upsert.ts';
