import { and, desc, eq, ne } from 'drizzle-orm';
import { STORED_CARD_LIMIT, type StoredCardList } from '../../../shared/contract/billing-ledger.ts';
import { ErrorCode, ErrorMessage } from '../../../shared/contract/common.ts';
import type { CheckoutPayment } from '../../../shared/contract/orders.ts';
import { cardDigits } from '../../../shared/domain/card.ts';
import {
  type CardDetails,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../core/payments/gateway.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';

export const PAYMENT_METHOD_MESSAGES = {
  notFound: 'Card not found.',
  tooMany: `Keep at most ${STORED_CARD_LIMIT} cards; remove one first.`,
  noVault: 'Cards cannot be stored with this payment gateway.',
} as const;

/** The billing form's card as the gateway takes it: digits, MM and 20YY, the holder and billing address. */
export function cardDetailsOf(form: CheckoutPayment): CardDetails {
  const [month, year] = form.expiration.trim().split('/').map(Number);
  return {
    number: cardDigits(form.cardNumber),
    cvc: form.cvv.trim(),
    expMonth: month ?? 0,
    expYear: 2000 + (year ?? 0),
    holderName: `${form.billingFirstName.trim()} ${form.billingLastName.trim()}`,
    billing: {
      address: form.address1.trim(),
      city: form.city.trim(),
      state: form.state,
      zip: form.zip.trim(),
    },
  };
}

interface VaultDeps {
  db: Database;
  gateway: PaymentGateway;
}

/**
 * Keeps a card as the gateway's token: the gateway checks it (a declined card answers 402 with its
 * reason) and only its token, brand, last four digits and expiry are stored here.
 */
export async function storeCard(
  deps: VaultDeps,
  userId: string,
  form: CheckoutPayment,
  makeDefault: boolean,
) {
  if (!deps.gateway.tokenize) throw conflict(PAYMENT_METHOD_MESSAGES.noVault);
  const details = cardDetailsOf(form);
  let result: Awaited<ReturnType<NonNullable<PaymentGateway['tokenize']>>>;
  try {
    result = await deps.gateway.tokenize(details);
  } catch (error) {
    if (error instanceof GatewayUnavailableError)
      throw new AppError(502, 'payment_gateway_unavailable', ErrorMessage.PaymentFailed);
    throw error;
  }
  if (!result.approved)
    throw new AppError(
      402,
      ErrorCode.PaymentRequired,
      result.error?.trim() ? result.error : ErrorMessage.PaymentContactSupport,
    );
  const approved = result;
  return deps.db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .for('update');
    if (existing.length >= STORED_CARD_LIMIT) throw conflict(PAYMENT_METHOD_MESSAGES.tooMany);
    const isDefault = makeDefault || existing.length === 0;
    if (isDefault)
      await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        userId,
        gateway: deps.gateway.name,
        token: approved.token,
        brand: approved.cardBrand,
        last4: approved.cardLast4,
        expMonth: approved.expMonth,
        expYear: approved.expYear,
        holderName: details.holderName,
        billing: {
          address1: form.address1.trim(),
          address2: form.address2?.trim() || null,
          city: form.city.trim(),
          state: form.state,
          zip: form.zip.trim(),
        },
        isDefault,
      })
      .returning();
    if (!row) throw new Error('The card was not stored.');
    return row;
  });
}

/** The gateway token of one of the caller's cards; another account's answers 404. */
export async function storedCardToken(db: DbExecutor, userId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ token: paymentMethods.token })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  if (!row) throw notFound(PAYMENT_METHOD_MESSAGES.notFound);
  return row.token;
}

export async function listCards(db: DbExecutor, userId: string): Promise<StoredCardList> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return {
    results: rows.map((row) => ({
      id: row.id,
      brand: row.brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
      holderName: row.holderName,
      isDefault: row.isDefault,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export async function addCard(
  deps: VaultDeps,
  auth: AuthContext,
  form: CheckoutPayment,
  makeDefault: boolean,
) {
  await storeCard(deps, auth.userId, form, makeDefault);
  return listCards(deps.db, auth.userId);
}

export async function makeDefaultCard(db: Database, auth: AuthContext, id: string): Promise<StoredCardList> {
  await db.transaction(async (tx) => {
    await storedCardToken(tx, auth.userId, id);
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, auth.userId), ne(paymentMethods.id, id)));
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
  });
  return listCards(db, auth.userId);
}

/** Removes a card; when it was the default, the newest other card becomes the default. */
export async function removeCard(db: Database, auth: AuthContext, id: string): Promise<StoredCardList> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, auth.userId)))
      .returning();
    if (!row) throw notFound(PAYMENT_METHOD_MESSAGES.notFound);
    if (row.isDefault) {
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, auth.userId))
        .orderBy(desc(paymentMethods.createdAt))
        .limit(1);
      if (next)
        await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    }
  });
  return listCards(db, auth.userId);
}
