/**
 * The face of the saved-searches module (a buyer's saved searches). Other modules and the app import only
 * what is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

export { registerSavedSearchesModule } from './routes.ts';
