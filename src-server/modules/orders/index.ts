/**
 * The face of the orders module (checkout, orders and their upkeep, the dealer directory checkout uses).
 * Other modules and the app import only what is exported here; everything else in this folder is the
 * module's own (docs/code-map.md).
 */

export { fflDealerDirectory } from './dealers.ts';
export { registerOrdersModule } from './routes.ts';
