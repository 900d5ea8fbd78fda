/**
 * The face of the ads module (ad zones, their counting, and the creatives admins manage). Other modules
 * and the app import only what is exported here; everything else in this folder is the module's own
 * (docs/code-map.md).
 */

export { registerAdsModule } from './routes.ts';
