import { and, eq, sql } from 'drizzle-orm';
import {
  INVOICE_DUE_DAYS,
  MEMBERSHIP_PLANS,
  periodEnd,
  periodOf,
  planOfRoles,
} from '../../../shared/domain/membership.ts';
import { type DbExecutor, queryRows } from '../../db/client.ts';
import { invoiceLines, invoices, users } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { freezePastDue, invoiceNumber } from './invoices.ts';
import { balanceOf, CHARGE_KINDS, LedgerAccount, LedgerKind, postMovement } from './ledger.ts';
import type { BillingDeps } from './membership.ts';

/** Key space of the per-seller advisory lock of the invoice run (see the other `*_LOCK` constants). */
const INVOICES_LOCK = 7_301_019;
const DAY_MS = 86_400_000;

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
      await postMovement(
        tx,
        LedgerKind.MembershipCharge,
        { user: userId },
        plan.monthlyCents,
        `${plan.name} membership, ${next}`,
        { idempotencyKey: membershipChargeKey(userId, next), at: now },
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
      await postMovement(
        tx,
        LedgerKind.CreditApplied,
        { user: userId },
        creditCents,
        `Credit applied to ${invoiceNumber(invoice.number)}`,
        { invoiceId: invoice.id, at: now },
      );
    }
    return true;
  });
}

/** The ledger key of a seller's membership charge for a month: it is charged once (`sellersToInvoice` writes it in SQL). */
const membershipChargeKey = (userId: string, month: string) => `membership-${userId}-${month}`;

/**
 * The sellers a month's run looks at: charges not yet invoiced before its end, or a paid plan whose
 * next month is not charged yet; a seller already invoiced for the month is left out. The hourly
 * runs after the first of a month find next to nothing to do.
 */
async function sellersToInvoice(db: DbExecutor, period: string, now: Date): Promise<string[]> {
  const end = periodEnd(period) > now ? now : periodEnd(period);
  const next = periodOf(periodEnd(period));
  const paidPlans = Object.values(MEMBERSHIP_PLANS)
    .filter((plan) => plan.monthlyCents > 0)
    .map((plan) => plan.role);
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select s.user_id from (select distinct t.user_id from ledger_transactions t
        where t.user_id is not null and t.created_at < ${end}
          and t.kind in (${sql.join(
            CHARGE_KINDS.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          and not exists (select 1 from invoice_lines l where l.transaction_id = t.id)
      union
      select u.id from users u where u.roles && ${sql`ARRAY[${sql.join(
        paidPlans.map((role) => sql`${role}`),
        sql`, `,
      )}]::text[]`}
        and not exists (select 1 from ledger_transactions m
          where m.idempotency_key = 'membership-' || u.id::text || ${`-${next}`})) s
      where not exists (select 1 from invoices i where i.user_id = s.user_id and i.period = ${period})`,
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
