import { z } from 'zod';
import { validateBillingFirstName, validateBillingLastName } from '../domain/billing.ts';
import { INVENTORY_COLUMNS } from '../domain/inventory.ts';
import { nameText, plainText } from '../domain/text.ts';
import { AlertLocation, Role, UserStatus } from '../domain/user.ts';
import type { Validator } from '../domain/validation.ts';
import { ALERT_LINK_MESSAGE, alertLinkTarget } from '../routes/alert-link.ts';
import { changePasswordRequestSchema, changePasswordResponseSchema, newPasswordSchema } from './auth.ts';
import { unfreezeRequestSchema, unfreezeResponseSchema } from './billing.ts';
import {
  dateTimeSchema,
  ErrorMessage,
  emailSchema,
  errorEnvelopeSchema,
  filtersBodySchema,
  idParamsSchema,
  legacyIdSchema,
  MAX_IDS_PER_REQUEST,
  moneySchema,
  optionalQueryText,
  resultsSchema,
  signedMoneySchema,
  successSchema,
  usStateSchema,
  uuidSchema,
  zipCodeSchema,
} from './common.ts';
import {
  DISTRIBUTOR_FEED_MAX_BYTES,
  distributorFeedInputSchema,
  distributorFeedSchema,
} from './distributor-feeds.ts';
import { defineEndpoint, type EndpointDefinition, MB } from './endpoint.ts';
import { listingSellerSchema, stateCodeSchema } from './listings.ts';

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/** A person's name field whose issues carry the spec's name messages (required, 2+, not disallowed). */
function personNameSchema(validate: Validator<string | null | undefined>) {
  return nameText({ error: () => validate('')?.message ?? 'Required.' })
    .max(50)
    .superRefine((value, ctx) => {
      const error = validate(value);
      if (error) ctx.addIssue({ code: 'custom', message: error.message, params: { key: error.key } });
    });
}

export const firstNameSchema = personNameSchema(validateBillingFirstName);
export const lastNameSchema = personNameSchema(validateBillingLastName);

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[\d\s().-]{7,20}$/, { error: 'Enter a valid phone number.' });

export const addressSchema = z.object({
  address1: plainText().trim().min(1, { error: 'Address is required.' }).max(200),
  address2: plainText().trim().max(200).optional(),
  city: z
    .string()
    .trim()
    .min(1, { error: 'City is required.' })
    .max(100)
    .regex(/^[\p{L} ]+$/u, { error: 'Invalid city format.' }),
  state: usStateSchema,
  zip: zipCodeSchema,
});
export type Address = z.infer<typeof addressSchema>;

/** Membership plans a user may choose; each is the role the account then holds. */
export const MembershipPlan = {
  Buyer: Role.Buyer,
  BasicSeller: Role.BasicSeller,
  TrustedSeller: Role.TrustedSeller,
  PlatinumSeller: Role.PlatinumSeller,
} as const;
export type MembershipPlan = (typeof MembershipPlan)[keyof typeof MembershipPlan];
export const membershipPlanSchema = z.enum(MembershipPlan);

/** The signed-in user's own account (the token's user fields plus what account settings edit). */
export const userProfileSchema = z.object({
  id: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  /** First letters of first and last name. */
  initials: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isSeller: z.boolean(),
  isDealer: z.boolean(),
  roles: z.array(z.string()),
  status: z.enum(UserStatus),
  membershipPlan: membershipPlanSchema.nullable(),
  sellerDisplayName: z.string().nullable(),
  userOptions: z.int().nonnegative(),
  accountOptions: z.int().nonnegative(),
  address: z
    .object({
      address1: z.string(),
      address2: z.string().nullable(),
      city: z.string(),
      state: stateCodeSchema,
      zip: z.string(),
    })
    .nullable(),
  hasAcceptedPaymentSetup: z.boolean(),
  legacyListerId: legacyIdSchema.nullable(),
  createdAt: dateTimeSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What anyone may see of a seller. */
export const publicUserSchema = listingSellerSchema.extend({ memberSince: dateTimeSchema });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Calls that change what the token carries (names, phone, role) answer a fresh token. */
const freshTokenSchema = z.string().min(1);

// ---------------------------------------------------------------------------------------------
// Alerts: GET /users/getUserAlerts, GET /users/getPublicAlerts
// ---------------------------------------------------------------------------------------------

export const alertLocationSchema = z.enum(AlertLocation);

export const publicAlertQuerySchema = z.object({ location: alertLocationSchema });
export type PublicAlertQuery = z.input<typeof publicAlertQuerySchema>;

export const userAlertQuerySchema = z.object({
  location: alertLocationSchema.default(AlertLocation.UserDashboard),
});
export type UserAlertQuery = z.input<typeof userAlertQuerySchema>;

export const AlertSeverity = { Info: 'info', Warning: 'warning', Critical: 'critical' } as const;
export type AlertSeverity = (typeof AlertSeverity)[keyof typeof AlertSeverity];

/** A dismissible banner message; plain text, with an optional link. */
export const alertSchema = z.object({
  id: uuidSchema,
  title: z.string().nullable(),
  message: z.string(),
  severity: z.enum(AlertSeverity),
  location: alertLocationSchema,
  /** A single-slash path on this site or an https:// URL (the rule of `alertLinkTarget`). */
  linkUrl: z
    .string()
    .max(2048)
    .refine((url) => alertLinkTarget(url) !== null, { error: ALERT_LINK_MESSAGE })
    .nullable(),
  linkText: z.string().nullable(),
  dismissible: z.boolean(),
  startsAt: dateTimeSchema,
  endsAt: dateTimeSchema.nullable(),
  /** How many alerts of one subject (an offer's steps) this entry stands for; it shows the latest. */
  updates: z.int().positive().default(1),
  /** The times `message` names as `{name}`, as ISO date-times, for the screen to write in the reader's zone. */
  times: z.record(z.string(), dateTimeSchema).default({}),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListResponseSchema = resultsSchema(alertSchema);
export type AlertListResponse = z.infer<typeof alertListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Registration and account
// ---------------------------------------------------------------------------------------------

export const ACCEPT_TERMS_MESSAGE = 'Accept the terms of service to continue.';

/**
 * POST /users/register. Sent with the token of an account pending registration, it completes that
 * account instead of creating one. A taken email answers 409.
 */
export const registerRequestSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  phone: phoneSchema.optional(),
  zipCode: zipCodeSchema.optional(),
  acceptTerms: z.literal(true, { error: ACCEPT_TERMS_MESSAGE }),
  marketingOptIn: z.boolean().default(false),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  userId: uuidSchema,
  jwtToken: freshTokenSchema,
  /** A confirmation link was emailed; the account works meanwhile. */
  emailConfirmationRequired: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST /users/email-confirm: the user id and token of the emailed link. */
export const emailConfirmRequestSchema = z.object({
  userId: uuidSchema,
  token: plainText().min(16).max(512),
});
export type EmailConfirmRequest = z.infer<typeof emailConfirmRequestSchema>;

/** POST /users/get: the caller's profile; another `userId` is for admins. */
export const userGetRequestSchema = filtersBodySchema(
  z.object({ userId: uuidSchema.optional() }).prefault({}),
).prefault({ filters: {} });
export type UserGetRequest = z.input<typeof userGetRequestSchema>;

/** POST /users/getall: public seller profiles by id; unknown ids are left out. */
export const userGetAllRequestSchema = filtersBodySchema(
  z.object({ userIds: z.array(uuidSchema).max(MAX_IDS_PER_REQUEST).default([]) }).prefault({}),
).refine((body) => body.filters.userIds.length > 0, { error: ErrorMessage.NoIds });
export type UserGetAllRequest = z.input<typeof userGetAllRequestSchema>;

export const userGetAllResponseSchema = resultsSchema(publicUserSchema);
export type UserGetAllResponse = z.infer<typeof userGetAllResponseSchema>;

/** GET /users/checkEmail/{email} */
export const checkEmailParamsSchema = z.object({ email: emailSchema });
export type CheckEmailParams = z.input<typeof checkEmailParamsSchema>;

export const checkEmailResponseSchema = z.object({ isTaken: z.boolean() });
export type CheckEmailResponse = z.infer<typeof checkEmailResponseSchema>;

/** A seller's name on listings. */
export const sellerDisplayNameSchema = nameText()
  .min(2, { error: 'Use at least 2 characters.' })
  .max(60, { error: 'Use at most 60 characters.' });

/**
 * POST /users/updateAccountInfo: changes only the fields sent; a field left out keeps its value
 * and `null` clears one that may be empty (phone, display name, address).
 */
export const updateAccountInfoRequestSchema = z.object({
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  /** Sellers only; shown on listings. */
  sellerDisplayName: sellerDisplayNameSchema.nullable().optional(),
  address: addressSchema.nullable().optional(),
  marketingOptIn: z.boolean().optional(),
});
export type UpdateAccountInfoRequest = z.input<typeof updateAccountInfoRequestSchema>;

export const updateAccountInfoResponseSchema = z.object({
  profile: userProfileSchema,
  jwtToken: freshTokenSchema,
});
export type UpdateAccountInfoResponse = z.infer<typeof updateAccountInfoResponseSchema>;

/** POST /users/updateMembershipPlan: the role changes, so a fresh token comes back. */
export const updateMembershipPlanRequestSchema = z.object({ plan: membershipPlanSchema });
export type UpdateMembershipPlanRequest = z.infer<typeof updateMembershipPlanRequestSchema>;

export const updateMembershipPlanResponseSchema = z.object({
  plan: membershipPlanSchema,
  jwtToken: freshTokenSchema,
});
export type UpdateMembershipPlanResponse = z.infer<typeof updateMembershipPlanResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard, messaging e-mail, newsletter, listing eligibility
// ---------------------------------------------------------------------------------------------

const count = z.int().nonnegative();

/**
 * GET /userdashboard/summary/ (the trailing slash is part of the path). `selling` is null for
 * non-sellers. Every figure is counted from the database; an optional one is left out while its
 * feature is not built (offers, messages, escrow), rather than answered as 0.
 */
export const dashboardSummarySchema = z.object({
  buying: z.object({
    favorites: count,
    savedSearches: count,
    /** Orders bought and not yet completed, cancelled or refunded. */
    openOrders: count,
    offers: count.optional(),
  }),
  selling: z
    .object({
      activeListings: count,
      soldListings: count,
      closedListings: count,
      /** Orders sold and not yet completed, cancelled or refunded. */
      openOrders: count,
      offers: count.optional(),
    })
    .nullable(),
  messages: z.object({ unread: count }).optional(),
  billing: z.object({ pastDueAmount: moneySchema, escrowBalance: signedMoneySchema.optional() }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** POST /users/sendMessageEmail: e-mails the recipient of one of the caller's sent messages about it. */
export const sendMessageEmailRequestSchema = z.object({ messageId: uuidSchema });
export type SendMessageEmailRequest = z.infer<typeof sendMessageEmailRequestSchema>;

export const NEWSLETTER_SUCCESS_MESSAGE =
  "You're all set! Look forward to receiving exclusive updates, special offers, and the latest news right in your inbox.";

/** POST /users/signupForNewsLetter: signing up twice is not an error. */
export const newsletterSignupRequestSchema = z.object({ email: emailSchema });
export type NewsletterSignupRequest = z.input<typeof newsletterSignupRequestSchema>;

export const newsletterSignupResponseSchema = z.object({
  success: z.literal(true),
  message: z.literal(NEWSLETTER_SUCCESS_MESSAGE),
});
export type NewsletterSignupResponse = z.infer<typeof newsletterSignupResponseSchema>;

export const ListingIneligibility = {
  NotSeller: 'NotSeller',
  NoPaymentSetup: 'NoPaymentSetup',
  AccountFrozen: 'AccountFrozen',
} as const;
export type ListingIneligibility = (typeof ListingIneligibility)[keyof typeof ListingIneligibility];

/** What a caller who may not list is told (403 of POST /listings/add, with `reason`). */
export const LISTING_INELIGIBILITY_MESSAGES: Readonly<Record<ListingIneligibility, string>> = {
  NotSeller: 'Only seller accounts can list items. Choose a membership to start selling.',
  NoPaymentSetup:
    'Set up how you are paid before listing: connect a payment gateway or a GunTab account under Live checkout.',
  AccountFrozen: 'Your account is frozen, so you cannot list items until it is cleared.',
};

/** Where each reason is fixed (app routes). */
export const LISTING_INELIGIBILITY_LINKS: Readonly<Record<ListingIneligibility, string>> = {
  NotSeller: '/membership',
  NoPaymentSetup: '/dashboard/selling/livecheckout',
  AccountFrozen: '/dashboard/accountsettings',
};

/** The 403 of POST /listings/add for a caller who may not list: the envelope plus the reason. */
export const listingIneligibleErrorSchema = errorEnvelopeSchema.extend({
  reason: z.enum(ListingIneligibility),
});
export type ListingIneligibleError = z.infer<typeof listingIneligibleErrorSchema>;

/** GET /users/listing-eligibility: whether the caller may list now, and if not the first reason why. */
export const listingEligibilitySchema = z.object({
  canList: z.boolean(),
  isSeller: z.boolean(),
  hasAcceptedPaymentSetup: z.boolean(),
  isFrozen: z.boolean(),
  reason: z.enum(ListingIneligibility).nullable(),
  /** What to tell the caller when they may not list (LISTING_INELIGIBILITY_MESSAGES), else null. */
  message: z.string().nullable(),
  /** Where the reason is fixed (LISTING_INELIGIBILITY_LINKS), else null. */
  link: z.string().nullable(),
});
export type ListingEligibility = z.infer<typeof listingEligibilitySchema>;

// ---------------------------------------------------------------------------------------------
// Seller tools: seller API credentials, bulk uploads, distributor feeds
// ---------------------------------------------------------------------------------------------

export const clientCredentialSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  clientId: z.string(),
  createdAt: dateTimeSchema,
  lastUsedAt: dateTimeSchema.nullable(),
});
export type ClientCredential = z.infer<typeof clientCredentialSchema>;

/**
 * POST /users/sellerapi: lists the caller's seller-API credentials; with `generate` it first
 * creates one, whose secret is answered this once.
 */
export const sellerApiRequestSchema = z
  .object({
    generate: z.boolean().default(false),
    name: nameText().min(1).max(100).optional(),
  })
  .refine((body) => !body.generate || body.name !== undefined, {
    error: 'Name the credential.',
    path: ['name'],
  });
export type SellerApiRequest = z.input<typeof sellerApiRequestSchema>;

export const sellerApiResponseSchema = z.object({
  credentials: z.array(clientCredentialSchema),
  created: clientCredentialSchema.extend({ clientSecret: z.string().min(1) }).nullable(),
});
export type SellerApiResponse = z.infer<typeof sellerApiResponseSchema>;

export const BulkUploadStatus = {
  Queued: 'Queued',
  Processing: 'Processing',
  Completed: 'Completed',
  Failed: 'Failed',
} as const;
export type BulkUploadStatus = (typeof BulkUploadStatus)[keyof typeof BulkUploadStatus];

export const BULK_UPLOAD_ERRORS_SHOWN = 100;
/** Largest inventory file accepted (about 100k rows of the template). */
export const BULK_UPLOAD_MAX_BYTES = 40 * MB;
/** Inventory files one request may send. */
export const BULK_UPLOAD_MAX_FILES = 5;

export const bulkUploadErrorSchema = z.object({
  /** 1-based data row of the file (the header row not counted). */
  row: z.int().min(1),
  /** Our template column the problem is in (`stock_number`, `price`…); null for the whole row. */
  column: z.enum(INVENTORY_COLUMNS).nullable(),
  message: z.string(),
});
export type BulkUploadError = z.infer<typeof bulkUploadErrorSchema>;

export const bulkUploadSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  status: z.enum(BulkUploadStatus),
  /** Data rows of the file; 0 until the server has counted them. */
  totalRows: count,
  /** Data rows applied so far (each batch commits with this count), for the progress bar. */
  processedRows: count,
  createdCount: count,
  updatedCount: count,
  /** Rows whose listing already matched the row: nothing was written. */
  unchangedCount: count,
  /** Rows that failed (each reported in the error report). */
  errorCount: count,
  /** Why the whole upload failed (unreadable file, no recognisable header); null otherwise. */
  failureMessage: z.string().nullable(),
  /** The first problems of failed rows; GET /users/bulkuploads/{id}/errors has them all. */
  errors: z.array(bulkUploadErrorSchema).max(BULK_UPLOAD_ERRORS_SHOWN),
  createdAt: dateTimeSchema,
  completedAt: dateTimeSchema.nullable(),
});
export type BulkUpload = z.infer<typeof bulkUploadSchema>;

/** GET /users/bulkuploads (newest first) and POST /users/process-bulkuploads (the uploads just queued). */
export const bulkUploadListResponseSchema = resultsSchema(bulkUploadSchema);
export type BulkUploadListResponse = z.infer<typeof bulkUploadListResponseSchema>;

/** Our column -> the header of the seller's file it is read from. */
export const columnMappingSchema = z.partialRecord(
  z.enum(INVENTORY_COLUMNS),
  plainText().trim().min(1).max(200),
);

/**
 * The optional JSON field `request` of POST /users/process-bulkuploads: the seller's column
 * mapping for the files; left out, the headers are mapped automatically (`autoMapColumns`).
 */
export const processBulkUploadsRequestSchema = z.object({ columnMapping: columnMappingSchema.optional() });
export type ProcessBulkUploadsRequest = z.input<typeof processBulkUploadsRequestSchema>;

/** The error report of one upload: CSV text with a header row and one row per problem. */
export const bulkUploadErrorReportSchema = z.string();

/** GET /users/GetDistributorFeed?name=… : the caller's feeds, optionally only the one with this name. */
export const distributorFeedQuerySchema = z.object({ name: optionalQueryText(100) });
export type DistributorFeedQuery = z.input<typeof distributorFeedQuerySchema>;

export const distributorFeedListResponseSchema = resultsSchema(distributorFeedSchema);
export type DistributorFeedListResponse = z.infer<typeof distributorFeedListResponseSchema>;

/** The calls served by `src-server/modules/users/`. */
export const USERS_ENDPOINTS = {
  usersGetUserAlerts: defineEndpoint({
    method: 'GET',
    path: '/users/getUserAlerts',
    summary: "Alerts for the caller's dashboard.",
    access: 'user',
    query: userAlertQuerySchema,
    response: alertListResponseSchema,
  }),
  usersGetPublicAlerts: defineEndpoint({
    method: 'GET',
    path: '/users/getPublicAlerts',
    summary: 'Public alerts for the home, search and category pages.',
    access: 'public',
    query: publicAlertQuerySchema,
    response: alertListResponseSchema,
  }),
  usersRegister: defineEndpoint({
    method: 'POST',
    path: '/users/register',
    summary: 'Create an account (or complete one pending registration) and sign in.',
    access: 'public',
    body: registerRequestSchema,
    response: registerResponseSchema,
    issuesToken: true,
    rateLimited: true,
  }),
  usersEmailConfirm: defineEndpoint({
    method: 'POST',
    path: '/users/email-confirm',
    summary: 'Confirm an email address with the emailed token.',
    access: 'public',
    body: emailConfirmRequestSchema,
    response: successSchema,
    rateLimited: true,
  }),
  usersGet: defineEndpoint({
    method: 'POST',
    path: '/users/get',
    summary: "The caller's profile (admins: any user's).",
    access: 'user',
    owner: 'account',
    ownerId: 'body.filters.userId',
    body: userGetRequestSchema,
    response: userProfileSchema,
  }),
  usersGetAll: defineEndpoint({
    method: 'POST',
    path: '/users/getall',
    summary: 'Public seller profiles by user ids.',
    access: 'public',
    body: userGetAllRequestSchema,
    response: userGetAllResponseSchema,
  }),
  userDashboardSummary: defineEndpoint({
    method: 'GET',
    path: '/userdashboard/summary/',
    summary: "Counts for the caller's dashboard.",
    access: 'user',
    response: dashboardSummarySchema,
  }),
  usersCheckEmail: defineEndpoint({
    method: 'GET',
    path: '/users/checkEmail/{email}',
    summary: 'Whether an email already has an account.',
    access: 'public',
    params: checkEmailParamsSchema,
    response: checkEmailResponseSchema,
    rateLimited: true,
  }),
  usersSellerApi: defineEndpoint({
    method: 'POST',
    path: '/users/sellerapi',
    refusesImpersonation: true,
    summary: "List the caller's seller-API credentials, optionally creating one.",
    access: 'seller',
    body: sellerApiRequestSchema,
    response: sellerApiResponseSchema,
  }),
  usersDeleteClientCredentials: defineEndpoint({
    method: 'DELETE',
    path: '/users/clientCredentials/{id}',
    refusesImpersonation: true,
    summary: 'Revoke a seller-API credential of the caller.',
    access: 'seller',
    owner: 'clientCredential',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),
  usersBulkUploads: defineEndpoint({
    method: 'GET',
    path: '/users/bulkuploads',
    summary: "The caller's bulk inventory uploads and their progress, newest first.",
    access: 'seller',
    response: bulkUploadListResponseSchema,
  }),
  usersBulkUploadErrors: defineEndpoint({
    method: 'GET',
    path: '/users/bulkuploads/{id}/errors',
    summary: 'The error report of one of the caller’s bulk uploads, as CSV.',
    access: 'seller',
    owner: 'bulkUpload',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: bulkUploadErrorReportSchema,
    produces: 'csv',
  }),
  usersProcessBulkUploads: defineEndpoint({
    method: 'POST',
    path: '/users/process-bulkuploads',
    summary: 'Queue CSV inventory files for import as listings.',
    access: 'seller',
    body: processBulkUploadsRequestSchema,
    response: bulkUploadListResponseSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      jsonOptional: true,
      fileField: 'formFiles',
      minFiles: 1,
      maxFiles: BULK_UPLOAD_MAX_FILES,
      maxFileBytes: BULK_UPLOAD_MAX_BYTES,
      accept: ['text/csv', 'application/vnd.ms-excel', 'text/plain'],
    },
    rateLimited: true,
  }),
  usersChangePassword: defineEndpoint({
    method: 'POST',
    path: '/users/changePassword',
    refusesImpersonation: true,
    summary: "Change the caller's password.",
    access: 'user',
    body: changePasswordRequestSchema,
    response: changePasswordResponseSchema,
    rateLimited: true,
  }),
  usersUpdateAccountInfo: defineEndpoint({
    method: 'POST',
    path: '/users/updateAccountInfo',
    refusesImpersonation: true,
    summary: "Update the caller's profile; answers a fresh token.",
    access: 'user',
    body: updateAccountInfoRequestSchema,
    response: updateAccountInfoResponseSchema,
  }),
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
  usersUpdateMembershipPlan: defineEndpoint({
    method: 'POST',
    path: '/users/updateMembershipPlan',
    refusesImpersonation: true,
    summary: "Change the caller's membership plan; answers a fresh token.",
    access: 'user',
    body: updateMembershipPlanRequestSchema,
    response: updateMembershipPlanResponseSchema,
  }),
  usersSignupForNewsletter: defineEndpoint({
    method: 'POST',
    path: '/users/signupForNewsLetter',
    summary: 'Subscribe an email to the newsletter.',
    access: 'public',
    body: newsletterSignupRequestSchema,
    response: newsletterSignupResponseSchema,
    rateLimited: true,
  }),
  usersListingEligibility: defineEndpoint({
    method: 'GET',
    path: '/users/listing-eligibility',
    summary: 'Whether the caller may list now, and why not.',
    access: 'user',
    response: listingEligibilitySchema,
  }),
  usersUnfreeze: defineEndpoint({
    method: 'POST',
    path: '/users/unfreeze',
    refusesImpersonation: true,
    summary: 'Pay the past-due balance of an account frozen for non-payment; answers a token.',
    access: 'public',
    body: unfreezeRequestSchema,
    response: unfreezeResponseSchema,
    responses: { 402: errorEnvelopeSchema },
    issuesToken: true,
    rateLimited: true,
  }),
} as const satisfies Record<string, EndpointDefinition>;
