import { z } from 'zod';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** Page names and zone names of the ad server: lower-case words (rev_home_hero_1, home). */
export const adPageSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,49}$/, { error: 'Expected a page name.' });
export const adZoneNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { error: 'Expected a zone name.' });

/** The home page's hero zones (spec §7); other zone ids are configuration. */
export const HOME_AD_ZONES = {
  page: 'home',
  hero: 'rev_home_hero_1',
  heroMobile: 'rev_home_hero_1_mob',
} as const;

/** GET /ads/zone?page=&zone= ; an unknown page or zone answers 404 with 'Invalid location'. */
export const adZoneQuerySchema = z.object({ page: adPageSchema, zone: adZoneNameSchema });
export type AdZoneQuery = z.infer<typeof adZoneQuerySchema>;

export const adCreativeSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  altText: z.string(),
  width: z.int().positive().nullable(),
  height: z.int().positive().nullable(),
});
export type AdCreative = z.infer<typeof adCreativeSchema>;

/** An empty `ads` list renders nothing. */
export const adZoneResponseSchema = z.object({
  page: z.string(),
  zone: z.string(),
  ads: z.array(adCreativeSchema),
});
export type AdZoneResponse = z.infer<typeof adZoneResponseSchema>;

/** The calls served by `src-server/modules/ads/`. */
export const ADS_ENDPOINTS = {
  adsZone: defineEndpoint({
    method: 'GET',
    path: '/ads/zone',
    summary: 'The ads of one zone of a page.',
    access: 'public',
    query: adZoneQuerySchema,
    response: adZoneResponseSchema,
    planned: true,
  }),
} as const satisfies Record<string, EndpointDefinition>;
