/**
 * The face of the moderation module (listing reports, staff freezes of listings, staff actions on reported
 * messages). Other modules and the app import only what is exported here; everything else in this folder
 * is the module's own (docs/code-map.md).
 */

export { registerModerationModule } from './routes.ts';
