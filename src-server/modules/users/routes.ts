import { ENDPOINTS } from '../../../shared/contract/endpoints.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { ModuleContext } from '../../module-context.ts';
import type { AccountsDeps } from '../auth/accounts-deps.ts';
import { type PaymentProcessor, TestPaymentProcessor } from './payment-processor.ts';
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
  signupForNewsletter,
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

  ctx.endpoint(ENDPOINTS.usersRegister, ({ body, auth, request }) =>
    register(deps, body, auth, clientAddress(request.ip)),
  );
  ctx.endpoint(ENDPOINTS.usersEmailConfirm, ({ body, request }) =>
    confirmEmail(deps, body.userId, body.token, clientAddress(request.ip)),
  );
  ctx.endpoint(ENDPOINTS.usersCheckEmail, ({ params, request }) =>
    isEmailTaken(deps, params.email, clientAddress(request.ip)),
  );
  ctx.endpoint(ENDPOINTS.usersChangePassword, ({ body, auth }) => changePassword(deps, auth, body));
  ctx.endpoint(ENDPOINTS.usersUpdateAccountInfo, ({ body, auth }) => updateAccountInfo(deps, auth, body));
  ctx.endpoint(ENDPOINTS.usersGet, ({ body, auth }) => getProfile(deps, auth, body.filters.userId));
  ctx.endpoint(ENDPOINTS.usersGetUserAlerts, ({ query, auth }) => listUserAlerts(deps, auth, query.location));
  ctx.endpoint(ENDPOINTS.usersGetPublicAlerts, ({ query }) => listPublicAlerts(deps, query.location));
  ctx.endpoint(ENDPOINTS.userDashboardSummary, ({ auth }) => dashboardSummary(deps, auth));
  ctx.endpoint(ENDPOINTS.usersListingEligibility, ({ auth }) => listingEligibility(deps, auth));
  ctx.endpoint(ENDPOINTS.usersSignupForNewsletter, ({ body, auth, request }) =>
    signupForNewsletter(deps, body.email, auth, clientAddress(request.ip)),
  );
  ctx.endpoint(ENDPOINTS.usersUnfreeze, ({ body, auth, request }) =>
    unfreeze(deps, processor, body, auth, clientAddress(request.ip)),
  );
}
