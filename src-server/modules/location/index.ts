/**
 * The face of the location module (zIP centroids and locating a caller). Other modules and the app import
 * only what is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

export { registerLocationModule } from './routes.ts';
export { findZipCentroid, locateCaller } from './service.ts';
export type { ZipCentroid } from './zip-centroids.ts';
export { releaseZipCentroids, zipCentroid, zipsOfCity } from './zip-centroids.ts';
