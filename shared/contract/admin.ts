import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { AlertLocation, FreezeReason, Role, UserStatus } from '../domain/user.ts';
import { ALERT_LINK_MESSAGE, alertLinkTarget } from '../routes/alert-link.ts';
import { creditTransactionRequestSchema, creditTransactionSchema, escrowAccountSchema } from './billing.ts';
import {
  dateTimeSchema,
  idParamsSchema,
  legacyIdSchema,
  MAX_PAGE_SIZE,
  optionalQueryNumber,
  optionalQueryText,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { shortCodeSchema, shortLinkSchema } from './shortlinks.ts';
import { AlertSeverity, alertSchema } from './users.ts';

/** POST /pprAdmin/search-users: `keyword` matches email, name, seller display name, user id or legacy lister id. */
export const AdminUserSort = {
  Newest: 'newest',
  Oldest: 'oldest',
  Email: 'email',
  Name: 'name',
} as const;
export type AdminUserSort = (typeof AdminUserSort)[keyof typeof AdminUserSort];

/** `keyword` matches email, first or last name, seller display name, phone, user id or legacy lister id. */
export const adminUserSearchRequestSchema = z.object({
  keyword: plainText().trim().max(200).optional(),
  role: z.enum(Role).optional(),
  status: z.enum(UserStatus).optional(),
  sort: z.enum(AdminUserSort).default('newest'),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type AdminUserSearchRequest = z.input<typeof adminUserSearchRequestSchema>;

export const adminUserRowSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sellerDisplayName: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.enum(UserStatus),
  /** Account option flags (FrozenForNonPayment, FrozenForFraud, PendingRegistration). */
  accountOptions: z.int().nonnegative(),
  userOptions: z.int().nonnegative(),
  legacyListerId: legacyIdSchema.nullable(),
  createdAt: dateTimeSchema,
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserSearchResponseSchema = pagedSchema(adminUserRowSchema);
export type AdminUserSearchResponse = z.infer<typeof adminUserSearchResponseSchema>;

/**
 * GET /pprAdmin/impersonate/{id}: a short-lived token for the user that also names the admin (claim
 * `act`). It cannot reach admin calls nor the account's password, email or payments.
 */
export const impersonateResponseSchema = z.object({ token: z.string().min(1) });
export type ImpersonateResponse = z.infer<typeof impersonateResponseSchema>;

/** GET /pprAdmin/users/{id}: one user as the console shows them. */
export const adminUserDetailSchema = adminUserRowSchema.extend({
  phone: z.string().nullable(),
  isDealer: z.boolean(),
  emailConfirmed: z.boolean(),
  /** Why the account is frozen, when it is. */
  freezeReasons: z.array(z.enum(FreezeReason)),
  pastDueAmount: z.number(),
  listings: z.object({
    total: z.int().nonnegative(),
    active: z.int().nonnegative(),
    frozen: z.int().nonnegative(),
  }),
  orders: z.object({ asBuyer: z.int().nonnegative(), asSeller: z.int().nonnegative() }),
  escrow: escrowAccountSchema,
  /** The newest few of each, for a look at the account; the counts above are the totals. */
  recentListings: z.array(
    z.object({
      id: uuidSchema,
      title: z.string(),
      price: z.number(),
      isActive: z.boolean(),
      isSold: z.boolean(),
      /** Frozen by staff (fraud or another staff flag): out of search. */
      frozen: z.boolean(),
      createdAt: dateTimeSchema,
    }),
  ),
  recentOrders: z.array(
    z.object({
      id: uuidSchema,
      /** The user's side of the order. */
      side: z.enum(['buyer', 'seller']),
      state: z.string(),
      total: z.number(),
      createdAt: dateTimeSchema,
    }),
  ),
  recentOffers: z.array(
    z.object({
      id: uuidSchema,
      side: z.enum(['buyer', 'seller']),
      listingTitle: z.string(),
      state: z.string(),
      amount: z.number(),
      quantity: z.int().positive(),
      createdAt: dateTimeSchema,
    }),
  ),
  /** Messages the user reported, and messages of theirs that others reported. */
  messageReports: z.array(
    z.object({
      id: uuidSchema,
      direction: z.enum(['by', 'about']),
      /** The other party: the sender for a report by the user, the reporter for one about them. */
      otherParty: z.object({ id: uuidSchema, email: z.string() }),
      subject: z.string(),
      reason: z.string(),
      createdAt: dateTimeSchema,
    }),
  ),
  /** The newest sign-ins (at most 10): address and time. */
  signIns: z.array(
    z.object({ address: z.string(), userAgent: z.string().nullable(), createdAt: dateTimeSchema }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** POST /pprAdmin/users/{id}/action: one account action; the answer is the user after it. */
export const adminAccountActionSchema = z.discriminatedUnion('action', [
  /** Freezing for fraud also freezes the user's listings (they leave search). */
  z.object({ action: z.literal('freeze'), reason: z.enum(FreezeReason) }),
  z.object({ action: z.literal('unfreeze'), reason: z.enum(FreezeReason) }),
  /** Refuses the user's tokens at once. */
  z.object({ action: z.literal('lock') }),
  z.object({ action: z.literal('unlock') }),
  /** Ends the user's sessions and e-mails a password-reset link. */
  z.object({ action: z.literal('forcePasswordReset') }),
  z.object({ action: z.literal('setRoles'), roles: z.array(z.enum(Role)).min(1).max(5) }),
  z.object({ action: z.literal('resendConfirmation') }),
  /**
   * Grants or withdraws the valuation part of firearm identification (the user option
   * WhatIsMyGunWorthAllowed, flag 16). Read from the account at each identification, so it applies at
   * once, without a new sign-in.
   */
  z.object({ action: z.literal('setValuationAccess'), allowed: z.boolean() }),
]);
export type AdminAccountAction = z.input<typeof adminAccountActionSchema>;
export type AdminAccountActionName = AdminAccountAction['action'];

export const AdminAuditAction = {
  Impersonate: 'impersonate',
  AddCredit: 'addCredit',
  Freeze: 'freeze',
  Unfreeze: 'unfreeze',
  Lock: 'lock',
  Unlock: 'unlock',
  ForcePasswordReset: 'forcePasswordReset',
  SetRoles: 'setRoles',
  ResendConfirmation: 'resendConfirmation',
  FreezeListing: 'freezeListing',
  UnfreezeListing: 'unfreezeListing',
  CreateAlert: 'createAlert',
  DeleteAlert: 'deleteAlert',
  CreateShortLink: 'createShortLink',
  ResolveEscrowDispute: 'resolveEscrowDispute',
  /** A conversation or attachment read by staff who are not one of its two parties (moderation). */
  ReadConversation: 'readConversation',
  /** Staff actions on a reported message (locking its sender is also written as `lock`). */
  DismissMessageReport: 'dismissMessageReport',
  RemoveMessage: 'removeMessage',
  WarnSender: 'warnSender',
  LockSender: 'lockSender',
  /** Staff ended an auction without a sale; its bidders and seller were told why. */
  CancelAuction: 'cancelAuction',
  /** Staff granted or withdrew the valuation option (WhatIsMyGunWorthAllowed) of an account. */
  SetValuationAccess: 'setValuationAccess',
  /**
   * Staff edits of the firearms reference (shared/contract/firearm-reference.ts): a manufacturer,
   * model, variant or caliber added, changed (renamed, aliases, deactivated) or removed; `before`
   * and `after` hold the record with its `part`.
   */
  AddFirearmReference: 'addFirearmReference',
  EditFirearmReference: 'editFirearmReference',
  RemoveFirearmReference: 'removeFirearmReference',
} as const;
export type AdminAuditAction = (typeof AdminAuditAction)[keyof typeof AdminAuditAction];

/** GET /pprAdmin/audit: the append-only log of admin actions, newest first. */
export const adminAuditQuerySchema = z.object({
  /** Part of the admin's or the target user's email. */
  keyword: optionalQueryText(200),
  adminId: uuidSchema.optional(),
  targetUserId: uuidSchema.optional(),
  action: z.enum(AdminAuditAction).optional(),
  /** Inclusive, ISO date-times. */
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
  page: optionalQueryNumber(z.int().min(1).max(10_000)),
  pageSize: optionalQueryNumber(z.int().min(1).max(MAX_PAGE_SIZE)),
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: uuidSchema,
  adminId: uuidSchema,
  adminEmail: z.string(),
  action: z.enum(AdminAuditAction),
  targetUserId: uuidSchema.nullable(),
  targetEmail: z.string().nullable(),
  /** The caller's address as the server saw it. */
  address: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: dateTimeSchema,
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditResponseSchema = pagedSchema(adminAuditEntrySchema);
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Public and category alerts (banners on the home, search and category pages)
// ---------------------------------------------------------------------------------------------

/** Where staff may place an alert: every location but a user's own dashboard. */
export const PUBLIC_ALERT_LOCATIONS = [
  AlertLocation.HomePage,
  AlertLocation.SearchByTerm,
  AlertLocation.SearchByCategory,
] as const;

export const adminAlertRequestSchema = z
  .object({
    location: z.enum(PUBLIC_ALERT_LOCATIONS),
    title: plainText().trim().max(120).optional(),
    message: plainText()
      .trim()
      .min(1, { error: 'Write the message the alert shows.' })
      .max(1000, { error: 'Keep the message under 1000 characters.' }),
    severity: z.enum(AlertSeverity).default('info'),
    linkUrl: plainText()
      .trim()
      .max(2048)
      .refine((url) => alertLinkTarget(url) !== null, { error: ALERT_LINK_MESSAGE })
      .optional(),
    linkText: plainText().trim().max(80).optional(),
    dismissible: z.boolean().default(true),
    startsAt: dateTimeSchema.optional(),
    endsAt: dateTimeSchema.optional(),
  })
  .refine((alert) => !alert.endsAt || !alert.startsAt || alert.endsAt > alert.startsAt, {
    path: ['endsAt'],
    error: 'The end must come after the start.',
  });
export type AdminAlertRequest = z.input<typeof adminAlertRequestSchema>;

export const adminAlertListSchema = z.object({ results: z.array(alertSchema) });
export type AdminAlertList = z.infer<typeof adminAlertListSchema>;

// ---------------------------------------------------------------------------------------------
// Short links
// ---------------------------------------------------------------------------------------------

export const adminShortLinksQuerySchema = z.object({
  page: optionalQueryNumber(z.int().min(1).max(10_000)),
  pageSize: optionalQueryNumber(z.int().min(1).max(MAX_PAGE_SIZE)),
});
export const adminShortLinksResponseSchema = pagedSchema(shortLinkSchema);
export type AdminShortLinksResponse = z.infer<typeof adminShortLinksResponseSchema>;

/** A new short link; without a code the server picks one. */
export const adminShortLinkRequestSchema = z.object({
  fullLink: plainText()
    .trim()
    .min(1, { error: 'Enter the link to shorten.' })
    .max(2048)
    .refine((url) => alertLinkTarget(url) !== null, {
      error: 'A short link must lead to a path on this site (/…) or an https:// address.',
    }),
  shortCode: shortCodeSchema.optional(),
});
export type AdminShortLinkRequest = z.input<typeof adminShortLinkRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Mail outbox (the local mailer writes each message as an .eml file when no SMTP server is set)
// ---------------------------------------------------------------------------------------------

/** An outbox file name as the mailer writes it. */
export const outboxNameSchema = z
  .string()
  .regex(/^[\w.-]{1,120}\.eml$/, { error: 'Expected an outbox file name.' });

export const outboxEntrySchema = z.object({
  name: outboxNameSchema,
  to: z.string(),
  subject: z.string(),
  date: dateTimeSchema,
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxListSchema = z.object({
  /** False when mail goes out through SMTP: there is no outbox to read. */
  inUse: z.boolean(),
  total: z.int().nonnegative(),
  results: z.array(outboxEntrySchema),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

export const outboxMessageSchema = outboxEntrySchema.extend({
  from: z.string(),
  /** The plain-text part (every message has one); shown as text, never as HTML. */
  text: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The calls served by `src-server/modules/admin/`. */
export const ADMIN_ENDPOINTS = {
  adminSearchUsers: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/search-users',
    summary: 'Search users by keyword, role and status.',
    access: 'admin',
    body: adminUserSearchRequestSchema,
    response: adminUserSearchResponseSchema,
  }),
  adminImpersonate: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/impersonate/{id}',
    summary: 'A token to act as the user of this id.',
    access: 'admin',
    params: idParamsSchema,
    response: impersonateResponseSchema,
  }),
  adminAddCreditToUser: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/add-credit-to-user',
    summary: "Add credit to a user's escrow account.",
    access: 'admin',
    body: creditTransactionRequestSchema,
    response: creditTransactionSchema,
  }),
  adminUserDetail: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/users/{id}',
    summary: 'One user with their flags, listings, orders and escrow account.',
    access: 'admin',
    params: idParamsSchema,
    response: adminUserDetailSchema,
  }),
  adminAccountAction: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/users/{id}/action',
    summary:
      'Freeze, unfreeze, lock, unlock, force a password reset, set roles, resend the confirmation or grant the valuation option.',
    access: 'admin',
    params: idParamsSchema,
    body: adminAccountActionSchema,
    response: adminUserRowSchema,
  }),
  adminAudit: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/audit',
    summary: 'The audit log of admin actions and impersonations, newest first.',
    access: 'admin',
    query: adminAuditQuerySchema,
    response: adminAuditResponseSchema,
  }),
  adminAlerts: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/alerts',
    summary: 'Public and category alerts, current and scheduled, newest first.',
    access: 'admin',
    response: adminAlertListSchema,
  }),
  adminCreateAlert: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/alerts',
    summary: 'Show an alert on the home, search or category pages.',
    access: 'admin',
    body: adminAlertRequestSchema,
    response: alertSchema,
  }),
  adminDeleteAlert: defineEndpoint({
    method: 'DELETE',
    path: '/pprAdmin/alerts/{id}',
    summary: 'Remove a public or category alert.',
    access: 'admin',
    params: idParamsSchema,
    response: z.object({ success: z.literal(true) }),
  }),
  adminShortLinks: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/shortlinks',
    summary: 'Short links, newest first.',
    access: 'admin',
    query: adminShortLinksQuerySchema,
    response: adminShortLinksResponseSchema,
  }),
  adminCreateShortLink: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/shortlinks',
    summary: 'Create a short link /l/{code}.',
    access: 'admin',
    body: adminShortLinkRequestSchema,
    response: shortLinkSchema,
  }),
  adminMailOutbox: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/mail-outbox',
    summary: "The local mailer's outbox, newest first (empty and not in use when SMTP is set).",
    access: 'admin',
    response: outboxListSchema,
  }),
  adminMailOutboxMessage: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/mail-outbox/{name}',
    summary: 'One message of the local outbox.',
    access: 'admin',
    params: z.object({ name: outboxNameSchema }),
    response: outboxMessageSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;
