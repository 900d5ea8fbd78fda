import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  EscrowAccount,
  EscrowEntryKind,
  EscrowLookupRequest,
} from '../../../shared/contract/billing.ts';
import { toDollars } from '../../../shared/domain/membership.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { balanceOf, balancesOf, LedgerAccount, LedgerKind } from './ledger.ts';

/*
 * A user's escrow account, read from the ledger: `balance` is their available balance (credit,
 * released escrow, proration credits), `pendingBalance` what they paid that escrow holds. Each entry
 * is one movement of those two accounts.
 */

const ENTRIES_SHOWN = 100;

const ENTRY_KIND: Readonly<Record<string, EscrowEntryKind>> = {
  [LedgerKind.Credit]: 'Credit',
  [LedgerKind.ProrationCredit]: 'Credit',
  [LedgerKind.CreditApplied]: 'Debit',
  [LedgerKind.EscrowHold]: 'Hold',
  [LedgerKind.EscrowRelease]: 'Release',
  [LedgerKind.EscrowRefund]: 'Refund',
  [LedgerKind.Payout]: 'Payout',
};

export async function escrowAccountOf(
  db: DbExecutor,
  user: { id: string; email: string },
): Promise<EscrowAccount> {
  const [entries, balances] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        kind: ledgerTransactions.kind,
        cents: ledgerEntries.amountCents,
        description: ledgerTransactions.description,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerEntries.userId, user.id),
          inArray(ledgerEntries.account, [LedgerAccount.Available, LedgerAccount.Escrow]),
        ),
      )
      .orderBy(desc(ledgerEntries.createdAt), desc(sql`${ledgerEntries.id}`))
      .limit(ENTRIES_SHOWN),
    balancesOf(db, user.id),
  ]);
  return {
    userId: user.id,
    email: user.email,
    balance: toDollars(balances.available),
    pendingBalance: toDollars(balances.escrow),
    entries: entries.map((entry) => ({
      id: entry.id,
      kind: ENTRY_KIND[entry.kind] ?? (entry.cents < 0 ? 'Credit' : 'Debit'),
      // Both accounts are owed to the user: a credit leg raises what they hold.
      amount: toDollars(-entry.cents),
      description: entry.description,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/** POST /users/getEscrowAccount: by user id, email, or both (which must name the same account). */
export async function escrowAccount(
  db: Database,
  auth: AuthContext,
  lookup: EscrowLookupRequest,
): Promise<EscrowAccount> {
  const byEmail = lookup.email
    ? (await db.select().from(users).where(sql`lower(${users.email}) = lower(${lookup.email})`).limit(1))[0]
    : undefined;
  if (lookup.email && !byEmail) throw notFound('No user has that email.');
  if (lookup.userId && byEmail && byEmail.id !== lookup.userId)
    throw badRequest('That email and that user id are two different accounts.');
  const user = byEmail ?? (await userById(db, lookup.userId as string));
  // Only staff read another account's escrow (the contract already refused another user id).
  if (!auth.isAdmin && user.id !== auth.userId) throw forbidden('You can only see your own escrow account.');
  return escrowAccountOf(db, user);
}

async function userById(db: Database, id: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user) throw notFound('No user has that id.');
  return user;
}

/** The dashboard's escrow figure: the balance of the user's escrow account (as getEscrowAccount answers it). */
export async function escrowBalanceOf(db: DbExecutor, userId: string): Promise<number> {
  return toDollars(await balanceOf(db, userId, LedgerAccount.Available));
}
