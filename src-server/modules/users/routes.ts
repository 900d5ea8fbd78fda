import { USERS_ENDPOINTS } from '../../../shared/contract/users.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import { type PaymentProcessor, TestPaymentProcessor } from '../../core/payments/payment-processor.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { ModuleContext } from '../../module-context.ts';
import { publicSellerProfiles } from './public-profiles.ts';
import {
  changePassword,
  confirmEmail,
  dashboardSummary,
  getProfile,
  isEmailTaken,
  listingEligibility,
  listPublicAlerts,
  listUserAlerts,
  register,
  updateAccountInfo,
} from './service.ts';
import { unfreeze } from './unfreeze.ts';

export interface UsersModuleOptions {
  /** Charges past-due balances; the default is the deterministic test processor (no money moves). */
  paymentProcessor?: PaymentProcessor;
}

/** Registration, the signed-in account, alerts, dashboard counts, listing eligibility and unfreezing. */
export function registerUsersModule(
  ctx: ModuleContext,
  deps: AccountsDeps,
  options: UsersModuleOptions = {},
): void {
  const processor = options.paymentProcessor ?? new TestPaymentProcessor();

  ctx.endpoints(USERS_ENDPOINTS, {
    usersRegister: ({ body, auth, request }) => register(deps, body, auth, clientAddress(request.ip)),
    usersEmailConfirm: ({ body, request }) =>
      confirmEmail(deps, body.userId, body.token, clientAddress(request.ip)),
    usersCheckEmail: ({ params, request }) => isEmailTaken(deps, params.email, clientAddress(request.ip)),
    usersChangePassword: ({ body, auth, request }) =>
      changePassword(deps, auth, body, clientAddress(request.ip)),
    usersUpdateAccountInfo: ({ body, auth }) => updateAccountInfo(deps, auth, body),
    usersGet: ({ body, auth }) => getProfile(deps, auth, body.filters.userId),
    usersGetAll: async ({ body }) => ({ results: await publicSellerProfiles(deps.db, body.filters.userIds) }),
    usersGetUserAlerts: ({ query, auth }) => listUserAlerts(deps, auth, query.location),
    usersGetPublicAlerts: ({ query }) => listPublicAlerts(deps, query.location),
    userDashboardSummary: ({ auth }) => dashboardSummary(deps, auth),
    usersListingEligibility: ({ auth }) => listingEligibility(deps, auth),
    usersUnfreeze: ({ body, auth, request }) =>
      unfreeze(deps, processor, body, auth, clientAddress(request.ip)),
  });
}
