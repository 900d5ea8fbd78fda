import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ParsedPayInvoiceRequest, PayInvoiceResponse } from '../../../shared/contract/billing-ledger.ts';
import { ErrorCode, ErrorMessage } from '../../../shared/contract/common.ts';
import { cardDigits, detectCardBrand } from '../../../shared/domain/card.ts';
import { toDollars } from '../../../shared/domain/membership.ts';
import { AccountOption } from '../../../shared/domain/user.ts';
import {
  type GatewayResult,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../core/payments/gateway.ts';
import { accountPayments, invoices, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { issueSessionToken } from '../auth/index.ts';
import { ownInvoice } from './invoice-reads.ts';
import {
  amountDueCents,
  INVOICE_MESSAGES,
  invoiceNumber,
  overdueCents,
  toSummary,
  unfreezeAccount,
} from './invoices.ts';
import { LedgerKind, postMovement } from './ledger.ts';
import type { BillingDeps } from './membership.ts';
import { cardDetailsOf, storeCard, storedCardToken } from './payment-methods.ts';

export interface InvoiceDeps extends BillingDeps {
  gateway: PaymentGateway;
}

const declined = (result: Extract<GatewayResult, { approved: false }>) =>
  new AppError(
    402,
    ErrorCode.PaymentRequired,
    result.error?.trim() ? result.error : ErrorMessage.PaymentContactSupport,
  );

/**
 * Pays an open invoice's amount due with a stored card or a typed one (stored first when asked),
 * through the gateway: authorize, then capture. Then one transaction, the invoice locked: the payment
 * record, the ledger (gateway → the seller's fees) and the invoice paid; when no overdue invoice is
 * left, a freeze for non-payment is lifted and a fresh token answered. A second payment of an
 * invoice paid meanwhile is refunded at once.
 */
export async function payInvoice(
  deps: InvoiceDeps,
  auth: AuthContext,
  id: string,
  body: ParsedPayInvoiceRequest,
): Promise<PayInvoiceResponse> {
  const row = await ownInvoice(deps.db, auth, id);
  if (row.userId !== auth.userId) throw notFound(INVOICE_MESSAGES.notFound);
  const cents = amountDueCents(row);
  if (row.status !== 'open' || cents <= 0) throw conflict(INVOICE_MESSAGES.alreadyPaid);

  let card: Parameters<PaymentGateway['authorize']>[0]['card'];
  if (body.paymentMethodId) {
    card = { token: await storedCardToken(deps.db, auth.userId, body.paymentMethodId) };
  } else if (body.card && body.saveCard) {
    const stored = await storeCard(deps, auth.userId, body.card, false);
    card = { token: stored.token };
  } else {
    card = cardDetailsOf(body.card!);
  }
  const brand = body.card ? detectCardBrand(cardDigits(body.card.cardNumber)) : null;
  const key = `invoice-${id}-${randomUUID()}`;
  const record = (
    status: 'Approved' | 'Declined',
    reference: string | null,
    failure: string | null,
    last4: string | null,
    cardBrand: string | null,
  ) => ({
    userId: auth.userId,
    purpose: 'Invoice' as const,
    amount: toDollars(cents),
    status,
    processor: deps.gateway.name,
    processorReference: reference,
    cardBrand,
    cardLast4: last4,
    failureMessage: failure,
  });
  let paymentId: string;
  let last4: string | null = body.card ? cardDigits(body.card.cardNumber).slice(-4) : null;
  let cardBrand: string | null = brand;
  try {
    const authorized = await deps.gateway.authorize({
      idempotencyKey: `${key}-authorize`,
      amount: toDollars(cents),
      card,
      description: `Ironsight invoice ${invoiceNumber(row.number)}`,
    });
    if (!authorized.approved) {
      await deps.db
        .insert(accountPayments)
        .values(record('Declined', null, authorized.error ?? authorized.message, last4, cardBrand));
      throw declined(authorized);
    }
    last4 = authorized.cardLast4 ?? last4;
    cardBrand = authorized.cardBrand ?? cardBrand;
    const captured = await deps.gateway.capture({
      idempotencyKey: `${key}-capture`,
      paymentId: authorized.paymentId,
      amount: toDollars(cents),
    });
    if (!captured.approved) throw declined(captured);
    paymentId = authorized.paymentId;
  } catch (error) {
    if (error instanceof GatewayUnavailableError)
      throw new AppError(502, 'payment_gateway_unavailable', ErrorMessage.PaymentFailed);
    throw error;
  }
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (locked?.status !== 'open' || amountDueCents(locked) !== cents) return null;
    await tx.insert(accountPayments).values(record('Approved', paymentId, null, last4, cardBrand));
    await postMovement(
      tx,
      LedgerKind.CardPayment,
      { user: auth.userId },
      cents,
      `Payment of ${invoiceNumber(locked.number)}`,
      { invoiceId: id, at: now },
    );
    const [paid] = await tx
      .update(invoices)
      .set({ status: 'paid', paidCents: locked.paidCents + cents, paidAt: now })
      .where(eq(invoices.id, id))
      .returning();
    const [user] = await tx.select().from(users).where(eq(users.id, auth.userId)).for('update');
    let token: string | null = null;
    if (
      user &&
      (user.accountOptions & AccountOption.FrozenForNonPayment) !== 0 &&
      (await overdueCents(tx, user.id, now)) === 0
    ) {
      token = await issueSessionToken(await unfreezeAccount(tx, user, now), deps.jwtSecret);
    } else if (user && (user.accountOptions & AccountOption.FrozenForNonPayment) !== 0) {
      await tx
        .update(users)
        .set({ pastDueAmount: toDollars(await overdueCents(tx, user.id, now)) })
        .where(eq(users.id, user.id));
    }
    return { invoice: paid ?? locked, token };
  });
  if (!outcome) {
    await deps.gateway.refund({ idempotencyKey: `${key}-refund`, paymentId, amount: toDollars(cents) });
    throw conflict(INVOICE_MESSAGES.alreadyPaid);
  }
  return { invoice: toSummary(outcome.invoice, now), jwtToken: outcome.token };
}
