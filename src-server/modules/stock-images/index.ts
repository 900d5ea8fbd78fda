/**
 * The face of the stock-images module (stock category artwork). Other modules and the app import only what
 * is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

export { familyImagePath } from './artwork.ts';
export { registerStockImagesModule } from './routes.ts';
