import { z } from 'zod';
import { Role, UserStatus } from '../domain/user.ts';
import {
  dateTimeSchema,
  legacyIdSchema,
  pagedSchema,
  pageSchema,
  pageSizeSchema,
  uuidSchema,
} from './common.ts';

/** POST /pprAdmin/search-users: `keyword` matches email, name, seller display name, user id or legacy lister id. */
export const adminUserSearchRequestSchema = z.object({
  keyword: z.string().trim().max(200).optional(),
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
