import { USERS_ENDPOINTS } from '../../../shared/contract/users.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import { type PaymentProcessor, TestPaymentProcessor } from '../../core/payments/payment-processor.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import { updateMembershipPlan } from '../billing/index.ts';
import { distributorFeedHandlers } from '../feeds/index.ts';
import { bulkUploadHandlers } from '../inventory/index.ts';
import { signupForNewsletter } from '../newsletter/index.ts';
import { listOrCreateCredentials, revokeCredential } from '../seller-api/index.ts';
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
): ModuleParts {
  const processor = options.paymentProcessor ?? new TestPaymentProcessor();
  const credentials = { db: deps.db, secret: deps.config.jwtSecret };
  const feeds = distributorFeedHandlers(ctx);
  const bulkUploads = bulkUploadHandlers(ctx);

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
    usersSignupForNewsletter: ({ body, auth, request }) =>
      signupForNewsletter(deps, body.email, auth, clientAddress(request.ip)),
    usersUpdateMembershipPlan: ({ body, auth }) =>
      updateMembershipPlan(
        { db: deps.db, jwtSecret: deps.config.jwtSecret, now: () => new Date() },
        auth,
        body.plan,
      ),
    usersUnfreeze: ({ body, auth, request }) =>
      unfreeze(deps, processor, body, auth, clientAddress(request.ip)),
    ...feeds.handlers,
    usersSellerApi: ({ body, auth }) => listOrCreateCredentials(credentials, auth, body),
    usersDeleteClientCredentials: ({ params, auth }) => revokeCredential(credentials, auth, params.id),
    ...bulkUploads.handlers,
  });
  return { jobs: [...feeds.jobs, ...bulkUploads.jobs] };
}
