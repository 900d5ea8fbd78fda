import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  PaymentOptions,
  PaymentOptionsInput,
  paymentOptionsInputSchema,
} from '../../../shared/contract/billing.ts';
import type { BillingSummary } from '../../../shared/contract/billing-ledger.ts';
import { planOfRoles, toDollars } from '../../../shared/domain/membership.ts';
import { hasPaymentSetup } from '../../core/accounts/account-state.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { listings, sellerPaymentOptions, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { openInvoiceCents } from './invoices.ts';
import { balancesOf } from './ledger.ts';
import type { SecretBox } from './secret-box.ts';

type ParsedPaymentOptionsInput = z.output<typeof paymentOptionsInputSchema>;

export type { PaymentOptionsInput };

/**
 * A seller's payment setup as answered: the gateway without its secret key. A GunTab account counts
 * as active once given (no GunTab connection exists to confirm it).
 */
export async function paymentOptionsOf(db: DbExecutor, userId: string): Promise<PaymentOptions> {
  const [row] = await db
    .select({
      acceptedPaymentMethods: users.acceptedPaymentMethods,
      paymentGatewayConnected: users.paymentGatewayConnected,
      gunTabActive: users.gunTabActive,
      liveCheckoutEnabled: sellerPaymentOptions.liveCheckoutEnabled,
      gatewayProvider: sellerPaymentOptions.gatewayProvider,
      gatewayMerchantId: sellerPaymentOptions.gatewayMerchantId,
      gunTabEmail: sellerPaymentOptions.gunTabEmail,
    })
    .from(users)
    .leftJoin(sellerPaymentOptions, eq(sellerPaymentOptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('No such account.');
  const setUp = hasPaymentSetup(row);
  return {
    acceptedPaymentMethods: row.acceptedPaymentMethods,
    // Without stored options, live checkout follows the account's connected gateway or GunTab.
    liveCheckoutEnabled: row.liveCheckoutEnabled ?? setUp,
    gateway:
      row.gatewayProvider && row.gatewayMerchantId
        ? { provider: row.gatewayProvider, merchantId: row.gatewayMerchantId }
        : null,
    gunTab: row.gunTabEmail ? { email: row.gunTabEmail, active: row.gunTabActive } : null,
    hasAcceptedPaymentSetup: setUp,
  };
}

/** Whether new and changed listings of this seller offer live checkout. */
export async function liveCheckoutOf(db: DbExecutor, userId: string): Promise<boolean> {
  const options = await paymentOptionsOf(db, userId);
  return options.liveCheckoutEnabled && options.hasAcceptedPaymentSetup;
}

/**
 * Replaces the seller's payment setup. In one transaction: the stored options (the gateway's secret
 * sealed), the account's summary columns that sign-in and listing eligibility read, and the
 * live-checkout flag of the seller's listings, so cards and the listing page follow at once.
 */
export async function savePaymentOptions(
  db: Database,
  box: SecretBox,
  userId: string,
  input: ParsedPaymentOptionsInput,
): Promise<PaymentOptions> {
  return db.transaction(async (tx) => {
    const values = {
      liveCheckoutEnabled: input.liveCheckoutEnabled,
      gatewayProvider: input.gateway?.provider ?? null,
      gatewayMerchantId: input.gateway?.merchantId ?? null,
      gatewaySecretSealed: input.gateway ? box.seal(input.gateway.secretKey, userId) : null,
      gunTabEmail: input.gunTabEmail?.trim().toLowerCase() ?? null,
      updatedAt: new Date(),
    };
    await tx
      .insert(sellerPaymentOptions)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: sellerPaymentOptions.userId, set: values });
    const updated = await tx
      .update(users)
      .set({
        acceptedPaymentMethods: input.acceptedPaymentMethods,
        paymentGatewayConnected: input.gateway !== null,
        gunTabActive: input.gunTabEmail !== null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw notFound('No such account.');
    const live = input.liveCheckoutEnabled && (input.gateway !== null || input.gunTabEmail !== null);
    await tx
      .update(listings)
      .set({ liveCheckoutEnabled: live })
      .where(and(eq(listings.userId, userId), ne(listings.liveCheckoutEnabled, live)));
    return paymentOptionsOf(tx, userId);
  });
}

/** GET /billing/summary: the caller's plan and, from the ledger and the invoices, what they hold and owe. */
export async function billingSummary(
  deps: { db: Database; now: () => Date },
  auth: { userId: string },
): Promise<BillingSummary> {
  const [user] = await deps.db
    .select({ roles: users.roles, pastDueAmount: users.pastDueAmount })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user) throw notFound('No such account.');
  const balances = await balancesOf(deps.db, auth.userId);
  const dueCents = await openInvoiceCents(deps.db, [auth.userId]);
  return {
    plan: planOfRoles(user.roles),
    availableBalance: toDollars(balances.available),
    escrowHeld: toDollars(balances.escrow),
    // What the seller owes that no invoice bills yet.
    unbilled: toDollars(balances.feesDue - dueCents),
    amountDue: toDollars(dueCents),
    pastDueAmount: user.pastDueAmount,
  };
}
