/**
 * The face of the location module (zIP centroids and locating a caller). Other modules and the app import
 * only what is exported here; everything else in this folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerLocationModule } from './routes.ts';

export { findZipCentroid, locateCaller } from './service.ts';
export type { ZipCentroid } from './zip-centroids.ts';
export { ensureZipCentroids, releaseZipCentroids, zipCentroid, zipsOfCity } from './zip-centroids.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const locationModule: ServerModule = {
  name: 'location',
  register(ctx) {
    registerLocationModule(ctx);
  },
};
