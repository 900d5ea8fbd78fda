/**
 * Reported listings and staff freezes of a listing. Users report a listing; staff read the queue
 * and freeze a listing for fraud with a reason its seller sees (it leaves search at once). Reported
 * messages have their own calls in messages.ts.
 */
import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { dateTimeSchema, idParamsSchema, pagedSchema, paginationSchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

export const LISTING_REPORT_REASON_MAX = 1000;

/** POST /listings/report: a signed-in user reports a listing to staff; reporting it again updates the reason. */
export const reportListingRequestSchema = z.object({
  listingId: uuidSchema,
  reason: plainText()
    .trim()
    .min(1, { error: 'Say what is wrong with this listing.' })
    .max(LISTING_REPORT_REASON_MAX, {
      error: `Keep the reason under ${LISTING_REPORT_REASON_MAX} characters.`,
    }),
});
export type ReportListingRequest = z.input<typeof reportListingRequestSchema>;

const personSchema = z.object({ id: uuidSchema, email: z.string() });

/** One listing of the moderation queue with its reports. */
export const listingReportSchema = z.object({
  id: uuidSchema,
  reason: z.string(),
  createdAt: dateTimeSchema,
  reporter: personSchema,
  listing: z.object({
    id: uuidSchema,
    title: z.string(),
    seller: personSchema,
    /** Frozen for fraud by staff, with the reason its seller sees. */
    frozen: z.boolean(),
    freezeReason: z.string().nullable(),
  }),
});
export type ListingReport = z.infer<typeof listingReportSchema>;

export const listingReportsResponseSchema = pagedSchema(listingReportSchema);
export type ListingReportsResponse = z.infer<typeof listingReportsResponseSchema>;

/** POST /pprAdmin/listings/{id}/freeze: the reason is shown to the seller. */
export const freezeListingRequestSchema = z.object({
  reason: plainText()
    .trim()
    .min(1, { error: 'Give the reason the seller will see.' })
    .max(500, { error: 'Keep the reason under 500 characters.' }),
});
export type FreezeListingRequest = z.input<typeof freezeListingRequestSchema>;

export const listingFreezeStateSchema = z.object({
  listingId: uuidSchema,
  frozen: z.boolean(),
  freezeReason: z.string().nullable(),
});
export type ListingFreezeState = z.infer<typeof listingFreezeStateSchema>;

/** The calls served by `src-server/modules/moderation/`. */
export const MODERATION_ENDPOINTS = {
  listingsReport: defineEndpoint({
    method: 'POST',
    path: '/listings/report',
    summary: 'Report a listing to staff (fraud, a prohibited item, a wrong description).',
    access: 'user',
    body: reportListingRequestSchema,
    response: z.object({ success: z.literal(true) }),
  }),
  adminListingReports: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/listing-reports',
    summary: 'Reported listings, newest report first (moderation queue).',
    access: 'admin',
    body: paginationSchema,
    response: listingReportsResponseSchema,
  }),
  adminFreezeListing: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/listings/{id}/freeze',
    summary: 'Freeze a listing for fraud (it leaves search) with a reason its seller sees.',
    access: 'admin',
    params: idParamsSchema,
    body: freezeListingRequestSchema,
    response: listingFreezeStateSchema,
  }),
  adminUnfreezeListing: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/listings/{id}/unfreeze',
    summary: 'Lift a fraud freeze of a listing.',
    access: 'admin',
    params: idParamsSchema,
    response: listingFreezeStateSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
