/**
 * The face of the newsletter module (newsletter sign-up, confirmation and unsubscribe). Other modules and
 * the app import only what is exported here; everything else in this folder is the module's own
 * (docs/code-map.md).
 */

export { registerNewsletterModule } from './routes.ts';
