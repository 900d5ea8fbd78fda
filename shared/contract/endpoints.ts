/**
 * The API contract: one entry per call of spec §7 (plus the calls it implies), keyed by a stable
 * name. The server registers its routes from this table and the renderer's client is typed by
 * it. A 200 answer is `response`; bodies of other statuses are listed under `responses`; every
 * other failure is the error envelope of common.ts.
 */
import type { z } from 'zod';
import { Role, SELLER_ROLES } from '../domain/user.ts';
import {
  adminUserSearchRequestSchema,
  adminUserSearchResponseSchema,
  impersonateResponseSchema,
} from './admin.ts';
import { adZoneQuerySchema, adZoneResponseSchema } from './ads.ts';
import {
  changeExpiredPasswordRequestSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  forgotPasswordRequestSchema,
  loginForbiddenSchema,
  loginPastDueSchema,
  loginRequestSchema,
  loginSuccessSchema,
  loginUnauthorizedSchema,
  resetPasswordRequestSchema,
} from './auth.ts';
import {
  creditTransactionRequestSchema,
  creditTransactionSchema,
  escrowAccountSchema,
  escrowLookupRequestSchema,
  paymentOptionsInputSchema,
  paymentOptionsSchema,
  unfreezeRequestSchema,
  unfreezeResponseSchema,
} from './billing.ts';
import {
  brandInputSchema,
  brandKeywordRequestSchema,
  brandKeywordResponseSchema,
  brandListResponseSchema,
  brandSchema,
  brandSlugParamsSchema,
} from './brands.ts';
import { syncCartRequestSchema } from './cart.ts';
import { errorEnvelopeSchema, idParamsSchema, successSchema } from './common.ts';
import { articleListResponseSchema, articleQuerySchema } from './content.ts';
import {
  addFavoriteRequestSchema,
  addFavoriteResponseSchema,
  deleteFavoritesRequestSchema,
  deleteFavoritesResponseSchema,
  favoriteCheckParamsSchema,
  favoriteCheckResponseSchema,
  favoriteListResponseSchema,
  favoritesAtMaxResponseSchema,
} from './favorites.ts';
import { healthResponseSchema } from './health.ts';
import { firearmIdentificationSchema, firearmInfoSchema } from './identification.ts';
import {
  featuredListingsQuerySchema,
  listingAddResponseSchema,
  listingCardListSchema,
  listingInputSchema,
  listingsGetAllRequestSchema,
  listingsGetAllResponseSchema,
  listingsGetBasicRequestSchema,
  listingsGetBasicResponseSchema,
  listingsGetRequestSchema,
  listingsGetResponseSchema,
  localListingsQuerySchema,
  newThisWeekListingsQuerySchema,
  relistFailureSchema,
  relistResultSchema,
  searchQuerySchema,
  searchRequestSchema,
  searchResponseSchema,
  stockImageParamsSchema,
  stockImageResponseSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
} from './listings.ts';
import { geoLocationSchema } from './location.ts';
import {
  messageInputSchema,
  messageListRequestSchema,
  messageListResponseSchema,
  messageSchema,
  unreadCountSchema,
} from './messages.ts';
import {
  savedSearchInputSchema,
  savedSearchListRequestSchema,
  savedSearchListResponseSchema,
  savedSearchSchema,
} from './saved-searches.ts';
import { shortCodeParamsSchema, shortLinkItemsSchema, shortLinkLookupRequestSchema } from './shortlinks.ts';
import {
  alertListResponseSchema,
  bulkUploadListResponseSchema,
  checkEmailParamsSchema,
  checkEmailResponseSchema,
  dashboardSummarySchema,
  distributorFeedInputSchema,
  distributorFeedListResponseSchema,
  distributorFeedQuerySchema,
  distributorFeedSchema,
  emailConfirmRequestSchema,
  legacyListerQuerySchema,
  legacyListerResponseSchema,
  listingEligibilitySchema,
  newsletterSignupRequestSchema,
  newsletterSignupResponseSchema,
  publicAlertQuerySchema,
  registerRequestSchema,
  registerResponseSchema,
  sellerApiRequestSchema,
  sellerApiResponseSchema,
  sendMessageEmailRequestSchema,
  updateAccountInfoRequestSchema,
  updateAccountInfoResponseSchema,
  updateMembershipPlanRequestSchema,
  updateMembershipPlanResponseSchema,
  userAlertQuerySchema,
  userGetAllRequestSchema,
  userGetAllResponseSchema,
  userGetRequestSchema,
  userProfileSchema,
} from './users.ts';

/** Every path of the table is served under this base: `${API_BASE}${path}`. */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` anyone (a token, when sent, is still read); `user` any signed-in account;
 * `seller` a BasicSeller, TrustedSeller or PlatinumSeller; `admin` an Admin. An Admin passes
 * every level, as staff moderate on behalf of users.
 */
export const ACCESS_LEVELS = ['public', 'user', 'seller', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/**
 * Records a caller may only act on when they own them: the listing of a listing id or image id,
 * the message, saved search, seller-API credential or distributor feed of that id. Another user's
 * record answers 404, as an unknown id does, so ids cannot be probed. `account`: a user id in the
 * request must be the caller's own, else 403. An Admin passes these checks.
 */
export const OWNED_RESOURCES = [
  'listing',
  'listingImage',
  'message',
  'savedSearch',
  'clientCredential',
  'distributorFeed',
  'account',
] as const;
export type OwnedResource = (typeof OWNED_RESOURCES)[number];

/** The server module that implements an endpoint (`src-server/modules/<module>/`). */
export const API_MODULES = [
  'auth',
  'listings',
  'location',
  'messages',
  'saved-searches',
  'users',
  'favorites',
  'cart',
  'billing',
  'admin',
  'shortlinks',
  'brands',
  'content',
  'identification',
  'ads',
  'health',
] as const;
export type ApiModule = (typeof API_MODULES)[number];

/** The parts of a multipart request. */
export interface UploadSpec {
  /** The form field holding the JSON request (parsed with `body`), or null when the form has only files. */
  readonly jsonField: 'request' | 'FirearmInfoJson' | null;
  /** The form field (repeated) holding the files. */
  readonly fileField: string;
  readonly minFiles: number;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  /** Accepted media types. */
  readonly accept: readonly string[];
}

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** The spec's path, verbatim (casing and trailing slash included), `{name}` for path parameters. */
  readonly path: string;
  readonly module: ApiModule;
  readonly summary: string;
  readonly access: Access;
  readonly owner?: OwnedResource;
  /** Where the owned id sits in the request: `params.<name>` or `body.<name>` (checked only when present). */
  readonly ownerId?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** The JSON body, or for multipart requests the JSON form field named by `upload.jsonField`. */
  readonly body?: z.ZodType;
  /** The 200 answer. */
  readonly response: z.ZodType;
  /** Status-specific bodies beyond the 200 answer; any other failure is the error envelope. */
  readonly responses?: Readonly<Record<number, z.ZodType>>;
  readonly multipart?: true;
  readonly upload?: UploadSpec;
  /** `image`: the answer is image bytes, usable as an `<img src>`; otherwise JSON. */
  readonly produces?: 'json' | 'image';
  /** A brute-force or enumeration target: the server applies its strict per-address limit. */
  readonly rateLimited?: true;
  /** The path as the spec writes it, where it differs from `path`. */
  readonly specPath?: string;
}

/** Keeps the literal types of an entry (method, path, schemas) for the typed helpers below. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

const MB = 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const ENDPOINTS = {
  // ---------------------------------------------------------------------------------------------
  // Auth
  // ---------------------------------------------------------------------------------------------
  authLogin: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    module: 'auth',
    summary: 'Sign in with email and password.',
    access: 'public',
    body: loginRequestSchema,
    response: loginSuccessSchema,
    responses: { 401: loginUnauthorizedSchema, 402: loginPastDueSchema, 403: loginForbiddenSchema },
    rateLimited: true,
  }),
  usersForgotPassword: defineEndpoint({
    method: 'POST',
    path: '/users/forgot-password',
    module: 'auth',
    summary: 'E-mail a password-reset link; always answers 200.',
    access: 'public',
    body: forgotPasswordRequestSchema,
    response: successSchema,
    rateLimited: true,
  }),
  usersResetPassword: defineEndpoint({
    method: 'POST',
    path: '/users/reset-password',
    module: 'auth',
    summary: 'Set a new password with the token of a reset link.',
    access: 'public',
    body: resetPasswordRequestSchema,
    response: successSchema,
    rateLimited: true,
  }),
  usersChangeExpiredPassword: defineEndpoint({
    method: 'POST',
    path: '/users/change-expired-password',
    module: 'auth',
    summary: 'Replace an expired password, then sign in again.',
    access: 'public',
    body: changeExpiredPasswordRequestSchema,
    response: successSchema,
    rateLimited: true,
  }),

  // ---------------------------------------------------------------------------------------------
  // Listings
  // ---------------------------------------------------------------------------------------------
  listingsFeatured: defineEndpoint({
    method: 'GET',
    path: '/listings/featured',
    module: 'listings',
    summary: 'Featured listings for the home page (Online Listings).',
    access: 'public',
    query: featuredListingsQuerySchema,
    response: listingCardListSchema,
  }),
  listingsNewThisWeek: defineEndpoint({
    method: 'GET',
    path: '/listings/newthisweek',
    module: 'listings',
    summary: 'Listings started in the last 7 days.',
    access: 'public',
    query: newThisWeekListingsQuerySchema,
    response: listingCardListSchema,
  }),
  listingsLocal: defineEndpoint({
    method: 'GET',
    path: '/listings/local',
    module: 'listings',
    summary: 'Local listings near a zip code, or near the caller.',
    access: 'public',
    query: localListingsQuerySchema,
    response: listingCardListSchema,
  }),
  listingsSearch: defineEndpoint({
    method: 'POST',
    path: '/listings/search',
    module: 'listings',
    summary: 'Search listings with filters, sort, paging and facets.',
    access: 'public',
    query: searchQuerySchema,
    body: searchRequestSchema,
    response: searchResponseSchema,
  }),
  listingsGet: defineEndpoint({
    method: 'POST',
    path: '/listings/get',
    module: 'listings',
    summary: 'Listing details by ids or legacy ids.',
    access: 'public',
    body: listingsGetRequestSchema,
    response: listingsGetResponseSchema,
  }),
  listingsGetBasic: defineEndpoint({
    method: 'POST',
    path: '/listings/get-basic',
    module: 'listings',
    summary: 'Listing cards by ids.',
    access: 'public',
    body: listingsGetBasicRequestSchema,
    response: listingsGetBasicResponseSchema,
  }),
  listingsGetAll: defineEndpoint({
    method: 'POST',
    path: '/listings/getall',
    module: 'listings',
    summary: "The caller's own listings, by status.",
    access: 'seller',
    owner: 'account',
    ownerId: 'body.filters.userId',
    body: listingsGetAllRequestSchema,
    response: listingsGetAllResponseSchema,
  }),
  listingsAdd: defineEndpoint({
    method: 'POST',
    path: '/listings/add',
    module: 'listings',
    summary: 'Create a listing, or update one of the caller’s, with images.',
    access: 'seller',
    owner: 'listing',
    ownerId: 'body.id',
    body: listingInputSchema,
    response: listingAddResponseSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      fileField: 'images',
      minFiles: 0,
      maxFiles: 20,
      maxFileBytes: 15 * MB,
      accept: IMAGE_TYPES,
    },
  }),
  listingsDeleteImage: defineEndpoint({
    method: 'DELETE',
    path: '/listings/delete-image/{id}',
    module: 'listings',
    summary: 'Remove one image from a listing of the caller.',
    access: 'seller',
    owner: 'listingImage',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),
  listingsDelete: defineEndpoint({
    method: 'DELETE',
    path: '/listings/delete/{id}',
    module: 'listings',
    summary: 'Delete a listing of the caller.',
    access: 'seller',
    owner: 'listing',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),
  listingsClose: defineEndpoint({
    method: 'POST',
    path: '/listings/close/{id}',
    module: 'listings',
    summary: 'End a listing of the caller early; it can be relisted.',
    access: 'seller',
    owner: 'listing',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),
  listingsRelist: defineEndpoint({
    method: 'POST',
    path: '/listings/relist/{id}',
    module: 'listings',
    summary: 'Reopen a closed or ended listing of the caller.',
    access: 'seller',
    owner: 'listing',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: relistResultSchema,
    responses: { 500: relistFailureSchema },
  }),
  listingsSuggestions: defineEndpoint({
    method: 'GET',
    path: '/listings/suggestions',
    module: 'listings',
    summary: 'Search suggestions for typed text, with the most likely family.',
    access: 'public',
    query: suggestionsQuerySchema,
    response: suggestionsResponseSchema,
  }),
  stockImagesGet: defineEndpoint({
    method: 'GET',
    path: '/stock-images/{upc}',
    module: 'listings',
    summary: 'The catalogue photo of a UPC, for listings without their own.',
    access: 'public',
    params: stockImageParamsSchema,
    response: stockImageResponseSchema,
    produces: 'image',
  }),

  // ---------------------------------------------------------------------------------------------
  // Location
  // ---------------------------------------------------------------------------------------------
  locationGeo: defineEndpoint({
    method: 'GET',
    path: '/location/geo',
    module: 'location',
    summary: 'Zip code and city of the caller, by network address.',
    access: 'public',
    response: geoLocationSchema,
  }),

  // ---------------------------------------------------------------------------------------------
  // Messages
  // ---------------------------------------------------------------------------------------------
  messagesGetRecipient: defineEndpoint({
    method: 'POST',
    path: '/messages/getRecipient',
    module: 'messages',
    summary: 'Inbox: messages the caller received.',
    access: 'user',
    body: messageListRequestSchema,
    response: messageListResponseSchema,
  }),
  messagesGetSender: defineEndpoint({
    method: 'POST',
    path: '/messages/getSender',
    module: 'messages',
    summary: 'Sent: messages the caller wrote.',
    access: 'user',
    body: messageListRequestSchema,
    response: messageListResponseSchema,
  }),
  messagesAddOrUpdate: defineEndpoint({
    method: 'POST',
    path: '/messages/addOrUpdate',
    module: 'messages',
    summary: 'Send a message with attachments, or mark a received one read or unread.',
    access: 'user',
    owner: 'message',
    ownerId: 'body.id',
    body: messageInputSchema,
    response: messageSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      fileField: 'files',
      minFiles: 0,
      maxFiles: 5,
      maxFileBytes: 10 * MB,
      accept: [...IMAGE_TYPES, 'application/pdf'],
    },
  }),
  messagesGetUnreadCount: defineEndpoint({
    method: 'GET',
    path: '/messages/getUnreadMessagesCount',
    module: 'messages',
    summary: 'How many received messages are unread.',
    access: 'user',
    response: unreadCountSchema,
  }),

  // ---------------------------------------------------------------------------------------------
  // Saved searches
  // ---------------------------------------------------------------------------------------------
  usersGetSavedSearches: defineEndpoint({
    method: 'POST',
    path: '/users/getSavedSearches',
    module: 'saved-searches',
    summary: "The caller's saved searches.",
    access: 'user',
    owner: 'account',
    ownerId: 'body.filters.userId',
    body: savedSearchListRequestSchema,
    response: savedSearchListResponseSchema,
  }),
  usersAddOrUpdateSaveSearch: defineEndpoint({
    method: 'POST',
    path: '/users/addOrUpdateSaveSearch',
    module: 'saved-searches',
    summary: 'Save a search, or update one of the caller’s.',
    access: 'user',
    owner: 'savedSearch',
    ownerId: 'body.id',
    body: savedSearchInputSchema,
    response: savedSearchSchema,
  }),
  usersDeleteSaveSearch: defineEndpoint({
    method: 'DELETE',
    path: '/users/deleteSaveSearch/{id}',
    module: 'saved-searches',
    summary: 'Delete a saved search of the caller.',
    access: 'user',
    owner: 'savedSearch',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),

  // ---------------------------------------------------------------------------------------------
  // Users
  // ---------------------------------------------------------------------------------------------
  usersGetUserAlerts: defineEndpoint({
    method: 'GET',
    path: '/users/getUserAlerts',
    module: 'users',
    summary: "Alerts for the caller's dashboard.",
    access: 'user',
    query: userAlertQuerySchema,
    response: alertListResponseSchema,
  }),
  usersGetPublicAlerts: defineEndpoint({
    method: 'GET',
    path: '/users/getPublicAlerts',
    module: 'users',
    summary: 'Public alerts for the home, search and category pages.',
    access: 'public',
    query: publicAlertQuerySchema,
    response: alertListResponseSchema,
  }),
  usersSyncCart: defineEndpoint({
    method: 'POST',
    path: '/users/sync-cart',
    module: 'cart',
    summary: "Replace the server copy of the caller's cart.",
    access: 'user',
    body: syncCartRequestSchema,
    response: successSchema,
  }),
  usersRegister: defineEndpoint({
    method: 'POST',
    path: '/users/register',
    module: 'users',
    summary: 'Create an account (or complete one pending registration) and sign in.',
    access: 'public',
    body: registerRequestSchema,
    response: registerResponseSchema,
    rateLimited: true,
  }),
  usersEmailConfirm: defineEndpoint({
    method: 'POST',
    path: '/users/email-confirm',
    module: 'users',
    summary: 'Confirm an email address with the emailed token.',
    access: 'public',
    body: emailConfirmRequestSchema,
    response: successSchema,
    rateLimited: true,
  }),
  usersGet: defineEndpoint({
    method: 'POST',
    path: '/users/get',
    module: 'users',
    summary: "The caller's profile (admins: any user's).",
    access: 'user',
    owner: 'account',
    ownerId: 'body.filters.userId',
    body: userGetRequestSchema,
    response: userProfileSchema,
  }),
  usersGetUserIdFromLegacyListerId: defineEndpoint({
    method: 'GET',
    path: '/users/getUserIdFromLegacyListerID',
    module: 'users',
    summary: 'The user id behind a legacy lister id (/Search/Lister/{id}).',
    access: 'public',
    query: legacyListerQuerySchema,
    response: legacyListerResponseSchema,
  }),
  usersGetAll: defineEndpoint({
    method: 'POST',
    path: '/users/getall',
    module: 'users',
    summary: 'Public seller profiles by user ids.',
    access: 'public',
    body: userGetAllRequestSchema,
    response: userGetAllResponseSchema,
  }),
  userDashboardSummary: defineEndpoint({
    method: 'GET',
    path: '/userdashboard/summary/',
    module: 'users',
    summary: "Counts for the caller's dashboard.",
    access: 'user',
    response: dashboardSummarySchema,
  }),
  usersSendMessageEmail: defineEndpoint({
    method: 'POST',
    path: '/users/sendMessageEmail',
    module: 'messages',
    summary: 'E-mail the recipient about a message the caller sent.',
    access: 'user',
    owner: 'message',
    ownerId: 'body.messageId',
    body: sendMessageEmailRequestSchema,
    response: successSchema,
  }),
  usersCheckEmail: defineEndpoint({
    method: 'GET',
    path: '/users/checkEmail/{email}',
    module: 'users',
    summary: 'Whether an email already has an account.',
    access: 'public',
    params: checkEmailParamsSchema,
    response: checkEmailResponseSchema,
    rateLimited: true,
  }),
  usersSellerApi: defineEndpoint({
    method: 'POST',
    path: '/users/sellerapi',
    module: 'users',
    summary: "List the caller's seller-API credentials, optionally creating one.",
    access: 'seller',
    body: sellerApiRequestSchema,
    response: sellerApiResponseSchema,
  }),
  usersDeleteClientCredentials: defineEndpoint({
    method: 'DELETE',
    path: '/users/clientCredentials/{id}',
    module: 'users',
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
    module: 'users',
    summary: "The caller's bulk inventory uploads and their progress.",
    access: 'seller',
    response: bulkUploadListResponseSchema,
  }),
  usersProcessBulkUploads: defineEndpoint({
    method: 'POST',
    path: '/users/process-bulkuploads',
    module: 'users',
    summary: 'Queue CSV inventory files for import as listings.',
    access: 'seller',
    response: bulkUploadListResponseSchema,
    multipart: true,
    upload: {
      jsonField: null,
      fileField: 'formFiles',
      minFiles: 1,
      maxFiles: 5,
      maxFileBytes: 20 * MB,
      accept: ['text/csv', 'application/vnd.ms-excel', 'text/plain'],
    },
  }),
  usersChangePassword: defineEndpoint({
    method: 'POST',
    path: '/users/changePassword',
    module: 'users',
    summary: "Change the caller's password.",
    access: 'user',
    body: changePasswordRequestSchema,
    response: changePasswordResponseSchema,
    rateLimited: true,
  }),
  usersUpdateAccountInfo: defineEndpoint({
    method: 'POST',
    path: '/users/updateAccountInfo',
    module: 'users',
    summary: "Update the caller's profile; answers a fresh token.",
    access: 'user',
    body: updateAccountInfoRequestSchema,
    response: updateAccountInfoResponseSchema,
  }),
  usersManageDistributorFeed: defineEndpoint({
    method: 'POST',
    path: '/users/ManageDistributorFeed',
    module: 'users',
    summary: 'Add a distributor feed, or update one of the caller’s.',
    access: 'seller',
    owner: 'distributorFeed',
    ownerId: 'body.id',
    body: distributorFeedInputSchema,
    response: distributorFeedSchema,
  }),
  usersGetDistributorFeed: defineEndpoint({
    method: 'GET',
    path: '/users/GetDistributorFeed',
    module: 'users',
    summary: "The caller's distributor feeds, optionally by name.",
    access: 'seller',
    query: distributorFeedQuerySchema,
    response: distributorFeedListResponseSchema,
  }),
  usersDeleteDistributorFeed: defineEndpoint({
    method: 'DELETE',
    path: '/users/DeleteDistributorFeed/{id}',
    module: 'users',
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
    module: 'users',
    summary: "Change the caller's membership plan; answers a fresh token.",
    access: 'user',
    body: updateMembershipPlanRequestSchema,
    response: updateMembershipPlanResponseSchema,
  }),
  usersSignupForNewsletter: defineEndpoint({
    method: 'POST',
    path: '/users/signupForNewsLetter',
    module: 'users',
    summary: 'Subscribe an email to the newsletter.',
    access: 'public',
    body: newsletterSignupRequestSchema,
    response: newsletterSignupResponseSchema,
    rateLimited: true,
  }),
  usersListingEligibility: defineEndpoint({
    method: 'GET',
    path: '/users/listing-eligibility',
    module: 'users',
    summary: 'Whether the caller may list now, and why not.',
    access: 'user',
    response: listingEligibilitySchema,
  }),
  usersUnfreeze: defineEndpoint({
    method: 'POST',
    path: '/users/unfreeze',
    module: 'billing',
    summary: 'Pay the past-due balance of an account frozen for non-payment; answers a token.',
    access: 'public',
    body: unfreezeRequestSchema,
    response: unfreezeResponseSchema,
    responses: { 402: errorEnvelopeSchema },
    rateLimited: true,
  }),
  usersGetEscrowAccount: defineEndpoint({
    method: 'POST',
    path: '/users/getEscrowAccount',
    module: 'billing',
    summary: "A user's escrow account, by email or user id.",
    access: 'admin',
    body: escrowLookupRequestSchema,
    response: escrowAccountSchema,
  }),
  usersFavoriteListings: defineEndpoint({
    method: 'GET',
    path: '/users/favorite-listings',
    module: 'favorites',
    summary: "The caller's favorites (loaded after login).",
    access: 'user',
    response: favoriteListResponseSchema,
  }),
  usersAddFavoriteListing: defineEndpoint({
    method: 'POST',
    path: '/users/favorite-listings',
    module: 'favorites',
    summary: 'Add a listing to the caller’s favorites (at most 10).',
    access: 'user',
    body: addFavoriteRequestSchema,
    response: addFavoriteResponseSchema,
  }),
  usersDeleteFavoriteListings: defineEndpoint({
    method: 'POST',
    path: '/users/delete-favorite-listings',
    module: 'favorites',
    summary: 'Remove listings from the caller’s favorites.',
    access: 'user',
    body: deleteFavoritesRequestSchema,
    response: deleteFavoritesResponseSchema,
  }),
  usersFavoriteListingCheck: defineEndpoint({
    method: 'GET',
    path: '/users/favorite-listings/check/{listingId}',
    module: 'favorites',
    summary: 'Whether a listing is among the caller’s favorites.',
    access: 'user',
    params: favoriteCheckParamsSchema,
    response: favoriteCheckResponseSchema,
  }),
  usersFavoriteListingsAtMax: defineEndpoint({
    method: 'GET',
    path: '/users/favorite-listings/at-max',
    module: 'favorites',
    summary: 'Whether the caller has reached the favorites maximum.',
    access: 'user',
    response: favoritesAtMaxResponseSchema,
  }),
  usersAddOrUpdatePaymentOptions: defineEndpoint({
    method: 'POST',
    path: '/users/addOrUpdatePaymentOptions',
    module: 'billing',
    summary: 'Set how the caller is paid: accepted methods, gateway, GunTab.',
    access: 'seller',
    body: paymentOptionsInputSchema,
    response: paymentOptionsSchema,
  }),

  // ---------------------------------------------------------------------------------------------
  // Admin
  // ---------------------------------------------------------------------------------------------
  adminSearchUsers: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/search-users',
    module: 'admin',
    summary: 'Search users by keyword, role and status.',
    access: 'admin',
    body: adminUserSearchRequestSchema,
    response: adminUserSearchResponseSchema,
  }),
  adminImpersonate: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/impersonate/{id}',
    module: 'admin',
    summary: 'A token to act as the user of this id.',
    access: 'admin',
    params: idParamsSchema,
    response: impersonateResponseSchema,
  }),
  adminAddCreditToUser: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/add-credit-to-user',
    module: 'admin',
    summary: "Add credit to a user's escrow account.",
    access: 'admin',
    body: creditTransactionRequestSchema,
    response: creditTransactionSchema,
  }),

  // ---------------------------------------------------------------------------------------------
  // Short links
  // ---------------------------------------------------------------------------------------------
  shortlinksGet: defineEndpoint({
    method: 'POST',
    path: '/shortlinks/get',
    module: 'shortlinks',
    summary: 'Short links by ids, codes or target.',
    access: 'public',
    body: shortLinkLookupRequestSchema,
    response: shortLinkItemsSchema,
  }),
  shortlinksGetById: defineEndpoint({
    method: 'GET',
    path: '/shortlinks/getById/{id}',
    module: 'shortlinks',
    summary: 'A short link by id.',
    access: 'public',
    params: idParamsSchema,
    response: shortLinkItemsSchema,
  }),
  shortlinksGetByShortCode: defineEndpoint({
    method: 'GET',
    path: '/shortlinks/getByShortCode/{code}',
    module: 'shortlinks',
    summary: 'A short link by code; its target is items[0].fullLink.',
    access: 'public',
    params: shortCodeParamsSchema,
    response: shortLinkItemsSchema,
  }),

  // ---------------------------------------------------------------------------------------------
  // Content, brands, ads, identification
  // ---------------------------------------------------------------------------------------------
  wpGet: defineEndpoint({
    method: 'GET',
    path: '/wp/get',
    module: 'content',
    summary: 'Digest articles by keyword.',
    access: 'public',
    query: articleQuerySchema,
    response: articleListResponseSchema,
  }),
  brandsList: defineEndpoint({
    method: 'GET',
    path: '/brands',
    module: 'brands',
    summary: 'All brands, sorted by name.',
    access: 'public',
    response: brandListResponseSchema,
  }),
  brandsListNc: defineEndpoint({
    method: 'GET',
    path: '/brands/nc',
    module: 'brands',
    summary: 'All brands, sorted by name, uncached.',
    access: 'public',
    response: brandListResponseSchema,
  }),
  brandsGet: defineEndpoint({
    method: 'GET',
    path: '/brands/{slug}',
    module: 'brands',
    summary: 'A brand by slug.',
    access: 'public',
    params: brandSlugParamsSchema,
    response: brandSchema,
  }),
  brandsGetNc: defineEndpoint({
    method: 'GET',
    path: '/brands/nc/{slug}',
    module: 'brands',
    summary: 'A brand by slug, uncached.',
    access: 'public',
    params: brandSlugParamsSchema,
    response: brandSchema,
  }),
  brandsKw: defineEndpoint({
    method: 'POST',
    path: '/brands/kw',
    module: 'brands',
    summary: 'The brand slug a search keyword belongs to.',
    access: 'public',
    body: brandKeywordRequestSchema,
    response: brandKeywordResponseSchema,
  }),
  brandsAddOrUpdate: defineEndpoint({
    method: 'POST',
    path: '/brands/addOrUpdate',
    module: 'brands',
    summary: 'Create or update a brand, with its images.',
    access: 'admin',
    body: brandInputSchema,
    response: brandSchema,
    multipart: true,
    upload: {
      jsonField: 'request',
      fileField: 'files',
      minFiles: 0,
      maxFiles: 4,
      maxFileBytes: 5 * MB,
      accept: [...IMAGE_TYPES, 'image/svg+xml'],
    },
  }),
  adsZone: defineEndpoint({
    method: 'GET',
    path: '/ads/zone',
    module: 'ads',
    summary: 'The ads of one zone of a page.',
    access: 'public',
    query: adZoneQuerySchema,
    response: adZoneResponseSchema,
  }),
  firearmsIdentify: defineEndpoint({
    method: 'POST',
    path: '/firearms/identify',
    specPath: '/api/firearms/identify',
    module: 'identification',
    summary: 'Identify a firearm from photos and what the owner knows.',
    access: 'user',
    body: firearmInfoSchema,
    response: firearmIdentificationSchema,
    multipart: true,
    upload: {
      jsonField: 'FirearmInfoJson',
      fileField: 'images',
      minFiles: 1,
      maxFiles: 6,
      maxFileBytes: 15 * MB,
      accept: IMAGE_TYPES,
    },
  }),

  // ---------------------------------------------------------------------------------------------
  // Operations
  // ---------------------------------------------------------------------------------------------
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    module: 'health',
    summary: 'Liveness and database check.',
    access: 'public',
    response: healthResponseSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

// ---------------------------------------------------------------------------------------------
// Types of one endpoint
// ---------------------------------------------------------------------------------------------

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type Part<N extends EndpointName, K extends 'params' | 'query' | 'body'> =
  Endpoints[N] extends Record<K, infer S> ? S : undefined;

/** What a client sends as the JSON body (for multipart calls: the JSON form field). */
export type EndpointBody<N extends EndpointName> = InputOf<Part<N, 'body'>>;
export type EndpointQuery<N extends EndpointName> = InputOf<Part<N, 'query'>>;
export type EndpointParams<N extends EndpointName> = InputOf<Part<N, 'params'>>;

/** What the server handler receives after parsing (defaults applied, text coerced). */
export type EndpointParsedBody<N extends EndpointName> = OutputOf<Part<N, 'body'>>;
export type EndpointParsedQuery<N extends EndpointName> = OutputOf<Part<N, 'query'>>;
export type EndpointParsedParams<N extends EndpointName> = OutputOf<Part<N, 'params'>>;

/** The 200 answer. */
export type EndpointResponse<N extends EndpointName> = z.output<Endpoints[N]['response']>;

/** The body of a status-specific answer listed under `responses` (e.g. login's 402). */
export type EndpointStatusResponse<N extends EndpointName, S extends number> = Endpoints[N] extends {
  responses: Record<S, infer R>;
}
  ? OutputOf<R>
  : never;

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

/** The `{name}` parameters of a path, as a union of names. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

const PATH_PARAM = /\{(\w+)\}/g;

/** The `{name}` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1] ?? '');
}

/** Fills `{name}` segments with URL-encoded values: fillPath('/brands/{slug}', { slug: 'sig-sauer' }). */
export function fillPath<P extends string>(
  path: P,
  params: Readonly<Record<PathParamNames<P>, string | number>>,
): string {
  const values = params as Readonly<Record<string, string | number | undefined>>;
  return path.replace(PATH_PARAM, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Fastify's form of a path: `{id}` → `:id`. */
export function toFastifyPath(path: string): string {
  return path.replace(PATH_PARAM, ':$1');
}

/** The full URL path of an endpoint under the API base, parameters filled. */
export function endpointUrl<N extends EndpointName>(
  name: N,
  params?: Readonly<Record<PathParamNames<Endpoints[N]['path']>, string | number>>,
): string {
  const path: string = ENDPOINTS[name].path;
  return `${API_BASE}${params ? fillPath(path, params as Readonly<Record<string, string | number>>) : path}`;
}

// ---------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------

/** Whether a caller with these roles (null: a visitor) may call an endpoint of this access level. */
export function satisfiesAccess(access: Access, roles: readonly string[] | null): boolean {
  if (access === 'public') return true;
  if (roles === null) return false;
  if (roles.includes(Role.Admin)) return true;
  if (access === 'user') return true;
  if (access === 'seller') return roles.some((role) => (SELLER_ROLES as readonly string[]).includes(role));
  return false;
}
