/**
 * The face of the docs module (the API reference (OpenAPI document and its readable page)). Other modules
 * and the app import only what is exported here; everything else in this folder is the module's own
 * (docs/code-map.md).
 */

export { registerDocsModule } from './routes.ts';
