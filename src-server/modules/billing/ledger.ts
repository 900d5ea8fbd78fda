import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The double-entry ledger. Every movement of money is one `post`: a transaction whose legs sum to
 * zero (debits positive, credits negative), in integer cents, written with the caller's
 * transaction, so it commits or rolls back with the business change it records. The database
 * refuses an unbalanced transaction at commit and any change to a posted row.
 *
 * A user has three accounts: `available` (money the marketplace owes them: credit, released
 * escrow, proration credits), `escrow` (money they paid that is held for an order) and `feesDue`
 * (charges they owe). The marketplace has `gateway` (money at the payment gateway), `revenue`
 * and `promotions` (credit given away). No user account may go below zero.
 */
export const LedgerAccount = {
  Available: 'available',
  Escrow: 'escrow',
  FeesDue: 'feesDue',
  Gateway: 'gateway',
  Revenue: 'revenue',
  Promotions: 'promotions',
} as const;
export type LedgerAccount = (typeof LedgerAccount)[keyof typeof LedgerAccount];

export type UserAccount =
  | typeof LedgerAccount.Available
  | typeof LedgerAccount.Escrow
  | typeof LedgerAccount.FeesDue;

/** The sign that turns an account's sum of legs into the balance people read. */
const NORMAL_SIGN: Readonly<Record<UserAccount, 1 | -1>> = {
  available: -1,
  escrow: -1,
  feesDue: 1,
};

export const LedgerKind = {
  Credit: 'Credit',
  Fee: 'Fee',
  FinalValueFee: 'FinalValueFee',
  MembershipCharge: 'MembershipCharge',
  ProrationCredit: 'ProrationCredit',
  PastDueCharge: 'PastDueCharge',
  CreditApplied: 'CreditApplied',
  CardPayment: 'CardPayment',
  EscrowHold: 'EscrowHold',
  EscrowRelease: 'EscrowRelease',
  EscrowRefund: 'EscrowRefund',
  Payout: 'Payout',
} as const;
export type LedgerKind = (typeof LedgerKind)[keyof typeof LedgerKind];

/** Charges billed on invoices (debits of a user's feesDue). */
export const CHARGE_KINDS: readonly LedgerKind[] = [
  LedgerKind.Fee,
  LedgerKind.FinalValueFee,
  LedgerKind.MembershipCharge,
  LedgerKind.PastDueCharge,
];

export interface Leg {
  account: LedgerAccount;
  /** The owner of a user account; null for the marketplace's own. */
  userId: string | null;
  /** Debit positive, credit negative. */
  cents: number;
}

export interface Posting {
  kind: LedgerKind;
  description: string;
  legs: readonly Leg[];
  userId?: string | null;
  orderId?: string | null;
  listingId?: string | null;
  invoiceId?: string | null;
  createdBy?: string | null;
  /** A posting whose key was used before is skipped (answers null). */
  idempotencyKey?: string | null;
  at?: Date;
}

export const LEDGER_MESSAGES = {
  insufficient: 'The balance is too low for this.',
} as const;

const isUserAccount = (account: LedgerAccount): account is UserAccount => account in NORMAL_SIGN;

/**
 * Writes one balanced transaction. The accounts' owners are locked (their user rows, in id order so
 * two postings never wait on each other crosswise), and a leg that would take a user account below
 * zero refuses the whole posting with 409. Answers the transaction id, or null for a repeated key.
 */
export async function post(tx: DbExecutor, posting: Posting): Promise<string | null> {
  const legs = posting.legs.filter((leg) => leg.cents !== 0);
  if (legs.some((leg) => !Number.isSafeInteger(leg.cents)))
    throw new Error('Ledger amounts are whole cents.');
  if (legs.reduce((sum, leg) => sum + leg.cents, 0) !== 0)
    throw new Error('A ledger transaction must balance.');
  if (legs.length === 0) return null;
  const owners = [...new Set(legs.flatMap((leg) => (leg.userId ? [leg.userId] : [])))].sort();
  if (owners.length > 0) {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, owners))
      .orderBy(users.id)
      .for('update');
  }
  for (const leg of legs) {
    if (!leg.userId || !isUserAccount(leg.account)) continue;
    const change = NORMAL_SIGN[leg.account] * leg.cents;
    if (change >= 0) continue;
    const balance = await balanceOf(tx, leg.userId, leg.account);
    if (balance + change < 0) throw new AppError(409, 'conflict', LEDGER_MESSAGES.insufficient);
  }
  const at = posting.at ?? new Date();
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: posting.kind,
      description: posting.description,
      idempotencyKey: posting.idempotencyKey ?? null,
      userId: posting.userId ?? null,
      orderId: posting.orderId ?? null,
      listingId: posting.listingId ?? null,
      invoiceId: posting.invoiceId ?? null,
      createdBy: posting.createdBy ?? null,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerTransactions.id });
  if (!created) return null;
  await tx.insert(ledgerEntries).values(
    legs.map((leg) => ({
      transactionId: created.id,
      account: leg.account,
      userId: leg.userId,
      amountCents: leg.cents,
      createdAt: at,
    })),
  );
  return created.id;
}

/** A user account's balance as its owner reads it (never below zero). */
export async function balanceOf(db: DbExecutor, userId: string, account: UserAccount): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, account)));
  // `|| 0` turns -0 (a credit-normal account summing to zero) into 0.
  return NORMAL_SIGN[account] * Number(row?.sum ?? 0) || 0;
}

export interface UserBalances {
  available: number;
  escrow: number;
  feesDue: number;
}

export async function balancesOf(db: DbExecutor, userId: string): Promise<UserBalances> {
  const rows = await queryRows<{ account: UserAccount; sum: string }>(
    db,
    sql`select account, sum(amount_cents)::text as sum from ledger_entries
      where user_id = ${userId} group by account`,
  );
  const balances: UserBalances = { available: 0, escrow: 0, feesDue: 0 };
  for (const row of rows)
    if (isUserAccount(row.account)) balances[row.account] = NORMAL_SIGN[row.account] * Number(row.sum) || 0;
  return balances;
}

// ---------------------------------------------------------------------------------------------
// The movements
// ---------------------------------------------------------------------------------------------

type Extra = Omit<Posting, 'kind' | 'description' | 'legs'>;

const debit = (account: LedgerAccount, userId: string | null, cents: number): Leg => ({
  account,
  userId,
  cents,
});
const credit = (account: LedgerAccount, userId: string | null, cents: number): Leg => ({
  account,
  userId,
  cents: -cents,
});

function positive(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw new Error('A movement is a positive number of cents.');
}

/** Credit given to a user (an admin's credit): promotions → the user's available balance. */
export function postCredit(
  tx: DbExecutor,
  userId: string,
  cents: number,
  description: string,
  extra: Extra = {},
) {
  positive(cents);
  return post(tx, {
    ...extra,
    kind: LedgerKind.Credit,
    description,
    userId,
    legs: [debit(LedgerAccount.Promotions, null, cents), credit(LedgerAccount.Available, userId, cents)],
  });
}

/** A charge the user owes (a listing option, a final value fee, membership): their feesDue → revenue. */
export function postCharge(
  tx: DbExecutor,
  kind:
    | typeof LedgerKind.Fee
    | typeof LedgerKind.FinalValueFee
    | typeof LedgerKind.MembershipCharge
    | typeof LedgerKind.PastDueCharge,
  userId: string,
  cents: number,
  description: string,
  extra: Extra = {},
) {
  positive(cents);
  return post(tx, {
    ...extra,
    kind,
    description,
    userId,
    legs: [debit(LedgerAccount.FeesDue, userId, cents), credit(LedgerAccount.Revenue, null, cents)],
  });
}

/** A plan downgraded mid-month gives back the unused part: revenue → the user's available balance. */
export function postProrationCredit(
  tx: DbExecutor,
  userId: string,
  cents: number,
  description: string,
  extra: Extra = {},
) {
  positive(cents);
  return post(tx, {
    ...extra,
    kind: LedgerKind.ProrationCredit,
    description,
    userId,
    legs: [debit(LedgerAccount.Revenue, null, cents), credit(LedgerAccount.Available, userId, cents)],
  });
}

/** Charges settled from the user's available balance. */
export function postCreditApplied(
  tx: DbExecutor,
  userId: string,
  cents: number,
  description: string,
  extra: Extra = {},
) {
  positive(cents);
  return post(tx, {
    ...extra,
    kind: LedgerKind.CreditApplied,
    description,
    userId,
    legs: [debit(LedgerAccount.Available, userId, cents), credit(LedgerAccount.FeesDue, userId, cents)],
  });
}

/** Charges settled by a card payment taken through the gateway. */
export function postCardPayment(
  tx: DbExecutor,
  userId: string,
  cents: number,
  description: string,
  extra: Extra = {},
) {
  positive(cents);
  return post(tx, {
    ...extra,
    kind: LedgerKind.CardPayment,
    description,
    userId,
    legs: [debit(LedgerAccount.Gateway, null, cents), credit(LedgerAccount.FeesDue, userId, cents)],
  });
}

/** A buyer's card payment held for an order: gateway → the buyer's escrow. */
export function postEscrowHold(
  tx: DbExecutor,
  buyerId: string,
  orderId: string,
  cents: number,
  description: string,
) {
  positive(cents);
  return post(tx, {
    kind: LedgerKind.EscrowHold,
    description,
    userId: buyerId,
    orderId,
    idempotencyKey: `escrow-hold-${orderId}`,
    legs: [debit(LedgerAccount.Gateway, null, cents), credit(LedgerAccount.Escrow, buyerId, cents)],
  });
}

/** Held funds go to the seller: the buyer's escrow → the seller's available balance. */
export function postEscrowRelease(
  tx: DbExecutor,
  buyerId: string,
  sellerId: string,
  orderId: string,
  cents: number,
  description: string,
) {
  positive(cents);
  return post(tx, {
    kind: LedgerKind.EscrowRelease,
    description,
    userId: sellerId,
    orderId,
    idempotencyKey: `escrow-release-${orderId}`,
    legs: [debit(LedgerAccount.Escrow, buyerId, cents), credit(LedgerAccount.Available, sellerId, cents)],
  });
}

/** Held funds go back to the buyer's card: the buyer's escrow → gateway. */
export function postEscrowRefund(
  tx: DbExecutor,
  buyerId: string,
  orderId: string,
  cents: number,
  description: string,
) {
  positive(cents);
  return post(tx, {
    kind: LedgerKind.EscrowRefund,
    description,
    userId: buyerId,
    orderId,
    idempotencyKey: `escrow-refund-${orderId}`,
    legs: [debit(LedgerAccount.Escrow, buyerId, cents), credit(LedgerAccount.Gateway, null, cents)],
  });
}

/** A seller's available balance paid out: available → gateway. */
export function postPayout(
  tx: DbExecutor,
  userId: string,
  cents: number,
  description: string,
  extra: Extra = {},
) {
  positive(cents);
  return post(tx, {
    ...extra,
    kind: LedgerKind.Payout,
    description,
    userId,
    legs: [debit(LedgerAccount.Available, userId, cents), credit(LedgerAccount.Gateway, null, cents)],
  });
}
