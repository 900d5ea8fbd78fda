/**
 * The face of the health module (the health check). Other modules and the app import only what is exported
 * here; everything else in this folder is the module's own (docs/code-map.md).
 */

export { registerHealthModule } from './routes.ts';
