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

/**
 * Whose account a leg moves: the user the movement is for, the buyer or the seller of an escrow
 * order, or the marketplace's own.
 */
type Party = 'user' | 'buyer' | 'seller' | 'marketplace';

interface LegRule {
  side: 'debit' | 'credit';
  account: LedgerAccount;
  party: Party;
}

/** How one kind of movement posts: its legs (each moves the movement's whole amount) and its owner. */
interface MovementRule {
  legs: readonly LegRule[];
  /** Whose movement the transaction is recorded as. */
  postedFor: Exclude<Party, 'marketplace'>;
  /** A charge billed on invoices. */
  invoiced?: true;
  /** The movement happens once per order: its idempotency key is this prefix and the order id. */
  oncePerOrder?: string;
}

const debit = (account: LedgerAccount, party: Party): LegRule => ({ side: 'debit', account, party });
const credit = (account: LedgerAccount, party: Party): LegRule => ({ side: 'credit', account, party });

/** A charge the user owes (a listing option, a final value fee, membership): their feesDue → revenue. */
const CHARGE: MovementRule = {
  postedFor: 'user',
  invoiced: true,
  legs: [debit(LedgerAccount.FeesDue, 'user'), credit(LedgerAccount.Revenue, 'marketplace')],
};

/** Every kind of movement, as the legs it posts; a new kind of movement is one more entry. */
const MOVEMENTS: Readonly<Record<LedgerKind, MovementRule>> = {
  /** Credit given to a user (an admin's credit): promotions → the user's available balance. */
  Credit: {
    postedFor: 'user',
    legs: [debit(LedgerAccount.Promotions, 'marketplace'), credit(LedgerAccount.Available, 'user')],
  },
  Fee: CHARGE,
  FinalValueFee: CHARGE,
  MembershipCharge: CHARGE,
  /** A plan downgraded mid-month gives back the unused part: revenue → the user's available balance. */
  ProrationCredit: {
    postedFor: 'user',
    legs: [debit(LedgerAccount.Revenue, 'marketplace'), credit(LedgerAccount.Available, 'user')],
  },
  PastDueCharge: CHARGE,
  /** Charges settled from the user's available balance. */
  CreditApplied: {
    postedFor: 'user',
    legs: [debit(LedgerAccount.Available, 'user'), credit(LedgerAccount.FeesDue, 'user')],
  },
  /** Charges settled by a card payment taken through the gateway. */
  CardPayment: {
    postedFor: 'user',
    legs: [debit(LedgerAccount.Gateway, 'marketplace'), credit(LedgerAccount.FeesDue, 'user')],
  },
  /** A buyer's card payment held for an order: gateway → the buyer's escrow. */
  EscrowHold: {
    postedFor: 'buyer',
    oncePerOrder: 'escrow-hold',
    legs: [debit(LedgerAccount.Gateway, 'marketplace'), credit(LedgerAccount.Escrow, 'buyer')],
  },
  /** Held funds go to the seller: the buyer's escrow → the seller's available balance. */
  EscrowRelease: {
    postedFor: 'seller',
    oncePerOrder: 'escrow-release',
    legs: [debit(LedgerAccount.Escrow, 'buyer'), credit(LedgerAccount.Available, 'seller')],
  },
  /** Held funds go back to the buyer's card: the buyer's escrow → gateway. */
  EscrowRefund: {
    postedFor: 'buyer',
    oncePerOrder: 'escrow-refund',
    legs: [debit(LedgerAccount.Escrow, 'buyer'), credit(LedgerAccount.Gateway, 'marketplace')],
  },
  /** A seller's available balance paid out: available → gateway. */
  Payout: {
    postedFor: 'user',
    legs: [debit(LedgerAccount.Available, 'user'), credit(LedgerAccount.Gateway, 'marketplace')],
  },
};

/** Charges billed on invoices (debits of a user's feesDue). */
export const CHARGE_KINDS: readonly LedgerKind[] = (Object.keys(MOVEMENTS) as LedgerKind[]).filter(
  (kind) => MOVEMENTS[kind].invoiced,
);

type Extra = Omit<Posting, 'kind' | 'description' | 'legs'>;

/**
 * Posts `cents` as a movement of `kind`: its rule's legs, each the whole amount (debits positive,
 * credits negative), on the accounts of the parties named. Every movement of money is posted
 * through here: `parties` names the `user` of a user's movement, or an escrow order's `buyer` (and
 * `seller` for a release), with the order in `extra.orderId`.
 */
export function postMovement(
  tx: DbExecutor,
  kind: LedgerKind,
  parties: Partial<Record<Exclude<Party, 'marketplace'>, string>>,
  cents: number,
  description: string,
  extra: Extra = {},
) {
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw new Error('A movement is a positive number of cents.');
  const rule = MOVEMENTS[kind];
  const ownerOf = (party: Party): string | null => {
    if (party === 'marketplace') return null;
    const id = parties[party];
    if (!id) throw new Error(`A ${kind} movement names its ${party}.`);
    return id;
  };
  const once =
    rule.oncePerOrder && extra.orderId ? { idempotencyKey: `${rule.oncePerOrder}-${extra.orderId}` } : {};
  return post(tx, {
    ...extra,
    ...once,
    kind,
    description,
    userId: ownerOf(rule.postedFor),
    legs: rule.legs.map((leg) => ({
      account: leg.account,
      userId: ownerOf(leg.party),
      cents: leg.side === 'debit' ? cents : -cents,
    })),
  });
}
