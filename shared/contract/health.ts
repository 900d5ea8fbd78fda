import { z } from 'zod';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** GET /health: the process is up and its database answers. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
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
  }),
} as const satisfies Record<string, EndpointDefinition>;
