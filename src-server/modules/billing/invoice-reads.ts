import { desc, eq } from 'drizzle-orm';
import type {
  AccountPayment,
  InvoiceDetail,
  InvoiceSummary,
} from '../../../shared/contract/billing-ledger.ts';
import { toDollars } from '../../../shared/domain/membership.ts';
import type { DbExecutor } from '../../db/client.ts';
import { accountPayments, invoiceLines, invoices, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { notFound } from '../../http/errors.ts';
import { INVOICE_MESSAGES, type InvoiceRow, toSummary } from './invoices.ts';
import type { BillingDeps } from './membership.ts';

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
export async function ownInvoice(db: DbExecutor, auth: AuthContext, id: string): Promise<InvoiceRow> {
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
