import { z } from 'zod';
// Every schema of the contract words its failures for people, whoever parses it.
import '../zod-messages.ts';
import { NEWSLETTER_FAILURE_MESSAGE } from '../domain/constants.ts';
import type { FlagSet } from '../domain/flags.ts';
import { MONEY_MAX } from '../domain/listing.ts';
import { plainText } from '../domain/text.ts';
import { SHIP_TO_REGIONS, type ShipToRegionCode, US_STATES, type UsStateCode } from '../domain/us-states.ts';

// ---------------------------------------------------------------------------------------------
// Identifiers
// ---------------------------------------------------------------------------------------------

/**
 * Listing, user and record ids. Any 8-4-4-4-12 hex GUID is accepted (not only RFC 9562 versions),
 * because ids carried over from the earlier catalogue and the all-zero "none" GUID must round-trip.
 */
export const uuidSchema = z.guid({ error: 'Expected an id.' });
export type Uuid = z.infer<typeof uuidSchema>;

/** The all-zero GUID: in search requests it means "no distributor" (home page New This Week link). */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

export function isEmptyGuid(value: string | null | undefined): boolean {
  return value === undefined || value === null || value === EMPTY_GUID;
}

/** Legacy listing ids (`/listing?p=`) and legacy lister ids (`/Search/Lister/{id}`): positive integers. */
export const legacyIdSchema = z.int({ error: 'Expected a positive whole number.' }).positive();

export const idParamsSchema = z.object({ id: uuidSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

export { MONEY_MAX };

/** US dollars with at most two decimals. */
export const moneySchema = z.number().nonnegative().max(MONEY_MAX).multipleOf(0.01);

/** A dollar amount that may be negative (ledger entries). */
export const signedMoneySchema = z.number().min(-MONEY_MAX).max(MONEY_MAX).multipleOf(0.01);

/** ISO 8601 date-time with a zone designator, as `Date.prototype.toISOString` writes it. */
export const dateTimeSchema = z.iso.datetime({ offset: true });

export const emailSchema = plainText({ error: 'Email is required.' })
  .trim()
  .min(1, { error: 'Email is required.' })
  .max(254)
  .pipe(z.email({ error: 'Enter a valid email.' }));

/** Five-digit US zip code, optionally followed by a dash or space and four digits. */
export const ZIP_CODE_PATTERN = /^\d{5}(?:[- ]\d{4})?$/;
export const zipCodeSchema = z.string().trim().regex(ZIP_CODE_PATTERN, { error: 'Invalid zipcode format.' });

/** One of the 50 US state postal abbreviations. */
export const usStateSchema = z.enum(US_STATES.map((state) => state.code) as [UsStateCode, ...UsStateCode[]], {
  error: 'Expected a US state abbreviation.',
});

/** One of the 50 states or DC: where a listing can be kept from shipping to. */
export const shipToRegionSchema = z.enum(
  SHIP_TO_REGIONS.map((region) => region.code) as [ShipToRegionCode, ...ShipToRegionCode[]],
  { error: 'Expected a US state abbreviation or DC.' },
);

/** A site-relative path ("/search?...") or an absolute http(s) URL. */
export const linkSchema = plainText()
  .min(1)
  .max(2048)
  .refine((value) => value.startsWith('/') || /^https?:\/\//i.test(value), { error: 'Expected a link.' });

/** A bit-flag number whose set bits all belong to `set` (listing options, payment methods, …). */
export function flagsSchema(set: FlagSet) {
  const allBits = Object.values(set).reduce((bits, flag) => bits | flag, 0);
  return z
    .int()
    .nonnegative()
    .refine((value) => (value & ~allBits) === 0, { error: 'Unknown flag.' });
}

// ---------------------------------------------------------------------------------------------
// Query-string values (always text on the wire; callers may pass numbers)
// ---------------------------------------------------------------------------------------------

const NUMBER_TEXT = /^\s*-?\d+(?:\.\d+)?\s*$/;

/** A number carried in a query string: accepts the number or its decimal text, then checks `inner`. */
export function queryNumber<T extends z.ZodType<number, number>>(inner: T) {
  return z
    .union([z.number(), z.string().regex(NUMBER_TEXT, { error: 'Expected a number.' }).transform(Number)])
    .pipe(inner);
}

/** An optional query number: absent, or present but blank (`?page=`), both read as undefined. */
export function optionalQueryNumber<T extends z.ZodType<number, number>>(inner: T) {
  return z.union([z.literal('').transform(() => undefined), queryNumber(inner)]).optional();
}

/** Optional query text: blank reads as undefined. */
export function optionalQueryText(max = 200) {
  return plainText()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

/** `cmc` is copied from the page URL onto every request that lacks it; it is opaque text. */
export const cmcSchema = plainText().trim().max(64);
export const cmcQuerySchema = z.object({ cmc: optionalQueryText(64) });

// ---------------------------------------------------------------------------------------------
// Pagination and list wrappers
// ---------------------------------------------------------------------------------------------

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** Most ids one bulk lookup (`{filters:{listingIds}}`, `{filters:{userIds}}`, …) may carry. */
export const MAX_IDS_PER_REQUEST = 100;

/** 1-based page number. */
export const pageSchema = z.int().min(1).max(10_000).default(1);
export const pageSizeSchema = z.int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);

export const paginationSchema = z.object({ page: pageSchema, pageSize: pageSizeSchema });
export type Pagination = z.input<typeof paginationSchema>;

/** A page of results with the total across all pages. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    total: z.int().nonnegative(),
    page: z.int().min(1),
    pageSize: z.int().min(1).max(MAX_PAGE_SIZE),
    results: z.array(item),
  });
}

/** A plain list answer. Lists are wrapped so they can grow fields without breaking clients. */
export function resultsSchema<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item) });
}

/** The `{ filters: … }` request wrapper several calls use. */
export function filtersBodySchema<T extends z.ZodType>(filters: T) {
  return z.object({ filters });
}

/** Answer of calls that only report that they did what was asked. */
export const successSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof successSchema>;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

export const ErrorCode = {
  BadRequest: 'bad_request',
  ValidationFailed: 'validation_failed',
  Unauthorized: 'unauthorized',
  PaymentRequired: 'payment_required',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  /** An `Idempotency-Key` sent again with a different request than the one it was first used for. */
  IdempotencyKeyReused: 'idempotency_key_reused',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  TooManyRequests: 'too_many_requests',
  Internal: 'internal',
  /** A call of the contract that the server does not serve yet. */
  NotImplemented: 'not_implemented',
  /** The server cannot serve the call right now (its database is unreachable); retry after a moment. */
  ServiceUnavailable: 'service_unavailable',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

/** The HTTP status each error code leaves the server with. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  idempotency_key_reused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  not_implemented: 501,
  service_unavailable: 503,
};

/** Messages that are part of the contract: the server answers with them, clients show them. */
export const ErrorMessage = {
  InvalidCredentials: 'Invalid email or password',
  NoIdOrLegacyId: 'No id or legacyId provided',
  NoIds: 'No ids provided',
  RelistFailed: 'Server error occurred while relisting.',
  PaymentFailed: 'Error processing payment',
  PaymentContactSupport: 'Error processing payment contact support',
  NewsletterFailed: NEWSLETTER_FAILURE_MESSAGE,
  InvalidAdLocation: 'Invalid location',
  FavoritesLimit: 'You can keep at most 10 favorites.',
} as const;
export type ErrorMessage = (typeof ErrorMessage)[keyof typeof ErrorMessage];

/**
 * Every failure: `{ error: { code, message, fields? } }`. `code` is kept a plain string so a client
 * built against this contract still reads codes added later; known ones are listed in `ErrorCode`.
 */
export const errorBodySchema = z.object({
  code: z.string().min(1),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export const errorEnvelopeSchema = z.object({ error: errorBodySchema });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function errorEnvelope(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorEnvelope {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return errorEnvelopeSchema.safeParse(value).success;
}

/**
 * Turns request-schema issues into the envelope. A rule on the whole request (no path) gives the
 * envelope its message, so spec messages such as 'No ids provided' reach the client verbatim.
 */
export function validationEnvelope(
  error: z.ZodError,
  fallbackMessage = 'The request is not valid.',
): ErrorEnvelope {
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key === '') message ??= issue.message;
    else fields[key] ??= issue.message;
  }
  const hasFields = Object.keys(fields).length > 0;
  return errorEnvelope(
    ErrorCode.ValidationFailed,
    message ?? fallbackMessage,
    hasFields ? fields : undefined,
  );
}
