/**
 * Distributor feeds, served by `src-server/modules/feeds/`: a seller's catalogue files (uploaded or
 * pulled from a link on a schedule) kept in sync as listings. The feed's own shapes are in
 * distributor-feeds.ts.
 */
import { z } from 'zod';
import { idParamsSchema, optionalQueryText, resultsSchema, successSchema } from './common.ts';
import {
  DISTRIBUTOR_FEED_MAX_BYTES,
  distributorFeedInputSchema,
  distributorFeedSchema,
} from './distributor-feeds.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** GET /users/GetDistributorFeed?name=… : the caller's feeds, optionally only the one with this name. */
export const distributorFeedQuerySchema = z.object({ name: optionalQueryText(100) });
export type DistributorFeedQuery = z.input<typeof distributorFeedQuerySchema>;

export const distributorFeedListResponseSchema = resultsSchema(distributorFeedSchema);
export type DistributorFeedListResponse = z.infer<typeof distributorFeedListResponseSchema>;

/** The calls served by `src-server/modules/feeds/`. */
export const FEEDS_ENDPOINTS = {
  usersManageDistributorFeed: defineEndpoint({
    method: 'POST',
    path: '/users/ManageDistributorFeed',
    summary: 'Add a distributor feed, or update one of the caller’s.',
    access: 'seller',
    owner: 'distributorFeed',
    ownerId: 'body.id',
    body: distributorFeedInputSchema,
    response: distributorFeedSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      fileField: 'feedFile',
      minFiles: 0,
      maxFiles: 1,
      maxFileBytes: DISTRIBUTOR_FEED_MAX_BYTES,
      accept: ['text/csv', 'text/plain'],
    },
  }),
  usersGetDistributorFeed: defineEndpoint({
    method: 'GET',
    path: '/users/GetDistributorFeed',
    summary: "The caller's distributor feeds, optionally by name.",
    access: 'seller',
    query: distributorFeedQuerySchema,
    response: distributorFeedListResponseSchema,
  }),
  usersDeleteDistributorFeed: defineEndpoint({
    method: 'DELETE',
    path: '/users/DeleteDistributorFeed/{id}',
    summary: 'Delete a distributor feed of the caller.',
    access: 'seller',
    owner: 'distributorFeed',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
