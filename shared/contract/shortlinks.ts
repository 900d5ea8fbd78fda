import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { isShortCode } from '../routes/legacy-ids.ts';
import { dateTimeSchema, idParamsSchema, MAX_IDS_PER_REQUEST, successSchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** The code of a short link `/l/{code}`. */
export const shortCodeSchema = z.string().refine(isShortCode, { error: 'Expected a short code.' });

export const shortLinkSchema = z.object({
  id: uuidSchema,
  shortCode: shortCodeSchema,
  /** The target: a site-relative path or an absolute URL. */
  fullLink: z.string(),
  /** Visits of `/l/{code}` sent on to the target. */
  clicks: z.int().nonnegative(),
  createdAt: dateTimeSchema,
});
export type ShortLink = z.infer<typeof shortLinkSchema>;

/** Every short-link answer carries its links in `items` (the link is `items[0]`). */
export const shortLinkItemsSchema = z.object({ items: z.array(shortLinkSchema) });
export type ShortLinkItems = z.infer<typeof shortLinkItemsSchema>;

/** A short link's target: a path of this site (not `//…`) or an http(s) address. */
export const shortLinkTargetSchema = plainText()
  .trim()
  .min(1)
  .max(2048)
  .refine((value) => /^\/(?![/\\])/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), {
    error: 'Expected a path of this site or an http(s) address.',
  });

/**
 * POST /shortlinks/get: links by id, by code, or by target; at least one filter. An admin asking
 * for a target that has no link yet gets a new one (the spec's "create or find").
 */
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

/** POST /shortlinks/addOrUpdate (admins): a new link (its code chosen when left out), or with `id` a change. */
export const shortLinkInputSchema = z.object({
  id: uuidSchema.optional(),
  shortCode: shortCodeSchema.optional(),
  fullLink: shortLinkTargetSchema,
});
export type ShortLinkInput = z.input<typeof shortLinkInputSchema>;

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
  shortlinksAddOrUpdate: defineEndpoint({
    method: 'POST',
    path: '/shortlinks/addOrUpdate',
    summary: 'Create or change a short link (admins).',
    access: 'admin',
    body: shortLinkInputSchema,
    response: shortLinkItemsSchema,
  }),
  shortlinksDelete: defineEndpoint({
    method: 'DELETE',
    path: '/shortlinks/delete/{id}',
    summary: 'Delete a short link (admins).',
    access: 'admin',
    params: idParamsSchema,
    response: successSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
