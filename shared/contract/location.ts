import { z } from 'zod';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { stateCodeSchema } from './listing-shapes.ts';

/**
 * GET /location/geo: where the caller is, by their network address. When the address cannot be
 * placed the server answers the Shop Local default (75207, Dallas) rather than failing.
 */
export const geoLocationSchema = z.object({
  zipCode: z.string().regex(/^\d{5}$/, { error: 'Enter a five-digit zip code.' }),
  cityName: z.string(),
  state: stateCodeSchema.nullable(),
});
export type GeoLocation = z.infer<typeof geoLocationSchema>;

export const DEFAULT_GEO_LOCATION: GeoLocation = { zipCode: '75207', cityName: 'Dallas', state: 'TX' };

/** The calls served by `src-server/modules/location/`. */
export const LOCATION_ENDPOINTS = {
  locationGeo: defineEndpoint({
    method: 'GET',
    path: '/location/geo',
    summary: 'Zip code and city of the caller, by network address.',
    access: 'public',
    response: geoLocationSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
