/**
 * The face of the favorites module (a buyer's favorite listings). Other modules and the app import only
 * what is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

export { registerFavoritesModule } from './routes.ts';
