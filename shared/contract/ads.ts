import { z } from 'zod';
import { nameText, plainText } from '../domain/text.ts';
import {
  dateTimeSchema,
  idParamsSchema,
  linkSchema,
  resultsSchema,
  successSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** Page names and zone names of the ad server: lower-case words (rev_home_hero_1, home). */
export const adPageSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,49}$/, { error: 'Expected a page name.' });
export const adZoneNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { error: 'Expected a zone name.' });

/** The home page's hero zones; other zone ids are configuration. */
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

/** The live creatives of a zone, first shown first; an empty `ads` list renders nothing. */
export const adZoneResponseSchema = z.object({
  page: z.string(),
  zone: z.string(),
  ads: z.array(adCreativeSchema),
});
export type AdZoneResponse = z.infer<typeof adZoneResponseSchema>;

/** POST /ads/event: an impression or a click of a creative in a zone. */
export const adEventRequestSchema = z.object({
  creativeId: uuidSchema,
  page: adPageSchema,
  zone: adZoneNameSchema,
  kind: z.enum(['impression', 'click']),
});
export type AdEventRequest = z.infer<typeof adEventRequestSchema>;

/** A creative as admins manage it: its zone, schedule and counts. */
export const adminAdCreativeSchema = z.object({
  id: uuidSchema,
  page: z.string(),
  zone: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  altText: z.string(),
  priority: z.int(),
  isActive: z.boolean(),
  startsAt: dateTimeSchema.nullable(),
  endsAt: dateTimeSchema.nullable(),
  impressions: z.int().nonnegative(),
  clicks: z.int().nonnegative(),
  updatedAt: dateTimeSchema,
});
export type AdminAdCreative = z.infer<typeof adminAdCreativeSchema>;

/** POST /ads/addOrUpdate (admins): with `id`, updates that creative. The location must be a known zone. */
export const adCreativeInputSchema = z
  .object({
    id: uuidSchema.optional(),
    page: adPageSchema,
    zone: adZoneNameSchema,
    name: nameText().min(1).max(100),
    imageUrl: linkSchema,
    linkUrl: linkSchema,
    altText: plainText().trim().min(1).max(200),
    priority: z.int().min(-1000).max(1000).default(0),
    isActive: z.boolean().default(true),
    startsAt: dateTimeSchema.nullable().default(null),
    endsAt: dateTimeSchema.nullable().default(null),
  })
  .refine((ad) => !ad.startsAt || !ad.endsAt || Date.parse(ad.startsAt) < Date.parse(ad.endsAt), {
    error: 'The schedule must end after it starts.',
    path: ['endsAt'],
  });
export type AdCreativeInput = z.input<typeof adCreativeInputSchema>;

/** The calls served by `src-server/modules/ads/`. */
export const ADS_ENDPOINTS = {
  adsZone: defineEndpoint({
    method: 'GET',
    path: '/ads/zone',
    summary: 'The live ads of one zone of a page.',
    access: 'public',
    query: adZoneQuerySchema,
    response: adZoneResponseSchema,
  }),
  adsEvent: defineEndpoint({
    method: 'POST',
    path: '/ads/event',
    summary: 'Counts an impression or a click of an ad.',
    access: 'public',
    body: adEventRequestSchema,
    response: successSchema,
  }),
  adsList: defineEndpoint({
    method: 'GET',
    path: '/ads/list',
    summary: 'Every ad creative with its schedule and counts (admins).',
    access: 'admin',
    response: resultsSchema(adminAdCreativeSchema),
  }),
  adsAddOrUpdate: defineEndpoint({
    method: 'POST',
    path: '/ads/addOrUpdate',
    summary: 'Create or update an ad creative and its schedule (admins).',
    access: 'admin',
    body: adCreativeInputSchema,
    response: adminAdCreativeSchema,
  }),
  adsDelete: defineEndpoint({
    method: 'DELETE',
    path: '/ads/delete/{id}',
    summary: 'Delete an ad creative (admins).',
    access: 'admin',
    params: idParamsSchema,
    response: successSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
