import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RECOMMENDED_LENGTH,
} from '../domain/constants.ts';
import { LOGIN_MESSAGES, loginFormSchema } from '../domain/login.ts';
import { plainText } from '../domain/text.ts';
import { FreezeReason, UserStatus } from '../domain/user.ts';
import { emailSchema, errorEnvelopeSchema, moneySchema, successSchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';

// ---------------------------------------------------------------------------------------------
// POST /auth/login
// ---------------------------------------------------------------------------------------------

export const loginRequestSchema = loginFormSchema;
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** 200: signed in. */
export const loginSuccessSchema = z.object({
  jwtToken: z.string().min(1),
  statusCode: z.literal(200),
  passwordExpired: z.literal(false),
  hasAcceptedPaymentSetup: z.boolean(),
});
export type LoginSuccess = z.infer<typeof loginSuccessSchema>;

/** 401: unknown email or wrong password; the message is always 'Invalid email or password'. */
export const loginUnauthorizedSchema = errorEnvelopeSchema.extend({
  statusCode: z.literal(401),
  passwordExpired: z.literal(false),
});
export type LoginUnauthorized = z.infer<typeof loginUnauthorizedSchema>;

/**
 * 402: the account is frozen for non-payment. The past-due modal shows `pastDueAmount` and pays
 * through POST /users/unfreeze with this email and freeze reason; no token is issued until then.
 */
export const loginPastDueSchema = errorEnvelopeSchema.extend({
  statusCode: z.literal(402),
  passwordExpired: z.literal(false),
  pastDueAmount: moneySchema,
  email: z.email(),
  freezeReason: z.literal(FreezeReason.NonPayment),
  /**
   * Short-lived proof that this caller knew the password: POST /users/unfreeze requires it (or a
   * session token of the same account), so nobody can pay a stranger's balance to get their token.
   */
  unfreezeToken: z.string().min(1).optional(),
});
export type LoginPastDue = z.infer<typeof loginPastDueSchema>;

/**
 * 403: with `passwordExpired: true` the client opens /password-expired?email=…; with `false` the
 * account may not sign in at all (frozen for fraud, inactive) and the message says so.
 */
export const loginForbiddenSchema = errorEnvelopeSchema.extend({
  statusCode: z.literal(403),
  passwordExpired: z.boolean(),
  email: z.email(),
});
export type LoginForbidden = z.infer<typeof loginForbiddenSchema>;

/** Any login answer, told apart by `statusCode` (which always equals the HTTP status). */
export const loginResultSchema = z.discriminatedUnion('statusCode', [
  loginSuccessSchema,
  loginUnauthorizedSchema,
  loginPastDueSchema,
  loginForbiddenSchema,
]);
export type LoginResult = z.infer<typeof loginResultSchema>;

// ---------------------------------------------------------------------------------------------
// Token claims
// ---------------------------------------------------------------------------------------------

/**
 * The claims clients read from the bearer token. `role` is one role or a list; `userOptions` and
 * `accountOptions` are comma-separated flag names (parse with `parseFlagNames` from domain/flags).
 */
export const tokenClaimsSchema = z.object({
  role: z.union([z.string().min(1), z.array(z.string().min(1))]),
  status: z.enum(UserStatus),
  unique_name: uuidSchema,
  email: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  userOptions: z.string().default(''),
  accountOptions: z.string().default(''),
  sellerDisplayName: z.string().default(''),
  phoneNumber: z.string().default(''),
  /** Expiry, seconds since the epoch. */
  exp: z.int().positive(),
  /** Issued at, seconds since the epoch. */
  iat: z.int().positive().optional(),
  /** The account's token version at issue; a password change or lock bumps it and refuses the token. */
  ver: z.int().nonnegative().optional(),
  /**
   * An impersonation token (RFC 8693 actor claim): the admin acting as this user. Such a token
   * reaches no admin call and none marked `refusesImpersonation`.
   */
  act: z.object({ sub: uuidSchema }).optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** The role claim as a list. */
export function tokenRoles(claims: Pick<TokenClaims, 'role'>): string[] {
  return typeof claims.role === 'string' ? [claims.role] : [...claims.role];
}

export function isTokenExpired(claims: Pick<TokenClaims, 'exp'>, now: Date = new Date()): boolean {
  return claims.exp * 1000 <= now.getTime();
}

export class TokenDecodeError extends Error {
  override readonly name = 'TokenDecodeError';
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * Reads (does not verify) the claims of a stored token. A token that is not three-part or cannot
 * be decoded raises `TokenDecodeError`; so do claims that break the schema.
 */
export function decodeTokenClaims(token: string): TokenClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part === '')) {
    throw new TokenDecodeError('The token does not have three parts.');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(parts[1] ?? ''));
  } catch {
    throw new TokenDecodeError('The token payload cannot be decoded.');
  }
  const claims = tokenClaimsSchema.safeParse(payload);
  if (!claims.success) throw new TokenDecodeError('The token claims are not valid.');
  return claims.data;
}

// ---------------------------------------------------------------------------------------------
// Passwords: forgot, reset, change, change while expired
// ---------------------------------------------------------------------------------------------

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RECOMMENDED_LENGTH };

export const PASSWORD_MESSAGES = {
  required: LOGIN_MESSAGES.passwordRequired,
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  mustDiffer: 'The new password must be different from the current one.',
  /** The server checks new passwords against a list of the most common ones. */
  tooCommon: 'This password is too common and easy to guess. Choose a different one.',
  sameAsEmail: 'The password must not be your email address.',
  recommended: `Use at least ${PASSWORD_RECOMMENDED_LENGTH} characters; a few unrelated words make a strong password.`,
} as const;

export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, { error: PASSWORD_MESSAGES.required })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong });

const currentPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, { error: PASSWORD_MESSAGES.required })
  .max(PASSWORD_MAX_LENGTH);

/** POST /users/forgot-password: always answered with 200, so it never reveals whether an email is known. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** POST /users/reset-password: the token comes from the emailed link. */
export const resetPasswordRequestSchema = z.object({
  token: plainText().min(16).max(512),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** POST /users/changePassword (signed in). */
export const changePasswordRequestSchema = z
  .object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema })
  .refine((body) => body.newPassword !== body.currentPassword, {
    error: PASSWORD_MESSAGES.mustDiffer,
    path: ['newPassword'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/**
 * The change signs out every earlier token (other devices included), so the answer carries a
 * fresh token for this session.
 */
export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  jwtToken: z.string().min(1),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** POST /users/change-expired-password: from /password-expired, without a token (login answered 403). */
export const changeExpiredPasswordRequestSchema = z
  .object({ email: emailSchema, currentPassword: currentPasswordSchema, newPassword: newPasswordSchema })
  .refine((body) => body.newPassword !== body.currentPassword, {
    error: PASSWORD_MESSAGES.mustDiffer,
    path: ['newPassword'],
  });
export type ChangeExpiredPasswordRequest = z.input<typeof changeExpiredPasswordRequestSchema>;

/** The calls served by `src-server/modules/auth/`. */
export const AUTH_ENDPOINTS = {
  authLogin: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with email and password.',
    access: 'public',
    body: loginRequestSchema,
    response: loginSuccessSchema,
    responses: { 401: loginUnauthorizedSchema, 402: loginPastDueSchema, 403: loginForbiddenSchema },
    issuesToken: true,
    rateLimited: true,
  }),
  usersForgotPassword: defineEndpoint({
    method: 'POST',
    path: '/users/forgot-password',
    summary: 'E-mail a password-reset link; always answers 200.',
    access: 'public',
    body: forgotPasswordRequestSchema,
    response: successSchema,
    rateLimited: true,
  }),
  usersResetPassword: defineEndpoint({
    method: 'POST',
    path: '/users/reset-password',
    summary: 'Set a new password with the token of a reset link.',
    access: 'public',
    body: resetPasswordRequestSchema,
    response: successSchema,
    rateLimited: true,
  }),
  usersChangeExpiredPassword: defineEndpoint({
    method: 'POST',
    path: '/users/change-expired-password',
    summary: 'Replace an expired password, then sign in again.',
    access: 'public',
    body: changeExpiredPasswordRequestSchema,
    response: successSchema,
    rateLimited: true,
  }),
} as const satisfies Record<string, EndpointDefinition>;
