/**
 * The calls served by `src-server/modules/users/`: registration, the account and its settings (its
 * shapes in user-profile.ts), seller profiles, dashboard counts, alerts, listing eligibility, unfreezing.
 */
import { z } from 'zod';
import { nameText, plainText } from '../domain/text.ts';
import { AlertLocation } from '../domain/user.ts';
import { ALERT_LINK_MESSAGE, alertLinkTarget } from '../routes/alert-link.ts';
import { changePasswordRequestSchema, changePasswordResponseSchema, newPasswordSchema } from './auth.ts';
import { unfreezeRequestSchema, unfreezeResponseSchema } from './billing.ts';
import {
  dateTimeSchema,
  ErrorMessage,
  emailSchema,
  errorEnvelopeSchema,
  filtersBodySchema,
  MAX_IDS_PER_REQUEST,
  moneySchema,
  resultsSchema,
  signedMoneySchema,
  successSchema,
  uuidSchema,
  zipCodeSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import {
  addressSchema,
  firstNameSchema,
  freshTokenSchema,
  lastNameSchema,
  phoneSchema,
  publicUserSchema,
  userProfileSchema,
} from './user-profile.ts';

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

// ---------------------------------------------------------------------------------------------
// Dashboard and listing eligibility
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
