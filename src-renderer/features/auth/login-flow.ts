import {
  type LoginPastDue,
  loginForbiddenSchema,
  loginPastDueSchema,
} from '../../../shared/contract/auth.ts';
import { ErrorMessage } from '../../../shared/contract/common.ts';
import type { EndpointResponse } from '../../../shared/contract/endpoints.ts';
import type { LoginForm } from '../../../shared/domain/login.ts';
import { type ApiCallInput, isApiError } from '../../lib/api-client.ts';
import { needsRegistration } from '../../lib/session/session.ts';
import { readSession } from '../../lib/session/session-token.ts';

/** What the past-due modal needs from the login's 402 answer. */
export type PastDueDetails = Pick<LoginPastDue, 'pastDueAmount' | 'email' | 'freezeReason' | 'unfreezeToken'>;

/** Where one login attempt leads (Login flow). */
export type LoginOutcome =
  /** A token: sign in, then ask for payment setup when needed, then redirect. */
  | { kind: 'signedIn'; token: string; needsPaymentSetup: boolean }
  /** A token of an account pending registration, or a locked one: go to /register. */
  | { kind: 'completeRegistration'; token: string; locked: boolean }
  /** 403 with passwordExpired: the password-expired screen with the email. */
  | { kind: 'passwordExpired'; email: string }
  /** 402: the past-due modal. */
  | { kind: 'pastDue'; details: PastDueDetails }
  /** Anything else: a message on the form. */
  | { kind: 'refused'; message: string };

/** Sends POST /auth/login (the login hook's `mutateAsync`). */
export type SendLogin = (input: ApiCallInput<'authLogin'>) => Promise<EndpointResponse<'authLogin'>>;

/** Sends the login and reads the answer into the branch the screen follows. */
export async function attemptLogin(sendLogin: SendLogin, form: LoginForm): Promise<LoginOutcome> {
  try {
    const result = await sendLogin({
      body: { email: form.email.trim(), password: form.password },
    });
    const session = readSession(result.jwtToken);
    if (session.status !== 'signedIn') return { kind: 'refused', message: ErrorMessage.InvalidCredentials };
    if (needsRegistration(session.user)) {
      return {
        kind: 'completeRegistration',
        token: result.jwtToken,
        locked: session.user.status === 'Locked',
      };
    }
    return {
      kind: 'signedIn',
      token: result.jwtToken,
      // The payment-setup prompt is for sellers, who need it before listing.
      needsPaymentSetup: !result.hasAcceptedPaymentSetup && session.user.isSeller,
    };
  } catch (error) {
    if (!isApiError(error)) return { kind: 'refused', message: ErrorMessage.InvalidCredentials };
    if (error.status === 403) {
      const forbidden = loginForbiddenSchema.safeParse(error.body);
      if (forbidden.success && forbidden.data.passwordExpired) {
        return { kind: 'passwordExpired', email: forbidden.data.email };
      }
      return { kind: 'refused', message: error.message || ErrorMessage.InvalidCredentials };
    }
    if (error.status === 402) {
      const pastDue = loginPastDueSchema.safeParse(error.body);
      if (pastDue.success) {
        const { pastDueAmount, email, freezeReason, unfreezeToken } = pastDue.data;
        return { kind: 'pastDue', details: { pastDueAmount, email, freezeReason, unfreezeToken } };
      }
    }
    // Too many attempts: the server's message says when to try again.
    if (error.status === 429) return { kind: 'refused', message: error.message };
    return { kind: 'refused', message: ErrorMessage.InvalidCredentials };
  }
}

/**
 * The message for a failed past-due payment: the processor's error as given; an answer
 * carrying only a message asks to contact support; a request that failed on the way is generic.
 */
export function paymentErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return ErrorMessage.PaymentFailed;
  if (error.code === 'invalid_response') {
    const body = error.body as { message?: unknown; error?: unknown } | undefined;
    if (body && typeof body.error === 'string' && body.error !== '') return body.error;
    return ErrorMessage.PaymentContactSupport;
  }
  return error.message || ErrorMessage.PaymentContactSupport;
}
