/**
 * The face of the feeds module (dealers' distributor feeds and their pulls). Other modules and the app
 * import only what is exported here; everything else in this folder is the module's own (docs/code-
 * map.md).
 */

export { registerFeedsModule } from './routes.ts';
