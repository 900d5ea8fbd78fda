import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type {
  AccountPayment,
  InvoiceDetail,
  InvoiceSummary,
  ParsedPayInvoiceRequest,
  PayInvoiceResponse,
} from '../../../shared/contract/billing-ledger.ts';
import { ErrorCode, ErrorMessage } from '../../../shared/contract/common.ts';
import { cardDigits, detectCardBrand } from '../../../shared/domain/card.ts';
import { clearFlag, setFlag } from '../../../shared/domain/flags.ts';
import { ListingOption } from '../../../shared/domain/listing.ts';
import {
  INVOICE_DUE_DAYS,
  MEMBERSHIP_PLANS,
  periodEnd,
  periodOf,
  planOfRoles,
  toDollars,
} from '../../../shared/domain/membership.ts';
import { AccountOption } from '../../../shared/domain/user.ts';
import {
  type GatewayResult,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../core/payments/gateway.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';
import { accountPayments, invoiceLines, invoices, listings, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { issueSessionToken } from '../auth/index.ts';
import {
  balanceOf,
  CHARGE_KINDS,
  LedgerAccount,
  LedgerKind,
  postCardPayment,
  postCharge,
  postCreditApplied,
} from './ledger.ts';
import type { BillingDeps } from './membership.ts';
import { cardDetailsOf, storeCard, storedCardToken } from './payment-methods.ts';

export interface InvoiceDeps extends BillingDeps {
  gateway: PaymentGateway;
}

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found.',
  alreadyPaid: 'This invoice is already paid.',
} as const;

/** Key space of the per-seller advisory lock of the invoice run (see the other `*_LOCK` constants). */
const INVOICES_LOCK = 7_301_019;
const DAY_MS = 86_400_000;

type InvoiceRow = typeof invoices.$inferSelect;

const amountDueCents = (row: InvoiceRow) =>
  Math.max(0, row.totalCents - row.creditAppliedCents - row.paidCents);
const invoiceNumber = (number: number) => `INV-${String(number).padStart(6, '0')}`;

function toSummary(row: InvoiceRow, now: Date): InvoiceSummary {
  return {
    id: row.id,
    number: invoiceNumber(row.number),
    period: row.period,
    status: row.status,
    total: toDollars(row.totalCents),
    creditApplied: toDollars(row.creditAppliedCents),
    paid: toDollars(row.paidCents),
    amountDue: toDollars(amountDueCents(row)),
    issuedAt: row.issuedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    pastDue: row.status === 'open' && row.dueAt.getTime() < now.getTime(),
  };
}

// ---------------------------------------------------------------------------------------------
// The monthly run
// ---------------------------------------------------------------------------------------------

/**
 * Invoices one seller for a month, in one transaction under the seller's advisory lock, so two
 * servers running the job at once make one invoice (the unique index on seller and month backs it).
 * First the next month's membership is charged (in advance, once: its ledger key), then every charge
 * posted before the month's end and not yet invoiced becomes a line; the seller's available balance
 * pays what it can; the rest is due in INVOICE_DUE_DAYS. Answers whether an invoice was made.
 */
export async function invoiceSeller(deps: BillingDeps, userId: string, period: string): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INVOICES_LOCK}, hashtext(${userId}))`);
    const [existing] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.period, period)));
    if (existing) return false;
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return false;
    const plan = MEMBERSHIP_PLANS[planOfRoles(user.roles)];
    const next = periodOf(periodEnd(period));
    if (plan.monthlyCents > 0) {
      await postCharge(
        tx,
        LedgerKind.MembershipCharge,
        userId,
        plan.monthlyCents,
        `${plan.name} membership, ${next}`,
        {
          idempotencyKey: `membership-${userId}-${next}`,
          at: now,
        },
      );
    }
    const charges = await queryRows<{
      id: string;
      kind: string;
      description: string;
      cents: string;
      created_at: Date;
    }>(
      tx,
      sql`select t.id, t.kind, t.description, e.amount_cents::text as cents, t.created_at
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id and e.account = ${LedgerAccount.FeesDue} and e.user_id = ${userId}
        where t.user_id = ${userId}
          and t.kind in (${sql.join(
            CHARGE_KINDS.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          and t.created_at < ${periodEnd(period) > now ? now : periodEnd(period)}
          and not exists (select 1 from invoice_lines l where l.transaction_id = t.id)
        order by t.created_at, t.id`,
    );
    if (charges.length === 0) return false;
    const totalCents = charges.reduce((sum, charge) => sum + Number(charge.cents), 0);
    const creditCents = Math.min(totalCents, await balanceOf(tx, userId, LedgerAccount.Available));
    const [invoice] = await tx
      .insert(invoices)
      .values({
        userId,
        period,
        status: creditCents >= totalCents ? 'paid' : 'open',
        totalCents,
        creditAppliedCents: creditCents,
        issuedAt: now,
        dueAt: new Date(now.getTime() + INVOICE_DUE_DAYS * DAY_MS),
        paidAt: creditCents >= totalCents ? now : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!invoice) return false;
    await tx.insert(invoiceLines).values(
      charges.map((charge) => ({
        invoiceId: invoice.id,
        transactionId: charge.id,
        kind: charge.kind,
        description: charge.description,
        amountCents: Number(charge.cents),
        postedAt: new Date(charge.created_at),
      })),
    );
    if (creditCents > 0) {
      await postCreditApplied(tx, userId, creditCents, `Credit applied to ${invoiceNumber(invoice.number)}`, {
        invoiceId: invoice.id,
        at: now,
      });
    }
    return true;
  });
}

/** The sellers a month's run looks at: charges not yet invoiced before its end, or a paid plan. */
async function sellersToInvoice(db: DbExecutor, period: string, now: Date): Promise<string[]> {
  const end = periodEnd(period) > now ? now : periodEnd(period);
  const paidPlans = Object.values(MEMBERSHIP_PLANS)
    .filter((plan) => plan.monthlyCents > 0)
    .map((plan) => plan.role);
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct t.user_id from ledger_transactions t
        where t.user_id is not null and t.created_at < ${end}
          and t.kind in (${sql.join(
            CHARGE_KINDS.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          and not exists (select 1 from invoice_lines l where l.transaction_id = t.id)
      union
      select id from users where roles && ${sql`ARRAY[${sql.join(
        paidPlans.map((role) => sql`${role}`),
        sql`, `,
      )}]::text[]`}`,
  );
  return rows.map((row) => row.user_id);
}

/**
 * The monthly run: invoices every seller for `period` (default: last month), then freezes past-due
 * accounts. The current month may be invoiced early (its charges so far); a month to come may not,
 * as it would charge memberships and fees ahead of time.
 */
export async function runInvoices(
  deps: BillingDeps,
  period?: string,
): Promise<{ invoiced: number; frozen: number }> {
  const now = deps.now();
  const current = periodOf(now);
  if (period !== undefined && period > current) {
    throw badRequest('The request is not valid.', {
      period: `${period} has not begun yet. Choose ${current} or an earlier month.`,
    });
  }
  const month = period ?? periodOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  let invoiced = 0;
  for (const userId of await sellersToInvoice(deps.db, month, now)) {
    if (await invoiceSeller(deps, userId, month)) invoiced += 1;
  }
  return { invoiced, frozen: await freezePastDue(deps) };
}

// ---------------------------------------------------------------------------------------------
// Past due
// ---------------------------------------------------------------------------------------------

/** The amount due (cents) on a user's open invoices past their due date. */
export async function overdueCents(db: DbExecutor, userId: string, now: Date): Promise<number> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.status, 'open'), lt(invoices.dueAt, now)));
  return rows.reduce((sum, row) => sum + amountDueCents(row), 0);
}

/**
 * Freezes every account with an open invoice past its due date: the account option
 * FrozenForNonPayment, the amount sign-in answers with its 402, and FrozenDueToNonPayment on each of
 * its listings (they leave search). Safe to run on several servers: each account in its own
 * transaction, its row locked, the amount recomputed.
 */
export async function freezePastDue(deps: BillingDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .selectDistinct({ userId: invoices.userId })
    .from(invoices)
    .where(and(eq(invoices.status, 'open'), lt(invoices.dueAt, now)));
  let frozen = 0;
  for (const { userId } of due) {
    const changed = await deps.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) return false;
      const cents = await overdueCents(tx, userId, now);
      if (cents <= 0) return false;
      const wasFrozen = (user.accountOptions & AccountOption.FrozenForNonPayment) !== 0;
      await tx
        .update(users)
        .set({
          accountOptions: setFlag(user.accountOptions, AccountOption.FrozenForNonPayment),
          pastDueAmount: toDollars(cents),
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await tx
        .update(listings)
        .set({
          listingOptions: sql`${listings.listingOptions} | ${ListingOption.FrozenDueToNonPayment}`,
          updatedAt: now,
        })
        .where(eq(listings.userId, userId));
      return !wasFrozen;
    });
    if (changed) frozen += 1;
  }
  return frozen;
}

/** Lifts a freeze for non-payment: the account option, its listings' freeze and the amount. */
async function unfreezeAccount(tx: DbExecutor, user: typeof users.$inferSelect, now: Date) {
  const [updated] = await tx
    .update(users)
    .set({
      accountOptions: clearFlag(user.accountOptions, AccountOption.FrozenForNonPayment),
      pastDueAmount: 0,
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  await tx
    .update(listings)
    .set({
      listingOptions: sql`${listings.listingOptions} & ${~ListingOption.FrozenDueToNonPayment}`,
      updatedAt: now,
    })
    .where(
      and(
        eq(listings.userId, user.id),
        sql`(${listings.listingOptions} & ${ListingOption.FrozenDueToNonPayment}) <> 0`,
      ),
    );
  return updated ?? user;
}

/**
 * The past-due modal's payment (POST /users/unfreeze), inside its transaction with the account row
 * locked: the amount to charge in cents, the larger of the balance sign-in showed and the overdue
 * invoices (a balance from before invoices existed is charged to the ledger first).
 */
export async function pastDueToCharge(
  tx: DbExecutor,
  user: typeof users.$inferSelect,
  now: Date,
): Promise<number> {
  return Math.max(Math.round(user.pastDueAmount * 100), await overdueCents(tx, user.id, now));
}

/**
 * Records a past-due payment taken from a card: it pays the open invoices oldest due first, the
 * ledger moves the money from the gateway to the seller's fees (a balance owed without an invoice,
 * carried over from before invoicing, is charged first), and the account and its listings are unfrozen.
 */
export async function settlePastDue(
  tx: DbExecutor,
  user: typeof users.$inferSelect,
  paidCents: number,
  now: Date,
): Promise<typeof users.$inferSelect> {
  const open = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, user.id), eq(invoices.status, 'open')))
    .orderBy(invoices.dueAt, invoices.number)
    .for('update');
  const invoicedCents = open.reduce((sum, row) => sum + amountDueCents(row), 0);
  if (paidCents > 0) {
    if (paidCents > invoicedCents) {
      await postCharge(tx, LedgerKind.PastDueCharge, user.id, paidCents - invoicedCents, 'Past-due balance', {
        at: now,
      });
    }
    await postCardPayment(tx, user.id, paidCents, 'Past-due balance paid by card', { at: now });
  }
  let left = paidCents;
  for (const row of open) {
    const part = Math.min(left, amountDueCents(row));
    if (part <= 0) break;
    left -= part;
    const settled = part === amountDueCents(row);
    await tx
      .update(invoices)
      .set({
        status: settled ? 'paid' : 'open',
        paidCents: row.paidCents + part,
        paidAt: settled ? now : null,
      })
      .where(eq(invoices.id, row.id));
  }
  return unfreezeAccount(tx, user, now);
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export async function listInvoices(
  deps: BillingDeps,
  auth: AuthContext,
): Promise<{ results: InvoiceSummary[] }> {
  const rows = await deps.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, auth.userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number));
  const now = deps.now();
  return { results: rows.map((row) => toSummary(row, now)) };
}

/** One invoice of the caller (an admin: anyone's); another account's answers 404 as an unknown id. */
async function ownInvoice(db: DbExecutor, auth: AuthContext, id: string): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row || (row.userId !== auth.userId && !auth.isAdmin)) throw notFound(INVOICE_MESSAGES.notFound);
  return row;
}

export async function invoiceDetail(
  deps: BillingDeps,
  auth: AuthContext,
  id: string,
): Promise<InvoiceDetail> {
  const row = await ownInvoice(deps.db, auth, id);
  const lines = await deps.db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(invoiceLines.postedAt, invoiceLines.id);
  const [owner] = await deps.db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      display: users.sellerDisplayName,
    })
    .from(users)
    .where(eq(users.id, row.userId));
  return {
    ...toSummary(row, deps.now()),
    lines: lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      amount: toDollars(line.amountCents),
      postedAt: line.postedAt.toISOString(),
    })),
    billedTo: {
      name: owner ? (owner.display ?? `${owner.firstName} ${owner.lastName}`) : '',
      email: owner?.email ?? '',
    },
  };
}

export async function listPayments(
  deps: BillingDeps,
  auth: AuthContext,
): Promise<{ results: AccountPayment[] }> {
  const rows = await deps.db
    .select()
    .from(accountPayments)
    .where(eq(accountPayments.userId, auth.userId))
    .orderBy(desc(accountPayments.createdAt))
    .limit(200);
  return {
    results: rows.map((row) => ({
      id: row.id,
      purpose: row.purpose,
      amount: row.amount,
      status: row.status,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
      failureMessage: row.failureMessage,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Paying
// ---------------------------------------------------------------------------------------------

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
    await postCardPayment(tx, auth.userId, cents, `Payment of ${invoiceNumber(locked.number)}`, {
      invoiceId: id,
      at: now,
    });
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

/** Open invoices of some users (the dashboard and summary figures). */
export async function openInvoiceCents(db: DbExecutor, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.userId, [...userIds]), eq(invoices.status, 'open')));
  return rows.reduce((sum, row) => sum + amountDueCents(row), 0);
}

export { invoiceNumber, toSummary };
