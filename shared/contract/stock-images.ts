/** Catalogue photos by UPC, for listings without photos of their own. */
import { z } from 'zod';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** Answered with the image itself (so it can be an `<img src>`), or 404 for an unknown upc. */
export const stockImageParamsSchema = z.object({
  upc: z.string().regex(/^\d{6,14}$/, { error: 'A UPC has 6 to 14 digits.' }),
});
export type StockImageParams = z.infer<typeof stockImageParamsSchema>;

export const stockImageResponseSchema = z.instanceof(Uint8Array);

/** The calls served by `src-server/modules/stock-images/`. */
export const STOCK_IMAGES_ENDPOINTS = {
  stockImagesGet: defineEndpoint({
    method: 'GET',
    path: '/stock-images/{upc}',
    summary: 'The catalogue photo of a UPC, for listings without their own.',
    access: 'public',
    params: stockImageParamsSchema,
    response: stockImageResponseSchema,
    produces: 'image',
  }),
} as const satisfies Record<string, EndpointDefinition>;
