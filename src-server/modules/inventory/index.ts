/**
 * The face of the inventory module (bulk inventory uploads, inventory upserts (feeds, seller API) and
 * photo fetching). Other modules and the app import only what is exported here; everything else in this
 * folder is the module's own (docs/code-map.md).
 */

export { registerInventoryModule } from './routes.ts';
export { closeMissingFeedListings, upsertInventory } from './upsert.ts';
