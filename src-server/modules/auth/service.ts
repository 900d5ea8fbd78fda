import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ChangeExpiredPasswordRequest, LoginRequest } from '../../../shared/contract/auth.ts';
import { ErrorCode, ErrorMessage } from '../../../shared/contract/common.ts';
import { FreezeReason, UserStatus } from '../../../shared/domain/user.ts';
import {
  isFrozenForFraud,
  isFrozenForNonPayment,
  loginPaymentSetupAccepted,
} from '../../core/accounts/account-state.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import { findUserByEmail, type UserRow } from '../../core/accounts/users-repository.ts';
import { THROTTLE_RULES, type ThrottleLimit, type ThrottleReservation } from '../../core/throttle.ts';
import type { DbExecutor } from '../../db/client.ts';
import { accountTokens, users } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import {
  confirmationLink,
  confirmationMessage,
  passwordChangedMessage,
  resetLink,
  resetMessage,
} from '../../mail/account-messages.ts';
import { inBackground, sendQuietly } from '../../mail/delivery.ts';
import { createOneTimeToken, hashToken, redeemOneTimeToken } from './one-time-tokens.ts';
import { hashPassword, newPasswordProblem, passwordNeedsRehash, verifyPassword } from './passwords.ts';
import { issueSessionToken } from './session-tokens.ts';
import { recordSignIn } from './sign-ins.ts';
import { signPurposeToken } from './tokens.ts';

export const UNFREEZE_TOKEN_PURPOSE = 'unfreeze';
/** Seconds the past-due modal has to complete a payment after a 402 sign-in. */
export const UNFREEZE_TOKEN_LIFETIME = 30 * 60;

export const AUTH_MESSAGES = {
  inactive: 'This account is inactive. Contact support to restore it.',
  suspended: 'This account is suspended. Contact support.',
  passwordExpired: 'Your password has expired. Choose a new one to continue.',
  pastDue: 'Your account has a past-due balance. Pay it to continue.',
  invalidResetLink: 'This reset link is invalid or has expired. Ask for a new one.',
} as const;

const emailKey = (email: string) => email.trim().toLowerCase();

/** 401 for an unknown email and a wrong password alike: same status, message and body. */
function invalidCredentials(): AppError {
  return new AppError(401, ErrorCode.Unauthorized, ErrorMessage.InvalidCredentials, {
    extra: { statusCode: 401, passwordExpired: false },
  });
}

/** The start of every sign-in pair key of one account; emails hold no spaces. */
const pairPrefix = (email: string) => `${emailKey(email)} `;

/**
 * The sign-in limits (README, "Sign-in limits"): strict per account and address; growing delays per
 * account, held only for addresses that have failed for it; short growing delays per address.
 */
function signInLimits(email: string, address: string): ThrottleLimit[] {
  const pair = { rule: THROTTLE_RULES.loginPair, key: `${pairPrefix(email)}${address}` };
  return [
    pair,
    { rule: THROTTLE_RULES.loginAccount, key: emailKey(email), onlyAfter: pair },
    { rule: THROTTLE_RULES.loginAddress, key: address },
  ];
}

/**
 * Counts a password check as a failure before it is made, atomically with the limit check (429 when
 * a limit holds), so parallel guesses cannot all slip under the limit. Call `passwordCheckPassed`
 * when the password proves correct.
 */
export function reservePasswordCheck(
  deps: AccountsDeps,
  email: string,
  address: string,
): Promise<ThrottleReservation> {
  return deps.throttle.reserve(signInLimits(email, address));
}

/** Takes the attempt back and clears the account's failures and this address's failures for it. */
export async function passwordCheckPassed(
  deps: AccountsDeps,
  attempt: ThrottleReservation,
  email: string,
  address: string,
): Promise<void> {
  await deps.throttle.forget(attempt);
  await deps.throttle.clear(THROTTLE_RULES.loginAccount, emailKey(email));
  await deps.throttle.clear(THROTTLE_RULES.loginPair, `${pairPrefix(email)}${address}`);
}

/** Checks an email and password under the sign-in limits. */
export async function checkCredentials(
  deps: AccountsDeps,
  email: string,
  password: string,
  address: string,
): Promise<UserRow> {
  const attempt = await reservePasswordCheck(deps, email, address);
  const user = await findUserByEmail(deps.db, email);
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid) throw invalidCredentials();
  await passwordCheckPassed(deps, attempt, email, address);
  if (user.passwordHash && passwordNeedsRehash(user.passwordHash)) {
    await rehashPassword(deps.db, user.id, user.passwordHash, password);
  }
  return user;
}

/**
 * Stores the hash of a password just checked, made with today's settings. Nothing else changes
 * (the password is the same: sessions stay valid), and a password changed meanwhile is kept.
 */
async function rehashPassword(db: DbExecutor, userId: string, storedHash: string, password: string) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(and(eq(users.id, userId), eq(users.passwordHash, storedHash)));
}

export async function login(
  deps: AccountsDeps,
  body: LoginRequest,
  address: string,
  now = new Date(),
  userAgent?: string,
) {
  const user = await checkCredentials(deps, body.email, body.password, address);
  const forbidden = (message: string, passwordExpired: boolean) =>
    new AppError(403, ErrorCode.Forbidden, message, {
      extra: { statusCode: 403, passwordExpired, email: user.email },
    });
  if (user.status === UserStatus.Inactive) throw forbidden(AUTH_MESSAGES.inactive, false);
  if (isFrozenForFraud(user)) throw forbidden(AUTH_MESSAGES.suspended, false);
  // An expired password comes first: once it is changed, a past-due account still pays before it gets a token.
  if (user.passwordExpiresAt && user.passwordExpiresAt.getTime() <= now.getTime()) {
    throw forbidden(AUTH_MESSAGES.passwordExpired, true);
  }
  if (isFrozenForNonPayment(user)) {
    throw new AppError(402, ErrorCode.PaymentRequired, AUTH_MESSAGES.pastDue, {
      extra: {
        statusCode: 402,
        passwordExpired: false,
        pastDueAmount: user.pastDueAmount,
        email: user.email,
        freezeReason: FreezeReason.NonPayment,
        unfreezeToken: await signPurposeToken(
          UNFREEZE_TOKEN_PURPOSE,
          user.id,
          deps.config.jwtSecret,
          UNFREEZE_TOKEN_LIFETIME,
          now,
        ),
      },
    });
  }
  // Pending registration and Locked accounts get a token too: its claims send the client to /register.
  const jwtToken = await issueSessionToken(user, deps.config.jwtSecret, now);
  await recordSignIn(deps.db, user.id, { address, userAgent });
  return {
    jwtToken,
    statusCode: 200 as const,
    passwordExpired: false as const,
    hasAcceptedPaymentSetup: loginPaymentSetupAccepted(user),
  };
}

/**
 * Stores a new password: earlier tokens stop working and an expiry is lifted. Answers the updated
 * account; call `afterPasswordChange` once the change is committed.
 */
export async function storeNewPassword(
  deps: AccountsDeps,
  user: UserRow,
  password: string,
  extra: Partial<Pick<UserRow, 'emailConfirmedAt'>> = {},
  db: DbExecutor = deps.db,
): Promise<UserRow> {
  const now = new Date();
  const [updated] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      passwordChangedAt: now,
      passwordExpiresAt: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
      ...extra,
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

/** Clears the account's sign-in failures, from every address, and tells the owner by email. */
export async function afterPasswordChange(deps: AccountsDeps, user: UserRow): Promise<void> {
  await deps.throttle.clear(THROTTLE_RULES.loginAccount, emailKey(user.email));
  await deps.throttle.clearStartingWith(THROTTLE_RULES.loginPair, pairPrefix(user.email));
  inBackground(deps, 'password-changed mail', () => sendQuietly(deps, passwordChangedMessage(user)));
}

/** Throws a 400 on `field` when the new password breaks the server's rules. */
export function assertAcceptablePassword(password: string, email: string, field: string): void {
  const problem = newPasswordProblem(password, email);
  if (problem) throw badRequest(problem, { [field]: problem });
}

/** Emails a new address-confirmation link (sign-up, and staff resending it from the console). */
export async function sendConfirmation(deps: AccountsDeps, user: UserRow): Promise<void> {
  const token = await createOneTimeToken(deps.db, user.id, 'EmailConfirm');
  await sendQuietly(
    deps,
    confirmationMessage(user, confirmationLink(deps.config.publicOrigin, user.id, token)),
  );
}

/** Always the same answer; the reset mail goes out after it, and only for a known, usable account. */
export function requestPasswordReset(deps: AccountsDeps, email: string): void {
  inBackground(deps, 'password reset', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.status === UserStatus.Inactive || !user.passwordHash) return;
    const key = emailKey(user.email);
    if (!(await deps.throttle.tryHit(THROTTLE_RULES.forgotAccount, key))) return;
    const token = await createOneTimeToken(deps.db, user.id, 'PasswordReset');
    await deps.mailer.send(resetMessage(user, resetLink(deps.config.publicOrigin, token)));
  });
}

export async function resetPassword(deps: AccountsDeps, token: string, password: string, address: string) {
  // Counted as a failed redemption until the link proves valid.
  const attempt = await deps.throttle.reserve([{ rule: THROTTLE_RULES.tokenAddress, key: address }]);
  const now = new Date();
  // Find the account first so a refused password does not use up the link.
  const [pending] = await deps.db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, 'PasswordReset'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .limit(1);
  const user = pending
    ? (await deps.db.select().from(users).where(eq(users.id, pending.userId)).limit(1))[0]
    : undefined;
  if (!user) throw badRequest(AUTH_MESSAGES.invalidResetLink);
  await deps.throttle.forget(attempt);
  assertAcceptablePassword(password, user.email, 'password');
  await deps.db.transaction(async (tx) => {
    const redeemed = await redeemOneTimeToken(tx, token, 'PasswordReset', user.id, now);
    if (!redeemed) throw badRequest(AUTH_MESSAGES.invalidResetLink);
    // The link reached the mailbox, which also confirms the address.
    await storeNewPassword(deps, user, password, { emailConfirmedAt: user.emailConfirmedAt ?? now }, tx);
  });
  await afterPasswordChange(deps, user);
  return { success: true as const };
}

export async function changeExpiredPassword(
  deps: AccountsDeps,
  body: ChangeExpiredPasswordRequest,
  address: string,
) {
  const user = await checkCredentials(deps, body.email, body.currentPassword, address);
  assertAcceptablePassword(body.newPassword, user.email, 'newPassword');
  await storeNewPassword(deps, user, body.newPassword);
  await afterPasswordChange(deps, user);
  return { success: true as const };
}
