/**
 * The face of the brands module (brand pages and their photos). Other modules and the app import only what
 * is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

export { registerBrandsModule } from './routes.ts';
export { listBrands } from './service.ts';
