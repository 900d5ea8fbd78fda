import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { isShortCode } from '../routes/legacy-ids.ts';
import { dateTimeSchema, idParamsSchema, MAX_IDS_PER_REQUEST, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** The code of a short link `/l/{code}`. */
export const shortCodeSchema = z.string().refine(isShortCode, { error: 'Expected a short code.' });

export const shortLinkSchema = z.object({
  id: uuidSchema,
  shortCode: shortCodeSchema,
  /** The target: a site-relative path or an absolute URL. */
  fullLink: z.string(),
  createdAt: dateTimeSchema,
});
export type ShortLink = z.infer<typeof shortLinkSchema>;

/** Every short-link answer carries its links in `items` (spec §3: the link is `items[0]`). */
export const shortLinkItemsSchema = z.object({ items: z.array(shortLinkSchema) });
export type ShortLinkItems = z.infer<typeof shortLinkItemsSchema>;

/** POST /shortlinks/get: links by id, by code, or by target; at least one filter. */
export const shortLinkLookupRequestSchema = z
  .object({
    filters: z
      .object({
        ids: z.array(uuidSchema).max(MAX_IDS_PER_REQUEST).optional(),
        shortCodes: z.array(shortCodeSchema).max(MAX_IDS_PER_REQUEST).optional(),
        fullLink: plainText().min(1).max(2048).optional(),
      })
      .prefault({}),
  })
  .refine(
    ({ filters }) =>
      (filters.ids?.length ?? 0) + (filters.shortCodes?.length ?? 0) > 0 || filters.fullLink !== undefined,
    { error: 'Give ids, short codes or a link.' },
  );
export type ShortLinkLookupRequest = z.input<typeof shortLinkLookupRequestSchema>;

/** GET /shortlinks/getByShortCode/{code}: an unknown code answers 404. */
export const shortCodeParamsSchema = z.object({ code: shortCodeSchema });
export type ShortCodeParams = z.infer<typeof shortCodeParamsSchema>;

/** The calls served by `src-server/modules/shortlinks/`. */
export const SHORTLINKS_ENDPOINTS = {
  shortlinksGet: defineEndpoint({
    method: 'POST',
    path: '/shortlinks/get',
    summary: 'Short links by ids, codes or target.',
    access: 'public',
    body: shortLinkLookupRequestSchema,
    response: shortLinkItemsSchema,
  }),
  shortlinksGetById: defineEndpoint({
    method: 'GET',
    path: '/shortlinks/getById/{id}',
    summary: 'A short link by id.',
    access: 'public',
    params: idParamsSchema,
    response: shortLinkItemsSchema,
  }),
  shortlinksGetByShortCode: defineEndpoint({
    method: 'GET',
    path: '/shortlinks/getByShortCode/{code}',
    summary: 'A short link by code; its target is items[0].fullLink.',
    access: 'public',
    params: shortCodeParamsSchema,
    response: shortLinkItemsSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
