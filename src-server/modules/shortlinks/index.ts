/**
 * The face of the shortlinks module (short links and their redirects). Other modules and the app import
 * only what is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

export { registerShortLinksModule, shortLinkTarget } from './routes.ts';
