/**
 * Reported listings and staff freezes of a listing, and staff actions on reported messages. Users
 * report a listing; staff read the queue and freeze a listing for fraud with a reason its seller
 * sees (it leaves search at once). Reporting a message and the queue of reported messages are in
 * messages.ts; what staff do about one report is here.
 */
import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { dateTimeSchema, idParamsSchema, pagedSchema, paginationSchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { messageReportSchema } from './messages.ts';

export const LISTING_REPORT_REASON_MAX = 1000;

/** What kind of problem a user reports about a listing. */
export const ListingReportCategory = {
  Prohibited: 'prohibited',
  Fraud: 'fraud',
  Misleading: 'misleading',
  Stolen: 'stolen',
  Spam: 'spam',
  Other: 'other',
} as const;
export type ListingReportCategory = (typeof ListingReportCategory)[keyof typeof ListingReportCategory];

/** The choices as the report form and the moderation queue name them. */
export const LISTING_REPORT_CATEGORY_LABELS: Readonly<Record<ListingReportCategory, string>> = {
  prohibited: 'Prohibited or illegal item',
  fraud: 'Suspected fraud or scam',
  misleading: 'Wrong or misleading description',
  stolen: 'Possibly stolen',
  spam: 'Spam or duplicate listing',
  other: 'Something else',
};

export const CHOOSE_REPORT_CATEGORY_MESSAGE = 'Choose what is wrong with this listing.';

/**
 * POST /listings/report: a signed-in user reports a listing to staff, choosing what kind of problem
 * it is and saying what is wrong; reporting it again updates the report.
 */
export const reportListingRequestSchema = z.object({
  listingId: uuidSchema,
  category: z.enum(ListingReportCategory, { error: CHOOSE_REPORT_CATEGORY_MESSAGE }).default('other'),
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
  category: z.enum(ListingReportCategory),
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

/**
 * POST /pprAdmin/message-reports/{id}/action: what staff do about a reported message. Each closes
 * the report: dismiss it; remove the message (both parties then read `REMOVED_MESSAGE_TEXT`; every
 * report of it closes); warn the sender (a warning alert on their dashboard, with the note); or lock
 * the sender's account.
 */
export const messageReportActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('dismiss') }),
  z.object({ action: z.literal('removeMessage') }),
  z.object({
    action: z.literal('warnSender'),
    note: plainText().trim().max(500, { error: 'Keep the note under 500 characters.' }).optional(),
  }),
  z.object({ action: z.literal('lockSender') }),
]);
export type MessageReportAction = z.input<typeof messageReportActionSchema>;

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
  adminMessageReportAction: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/message-reports/{id}/action',
    summary:
      'Act on a reported message: dismiss the report, remove the message, warn or lock its sender (audited).',
    access: 'admin',
    params: idParamsSchema,
    body: messageReportActionSchema,
    response: messageReportSchema,
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
