/**
 * The face of the auth module (sign-in, passwords, session and purpose tokens, one-time e-mail links,
 * sign-in history). Other modules and the app import only what is exported here; everything else in this
 * folder is the module's own (docs/code-map.md).
 */

import type { ServerModule } from '../../module-context.ts';
import { registerAuthModule } from './routes.ts';

export { accountAuthenticator } from './authenticator.ts';
export { createOneTimeToken, redeemOneTimeToken } from './one-time-tokens.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export {
  afterPasswordChange,
  assertAcceptablePassword,
  passwordCheckPassed,
  reservePasswordCheck,
  sendConfirmation,
  storeNewPassword,
  UNFREEZE_TOKEN_PURPOSE,
} from './service.ts';
export { issueImpersonationToken, issueSessionToken } from './session-tokens.ts';
export { recentSignIns } from './sign-ins.ts';
export { purposeKey, signPurposeToken, TOKEN_ALGORITHM, TOKEN_ISSUER, verifyPurposeToken } from './tokens.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const authModule: ServerModule = {
  name: 'auth',
  register(ctx, deps) {
    registerAuthModule(ctx, deps.accounts);
  },
};
