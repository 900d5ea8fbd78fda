import { z } from 'zod';
import { errorEnvelopeSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/**
 * GET /health: the process is up and its database answers. When the database does not answer,
 * 503 `service_unavailable` with the reason in the message (and Retry-After); it turns 200 again by
 * itself once the database is back.
 */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /**
   * PostgreSQL only: the connection pool after this check. With no other requests under way every
   * open connection is idle and nothing waits; connections checked out for good would show here.
   */
  pool: z
    .object({
      max: z.number().int(),
      total: z.number().int(),
      idle: z.number().int(),
      waiting: z.number().int(),
    })
    .optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The calls served by `src-server/modules/health/`. */
export const HEALTH_ENDPOINTS = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database check.',
    access: 'public',
    response: healthResponseSchema,
    responses: { 503: errorEnvelopeSchema },
  }),
} as const satisfies Record<string, EndpointDefinition>;
