/** Catalogue photos by UPC, for listings without photos of their own. */
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { stockImageParamsSchema, stockImageResponseSchema } from './listings.ts';

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
