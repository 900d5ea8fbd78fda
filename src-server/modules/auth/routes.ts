import { AUTH_ENDPOINTS } from '../../../shared/contract/auth.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import { THROTTLE_RULES, TooManyRequestsError } from '../../core/throttle.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { ModuleContext } from '../../module-context.ts';
import { warmPasswordChecks } from './passwords.ts';
import { changeExpiredPassword, login, requestPasswordReset, resetPassword } from './service.ts';

/** Sign-in and the password flows that work without a session. */
export function registerAuthModule(ctx: ModuleContext, deps: AccountsDeps): void {
  warmPasswordChecks();
  ctx.app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
  });

  ctx.endpoints(AUTH_ENDPOINTS, {
    authLogin: ({ body, request }) =>
      login(deps, body, clientAddress(request.ip), new Date(), request.headers['user-agent']),
    usersForgotPassword: async ({ body, request }) => {
      await deps.throttle.hit(THROTTLE_RULES.forgotAddress, clientAddress(request.ip));
      requestPasswordReset(deps, body.email);
      return { success: true as const };
    },
    usersResetPassword: ({ body, request }) =>
      resetPassword(deps, body.token, body.password, clientAddress(request.ip)),
    usersChangeExpiredPassword: ({ body, request }) =>
      changeExpiredPassword(deps, body, clientAddress(request.ip)),
  });
}
