import { eq } from 'drizzle-orm';
import type { UnfreezeRequest } from '../../../shared/contract/billing.ts';
import { ErrorCode, ErrorMessage } from '../../../shared/contract/common.ts';
import {
  validateAddress,
  validateBillingFirstName,
  validateBillingLastName,
  validateCity,
  validateState,
  validateZip,
} from '../../../shared/domain/billing.ts';
import { detectCardBrand, validateCardNumber, validateCvv } from '../../../shared/domain/card.ts';
import { FreezeReason } from '../../../shared/domain/user.ts';
import type { ValidationError } from '../../../shared/domain/validation.ts';
import { isFrozenForFraud, isFrozenForNonPayment } from '../../core/accounts/account-state.ts';
import type { AccountsDeps } from '../../core/accounts/accounts-deps.ts';
import { findUserById } from '../../core/accounts/users-repository.ts';
import type { PaymentProcessor } from '../../core/payments/payment-processor.ts';
import { THROTTLE_RULES } from '../../core/throttle.ts';
import { accountPayments, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../http/errors.ts';
import { issueSessionToken, UNFREEZE_TOKEN_PURPOSE, verifyPurposeToken } from '../auth/index.ts';
import { pastDueToCharge, settlePastDue } from '../billing/index.ts';

export const UNFREEZE_MESSAGES = {
  signInAgain: 'Your payment session has expired. Sign in again to pay your balance.',
  emailMismatch: 'The email does not match the account being paid for.',
  paid: 'Payment received. Your account is active again.',
  notPastDue: 'Your account has no past-due balance.',
} as const;

const paymentError = (message: string) => new AppError(402, ErrorCode.PaymentRequired, message);

/** The payload's fields checked with the shared billing rules; the first message per field. */
function billingProblems(body: UnfreezeRequest): Record<string, string> {
  const checks: [string, ValidationError | null][] = [
    ['customerFirstName', validateBillingFirstName(body.customerFirstName)],
    ['customerLastName', validateBillingLastName(body.customerLastName)],
    ['cardNumber', validateCardNumber(body.cardNumber)],
    ['cvc', validateCvv(body.cvc)],
    ['billingAddress', validateAddress(body.billingAddress)],
    ['billingCity', validateCity(body.billingCity)],
    ['billingState', validateState(body.billingState)],
    ['billingZip', validateZip(body.billingZip)],
  ];
  return Object.fromEntries(
    checks.filter(([, error]) => error !== null).map(([field, error]) => [field, error?.message ?? '']),
  );
}

/**
 * Pays the past-due balance of an account frozen for non-payment. The caller proves the account is
 * theirs with the 402 sign-in's `unfreezeToken` or a session token of the account. The charge, its
 * record and the unfreezing happen in one transaction with the account row locked, so two payments
 * cannot both be taken. A decline answers 402 with the processor's message (or, when it gives none,
 * 'Error processing payment contact support').
 */
export async function unfreeze(
  deps: AccountsDeps,
  processor: PaymentProcessor,
  body: UnfreezeRequest,
  auth: AuthContext | null,
  address: string,
) {
  await deps.throttle.hit(THROTTLE_RULES.paymentAddress, address);
  const userId =
    auth?.userId ??
    (body.unfreezeToken
      ? await verifyPurposeToken(body.unfreezeToken, UNFREEZE_TOKEN_PURPOSE, deps.config.jwtSecret)
      : null);
  if (!userId) throw unauthorized(UNFREEZE_MESSAGES.signInAgain);
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized(UNFREEZE_MESSAGES.signInAgain);
  if (user.email.toLowerCase() !== body.email.trim().toLowerCase())
    throw forbidden(UNFREEZE_MESSAGES.emailMismatch);
  // A fraud freeze is lifted by staff, never by a payment.
  if (body.freezeReason === FreezeReason.Fraud || isFrozenForFraud(user)) {
    throw paymentError(ErrorMessage.PaymentContactSupport);
  }
  const problems = billingProblems(body);
  if (Object.keys(problems).length > 0) {
    throw badRequest(Object.values(problems)[0] ?? 'The request is not valid.', problems);
  }
  await deps.throttle.hit(THROTTLE_RULES.paymentAccount, user.id);

  const [expMonth, expYear] = body.cardExpiration.split('/').map(Number);
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!locked || !isFrozenForNonPayment(locked))
      return { kind: 'notFrozen' as const, user: locked ?? user };
    const now = new Date();
    // The balance sign-in showed, or the overdue invoices if they came to more since.
    const cents = await pastDueToCharge(tx, locked, now);
    const amount = cents / 100;
    if (amount > 0) {
      const result = await processor.charge({
        amount,
        cardNumber: body.cardNumber,
        cvc: body.cvc,
        expMonth: expMonth ?? 0,
        expYear: expYear ?? 0,
        cardholderName: `${body.customerFirstName} ${body.customerLastName}`,
        billing: {
          address: body.billingAddress,
          city: body.billingCity,
          state: body.billingState,
          zip: body.billingZip,
        },
        description: 'Past-due balance',
      });
      await tx.insert(accountPayments).values({
        userId: locked.id,
        purpose: 'PastDue',
        amount,
        status: result.approved ? 'Approved' : 'Declined',
        processor: processor.name,
        processorReference: result.approved ? result.reference : null,
        cardBrand: detectCardBrand(body.cardNumber),
        cardLast4: body.cardNumber.slice(-4),
        failureMessage: result.approved ? null : result.message,
      });
      if (!result.approved) return { kind: 'declined' as const, message: result.message };
    }
    // The overdue invoices paid, the ledger written, the account and its listings unfrozen.
    const updated = await settlePastDue(tx, locked, cents, now);
    return { kind: 'paid' as const, user: updated ?? locked };
  });

  if (outcome.kind === 'declined') throw paymentError(outcome.message ?? ErrorMessage.PaymentContactSupport);
  return {
    jwt: await issueSessionToken(outcome.user, deps.config.jwtSecret),
    message: outcome.kind === 'paid' ? UNFREEZE_MESSAGES.paid : UNFREEZE_MESSAGES.notPastDue,
  };
}
