import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import {
  idParamsSchema,
  moneySchema,
  optionalQueryNumber,
  optionalQueryText,
  pagedSchema,
  uuidSchema,
  zipCodeSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition, MB } from './endpoint.ts';

// ---------------------------------------------------------------------------------------------
// Rules of the dealer finder
// ---------------------------------------------------------------------------------------------

/** Miles around a ZIP code the finder searches; the page offers these choices. */
export const FFL_RADIUS_MIN = 5;
export const FFL_RADIUS_MAX = 250;
export const FFL_RADIUS_DEFAULT = 25;
export const FFL_RADIUS_CHOICES = [5, 10, 25, 50, 100, 250] as const;
export const FFL_PAGE_SIZE_DEFAULT = 20;
export const FFL_PAGE_SIZE_MAX = 50;
export const FFL_NAME_MAX = 100;
export const FFL_NOTES_MAX = 1000;
/** Highest transfer fee a dealer may post. */
export const FFL_TRANSFER_FEE_MAX = 10_000;
export const FFL_LICENSE_COPY_MAX_BYTES = 10 * MB;
export const FFL_LICENSE_COPY_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/**
 * A federal firearms licence number as ATF prints it: region (1 digit), district (2), county (3),
 * licence type (2), expiration code (2: the year's last digit, then a month letter A–L) and
 * sequence (5), joined by dashes: `5-75-113-01-9K-01234`.
 */
export const FFL_LICENSE_NUMBER_PATTERN = /^\d-\d{2}-\d{3}-\d{2}-\d[A-L]-\d{5}$/;

/** The licence number typed by a person: dashes and spaces optional, letters in either case. */
export function normalizeLicenseNumber(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  const match = /^(\d)(\d{2})(\d{3})(\d{2})(\d[A-L])(\d{5})$/.exec(compact);
  if (!match) return null;
  return match.slice(1).join('-');
}

/**
 * Licence types that may receive a firearm transfer for a buyer: dealers (01), pawnbrokers (02),
 * manufacturers (07), importers (08), destructive-device dealers (09), manufacturers (10) and
 * importers (11) of destructive devices. Collectors of curios and relics (03) and ammunition
 * manufacturers (06) are in the federal list but not offered by the finder.
 */
export const TRANSFER_LICENSE_TYPES = ['01', '02', '07', '08', '09', '10', '11'] as const;

export const licenseNumberSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const normalized = normalizeLicenseNumber(value);
    if (!normalized) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter the licence number as printed, e.g. 5-75-113-01-9K-01234.',
      });
      return z.NEVER;
    }
    return normalized;
  });

// ---------------------------------------------------------------------------------------------
// Dealer summary: what a search result, a checkout and an order show of a dealer
// ---------------------------------------------------------------------------------------------

export const fflDealerSummarySchema = z.object({
  id: uuidSchema,
  licenseNumber: z.string(),
  licenseName: z.string(),
  /** The trading name; null when the licence has none (the licence name is shown instead). */
  businessName: z.string().nullable(),
  premiseStreet: z.string(),
  premiseCity: z.string(),
  premiseState: z.string(),
  premiseZip: z.string(),
  phone: z.string().nullable(),
  /** Set by a dealer registered on the site; null when it has not posted one. */
  transferFee: z.number().nonnegative().nullable(),
  notes: z.string().nullable(),
  /** A site account manages this licence (its fee and notes are its own words). */
  registered: z.boolean(),
});
export type FflDealerSummary = z.infer<typeof fflDealerSummarySchema>;

export const fflSearchResultSchema = fflDealerSummarySchema.extend({
  /** Miles from the searched ZIP code; null for a search by name alone. */
  distanceMiles: z.number().nonnegative().nullable(),
});
export type FflSearchResult = z.infer<typeof fflSearchResultSchema>;

/** The name a person sees for a dealer: its trading name, else its licence name. */
export const dealerDisplayName = (dealer: Pick<FflDealerSummary, 'businessName' | 'licenseName'>): string =>
  dealer.businessName?.trim() || dealer.licenseName;

// ---------------------------------------------------------------------------------------------
// GET /ffl/search
// ---------------------------------------------------------------------------------------------

export const fflRadiusSchema = z
  .int({ error: 'Choose a distance in whole miles.' })
  .min(FFL_RADIUS_MIN, { error: `Choose a distance of at least ${FFL_RADIUS_MIN} miles.` })
  .max(FFL_RADIUS_MAX, { error: `Choose a distance of at most ${FFL_RADIUS_MAX} miles.` });

export const fflSearchQuerySchema = z
  .object({
    zip: z.union([z.literal('').transform(() => undefined), zipCodeSchema]).optional(),
    radius: optionalQueryNumber(fflRadiusSchema),
    name: optionalQueryText(FFL_NAME_MAX),
    page: optionalQueryNumber(z.int().min(1).max(10_000)),
    pageSize: optionalQueryNumber(z.int().min(1).max(FFL_PAGE_SIZE_MAX)),
  })
  .refine((query) => query.zip !== undefined || query.name !== undefined, {
    error: 'Enter a zip code or a dealer name.',
    path: ['zip'],
  });
export type FflSearchQuery = z.input<typeof fflSearchQuerySchema>;
export type ParsedFflSearchQuery = z.output<typeof fflSearchQuerySchema>;

export const fflSearchResponseSchema = pagedSchema(fflSearchResultSchema).extend({
  /** The radius applied (miles) when searched by ZIP code. */
  radius: z.int().nullable(),
});
export type FflSearchResponse = z.infer<typeof fflSearchResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The signed-in dealer's own profile
// ---------------------------------------------------------------------------------------------

export const fflProfileSchema = z.object({
  /** The licence on file linked to the account; null until the dealer enters its licence number. */
  dealer: fflDealerSummarySchema.nullable(),
  /** Whether that licence is still in the current federal list. */
  active: z.boolean(),
  licenseExpiresOn: z.iso.date().nullable(),
  licenseCopy: z
    .object({ mediaType: z.enum(FFL_LICENSE_COPY_TYPES), uploadedAt: z.iso.datetime({ offset: true }) })
    .nullable(),
});
export type FflProfile = z.infer<typeof fflProfileSchema>;

export const fflProfileUpdateSchema = z.object({
  /** Links the account to the licence of that number (from the federal list); sent once, or to change it. */
  licenseNumber: licenseNumberSchema.optional(),
  transferFee: moneySchema.max(FFL_TRANSFER_FEE_MAX).nullable(),
  notes: plainText()
    .trim()
    .max(FFL_NOTES_MAX, { error: `Keep notes under ${FFL_NOTES_MAX} characters.` })
    .nullable()
    .transform((value) => (value === '' ? null : value)),
});
export type FflProfileUpdate = z.input<typeof fflProfileUpdateSchema>;

/** The licence copy, as bytes (PDF, JPEG or PNG). */
export const fflLicenseCopyResponseSchema = z.instanceof(Uint8Array);

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

/** The calls served by `src-server/modules/ffl/`. */
export const FFL_ENDPOINTS = {
  fflSearch: defineEndpoint({
    method: 'GET',
    path: '/ffl/search',
    summary: 'Licensed dealers near a ZIP code (nearest first) or by name, a page at a time.',
    access: 'public',
    query: fflSearchQuerySchema,
    response: fflSearchResponseSchema,
  }),
  fflDealer: defineEndpoint({
    method: 'GET',
    path: '/ffl/dealers/{id}',
    summary: 'One licensed dealer (active or retired), as a checkout or order shows it.',
    access: 'public',
    params: idParamsSchema,
    response: fflDealerSummarySchema.extend({ active: z.boolean() }),
  }),
  fflProfile: defineEndpoint({
    method: 'GET',
    path: '/ffl/profile',
    summary: "The signed-in dealer's licence, transfer fee, notes and licence copy.",
    access: 'user',
    response: fflProfileSchema,
  }),
  fflUpdateProfile: defineEndpoint({
    method: 'POST',
    path: '/ffl/profile',
    summary: 'Links the signed-in dealer to its licence and sets its transfer fee and notes.',
    access: 'user',
    body: fflProfileUpdateSchema,
    response: fflProfileSchema,
  }),
  fflUploadLicenseCopy: defineEndpoint({
    method: 'POST',
    path: '/ffl/profile/license-copy',
    summary: "Uploads the signed-in dealer's licence copy (PDF, JPEG or PNG).",
    access: 'user',
    response: fflProfileSchema,
    multipart: true,
    upload: {
      jsonField: null,
      fileField: 'file',
      minFiles: 1,
      maxFiles: 1,
      maxFileBytes: FFL_LICENSE_COPY_MAX_BYTES,
      accept: FFL_LICENSE_COPY_TYPES,
    },
    rateLimited: true,
  }),
  fflLicenseCopy: defineEndpoint({
    method: 'GET',
    path: '/ffl/dealers/{id}/license-copy',
    summary: "A dealer's licence copy: for the dealer itself, an admin, or a seller shipping to it.",
    access: 'user',
    params: idParamsSchema,
    response: fflLicenseCopyResponseSchema,
    produces: 'file',
  }),
} as const satisfies Record<string, EndpointDefinition>;
