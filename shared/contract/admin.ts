import { z } from 'zod';
import { plainText } from '../domain/text.ts';
import { Role, UserStatus } from '../domain/user.ts';
import { creditTransactionRequestSchema, creditTransactionSchema } from './billing.ts';
import {
  dateTimeSchema,
  idParamsSchema,
  legacyIdSchema,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  uuidSchema,
} from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

/** POST /pprAdmin/search-users: `keyword` matches email, name, seller display name, user id or legacy lister id. */
export const adminUserSearchRequestSchema = z.object({
  keyword: plainText().trim().max(200).optional(),
  role: z.enum(Role).optional(),
  status: z.enum(UserStatus).optional(),
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

/** GET /pprAdmin/impersonate/{id}: a token for the user, which the admin's client stores as its own. */
export const impersonateResponseSchema = z.object({ token: z.string().min(1) });
export type ImpersonateResponse = z.infer<typeof impersonateResponseSchema>;

/** The calls served by `src-server/modules/admin/`. */
export const ADMIN_ENDPOINTS = {
  adminSearchUsers: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/search-users',
    summary: 'Search users by keyword, role and status.',
    access: 'admin',
    body: adminUserSearchRequestSchema,
    response: adminUserSearchResponseSchema,
    planned: true,
  }),
  adminImpersonate: defineEndpoint({
    method: 'GET',
    path: '/pprAdmin/impersonate/{id}',
    summary: 'A token to act as the user of this id.',
    access: 'admin',
    params: idParamsSchema,
    response: impersonateResponseSchema,
    planned: true,
  }),
  adminAddCreditToUser: defineEndpoint({
    method: 'POST',
    path: '/pprAdmin/add-credit-to-user',
    summary: "Add credit to a user's escrow account.",
    access: 'admin',
    body: creditTransactionRequestSchema,
    response: creditTransactionSchema,
    planned: true,
  }),
} as const satisfies Record<string, EndpointDefinition>;
