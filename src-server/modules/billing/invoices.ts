import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { InvoiceSummary } from '../../../shared/contract/billing-ledger.ts';
import { clearFlag, setFlag } from '../../../shared/domain/flags.ts';
import { ListingOption } from '../../../shared/domain/listing.ts';
import { toDollars } from '../../../shared/domain/membership.ts';
import { AccountOption } from '../../../shared/domain/user.ts';
import type { DbExecutor } from '../../db/client.ts';
import { invoices, listings, users } from '../../db/schema.ts';
import { LedgerKind, postMovement } from './ledger.ts';
import type { BillingDeps } from './membership.ts';

/*
 * A seller's invoices: what each one still asks, the account frozen while one is past due, and the
 * past-due payment that lifts the freeze. The monthly run that issues them is in invoice-run.ts;
 * reading them in invoice-reads.ts, paying one in invoice-payment.ts.
 */

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found.',
  alreadyPaid: 'This invoice is already paid.',
} as const;

export type InvoiceRow = typeof invoices.$inferSelect;

export const amountDueCents = (row: InvoiceRow) =>
  Math.max(0, row.totalCents - row.creditAppliedCents - row.paidCents);
export const invoiceNumber = (number: number) => `INV-${String(number).padStart(6, '0')}`;

export function toSummary(row: InvoiceRow, now: Date): InvoiceSummary {
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
export async function unfreezeAccount(tx: DbExecutor, user: typeof users.$inferSelect, now: Date) {
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
      await postMovement(
        tx,
        LedgerKind.PastDueCharge,
        { user: user.id },
        paidCents - invoicedCents,
        'Past-due balance',
        { at: now },
      );
    }
    await postMovement(
      tx,
      LedgerKind.CardPayment,
      { user: user.id },
      paidCents,
      'Past-due balance paid by card',
      { at: now },
    );
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

/** Open invoices of some users (the dashboard and summary figures). */
export async function openInvoiceCents(db: DbExecutor, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.userId, [...userIds]), eq(invoices.status, 'open')));
  return rows.reduce((sum, row) => sum + amountDueCents(row), 0);
}
