import { LOCATION_ENDPOINTS } from '../../../shared/contract/location.ts';
import type { ModuleContext } from '../../module-context.ts';
import { locateCaller } from './service.ts';
import { ensureZipCentroids } from './zip-centroids.ts';

export function registerLocationModule({ app, endpoints, database }: ModuleContext): void {
  const { db } = database;

  // ZIP centroids come from a package, not a migration: the first boot fills the empty table.
  app.addHook('onReady', async () => {
    await ensureZipCentroids(db);
  });

  endpoints(LOCATION_ENDPOINTS, {
    locationGeo: async ({ auth }) => locateCaller(db, auth?.userId ?? null),
  });
}
