/**
 * The face of the offers module (offers on listings, their notices and the counts the dashboard shows).
 * Other modules and the app import only what is exported here; everything else in this folder is the
 * module's own (docs/code-map.md).
 */

export { notifyOfferParties } from './notify.ts';
export { liveOfferCounts } from './read.ts';
export { registerOffersModule } from './routes.ts';
