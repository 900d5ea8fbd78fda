import { ADS_ENDPOINTS } from '../../../shared/contract/ads.ts';
import { adZoneSize, INVALID_AD_LOCATION } from '../../../shared/domain/ads.ts';
import type { ModuleContext } from '../../module-context.ts';
import { countAdEvent, deleteCreative, listCreatives, saveCreative, zoneAds } from './service.ts';

/** Ad zones, their counting, and the creatives admins manage. */
export function registerAdsModule({ endpoints, database }: ModuleContext): void {
  const { db } = database;
  endpoints(ADS_ENDPOINTS, {
    adsZone: async ({ query, request }) => {
      // An unknown location is the page's mistake, not the visitor's: it is logged, and answered 404.
      if (!adZoneSize(query.page, query.zone)) request.log.warn({ ...query }, INVALID_AD_LOCATION);
      return { page: query.page, zone: query.zone, ads: await zoneAds(db, query.page, query.zone) };
    },
    adsEvent: async ({ body }) => {
      await countAdEvent(db, body);
      return { success: true as const };
    },
    adsList: async () => ({ results: await listCreatives(db) }),
    adsAddOrUpdate: ({ body }) => saveCreative(db, body),
    adsDelete: async ({ params }) => {
      await deleteCreative(db, params.id);
      return { success: true as const };
    },
  });
}
