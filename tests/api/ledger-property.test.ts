import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../../src-server/db/client.ts';
import { users } from '../../src-server/db/schema.ts';
import { AppError } from '../../src-server/http/errors.ts';
import { balancesOf, LedgerKind, postMovement } from '../../src-server/modules/billing/ledger.ts';
import { openTestDatabase } from './support/test-database.ts';

/*
 * Random sequences of every money movement against the real ledger: each in its own transaction,
 * as the services post them. After every step the ledger balances (each transaction and the whole),
 * no user account is below zero, and each balance equals a simple model of what should have happened.
 * A movement the balance cannot cover is refused and leaves nothing behind.
 */

let database: DatabaseHandle;
const people: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  for (let index = 0; index < 3; index += 1) {
    const [row] = await database.db
      .insert(users)
      .values({
        email: `ledger-${index}-${randomUUID()}@example.com`,
        firstName: 'Led',
        lastName: `Ger${index}`,
      })
      .returning({ id: users.id });
    people.push(row!.id);
  }
});
afterAll(() => database.close());

const who = fc.integer({ min: 0, max: 2 });
const cents = fc.integer({ min: 1, max: 50_000 });

type Op =
  | {
      kind: 'credit' | 'charge' | 'applyCredit' | 'cardPayment' | 'payout' | 'hold';
      user: number;
      cents: number;
    }
  | { kind: 'release'; hold: number; seller: number }
  | { kind: 'refund'; hold: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('credit', 'charge', 'applyCredit', 'cardPayment', 'payout', 'hold' as const),
    user: who,
    cents,
  }) as fc.Arbitrary<Op>,
  fc.record({ kind: fc.constant('release' as const), hold: fc.nat({ max: 20 }), seller: who }),
  fc.record({ kind: fc.constant('refund' as const), hold: fc.nat({ max: 20 }) }),
);

interface Model {
  available: number[];
  escrow: number[];
  feesDue: number[];
  holds: { orderId: string; buyer: number; cents: number; settled: boolean }[];
}

async function apply(operation: Op, model: Model): Promise<void> {
  const db = database.db;
  const run = async (work: () => Promise<unknown>, allowed: boolean, change: () => void) => {
    try {
      await work();
      expect(allowed, `${JSON.stringify(operation)} should have been refused`).toBe(true);
      change();
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      expect(allowed, `${JSON.stringify(operation)} should have been allowed`).toBe(false);
    }
  };
  switch (operation.kind) {
    case 'credit': {
      const { user, cents: c } = operation;
      return run(
        () =>
          db.transaction((tx) => postMovement(tx, LedgerKind.Credit, { user: people[user]! }, c, 'Credit')),
        true,
        () => {
          model.available[user]! += c;
        },
      );
    }
    case 'charge': {
      const { user, cents: c } = operation;
      return run(
        () => db.transaction((tx) => postMovement(tx, LedgerKind.Fee, { user: people[user]! }, c, 'Fee')),
        true,
        () => {
          model.feesDue[user]! += c;
        },
      );
    }
    case 'applyCredit': {
      const { user, cents: c } = operation;
      const allowed = model.available[user]! >= c && model.feesDue[user]! >= c;
      return run(
        () =>
          db.transaction((tx) =>
            postMovement(tx, LedgerKind.CreditApplied, { user: people[user]! }, c, 'Credit applied'),
          ),
        allowed,
        () => {
          model.available[user]! -= c;
          model.feesDue[user]! -= c;
        },
      );
    }
    case 'cardPayment': {
      const { user, cents: c } = operation;
      return run(
        () =>
          db.transaction((tx) =>
            postMovement(tx, LedgerKind.CardPayment, { user: people[user]! }, c, 'Card'),
          ),
        model.feesDue[user]! >= c,
        () => {
          model.feesDue[user]! -= c;
        },
      );
    }
    case 'payout': {
      const { user, cents: c } = operation;
      return run(
        () =>
          db.transaction((tx) => postMovement(tx, LedgerKind.Payout, { user: people[user]! }, c, 'Payout')),
        model.available[user]! >= c,
        () => {
          model.available[user]! -= c;
        },
      );
    }
    case 'hold': {
      const { user, cents: c } = operation;
      const orderId = randomUUID();
      return run(
        () =>
          db.transaction((tx) =>
            postMovement(tx, LedgerKind.EscrowHold, { buyer: people[user]! }, c, 'Hold', { orderId }),
          ),
        true,
        () => {
          model.escrow[user]! += c;
          model.holds.push({ orderId, buyer: user, cents: c, settled: false });
        },
      );
    }
    case 'release':
    case 'refund': {
      const hold = model.holds[operation.hold];
      if (!hold || hold.settled) return;
      const post = () =>
        db.transaction((tx) =>
          operation.kind === 'release'
            ? postMovement(
                tx,
                LedgerKind.EscrowRelease,
                { buyer: people[hold.buyer]!, seller: people[operation.seller]! },
                hold.cents,
                'Release',
                { orderId: hold.orderId },
              )
            : postMovement(
                tx,
                LedgerKind.EscrowRefund,
                { buyer: people[hold.buyer]! },
                hold.cents,
                'Refund',
                {
                  orderId: hold.orderId,
                },
              ),
        );
      return run(post, true, () => {
        hold.settled = true;
        model.escrow[hold.buyer]! -= hold.cents;
        if (operation.kind === 'release') model.available[operation.seller]! += hold.cents;
      });
    }
  }
}

async function checkInvariants(model: Model) {
  const [sums] = await queryRows<{ total: string; unbalanced: number }>(
    database.db,
    sql`select coalesce(sum(amount_cents), 0)::text as total,
      (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id
        having sum(amount_cents) <> 0) u) as unbalanced
      from ledger_entries`,
  );
  expect(Number(sums?.total)).toBe(0);
  expect(sums?.unbalanced).toBe(0);
  for (const [index, id] of people.entries()) {
    const balances = await balancesOf(database.db, id);
    expect(balances.available).toBeGreaterThanOrEqual(0);
    expect(balances.escrow).toBeGreaterThanOrEqual(0);
    expect(balances.feesDue).toBeGreaterThanOrEqual(0);
    expect(balances).toEqual({
      available: model.available[index],
      escrow: model.escrow[index],
      feesDue: model.feesDue[index],
    });
  }
}

describe('the ledger under random sequences of money movements', () => {
  it('always balances, never lets a balance go negative, and matches the model', async () => {
    // Balances carry over between runs, so the model starts from what the ledger holds.
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (operations) => {
        const start = await Promise.all(people.map((id) => balancesOf(database.db, id)));
        const model: Model = {
          available: start.map((b) => b.available),
          escrow: start.map((b) => b.escrow),
          feesDue: start.map((b) => b.feesDue),
          holds: [],
        };
        // Earlier runs' unsettled holds stay held; this run settles only its own.
        for (const operation of operations) {
          await apply(operation, model);
          await checkInvariants(model);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('refuses an unbalanced or fractional posting outright', async () => {
    const { post } = await import('../../src-server/modules/billing/ledger.ts');
    await expect(
      database.db.transaction((tx) =>
        post(tx, { kind: 'Fee', description: 'x', legs: [{ account: 'revenue', userId: null, cents: 5 }] }),
      ),
    ).rejects.toThrow('must balance');
    await expect(
      database.db.transaction((tx) =>
        post(tx, {
          kind: 'Fee',
          description: 'x',
          legs: [
            { account: 'revenue', userId: null, cents: 0.5 },
            { account: 'gateway', userId: null, cents: -0.5 },
          ],
        }),
      ),
    ).rejects.toThrow('whole cents');
  });

  it('the database itself refuses a change to a posted row and an unbalanced transaction', async () => {
    await expect(
      database.db.execute(sql`update ledger_entries set amount_cents = amount_cents + 1`),
    ).rejects.toThrow();
    await expect(
      database.db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`insert into ledger_transactions (kind, description) values ('Fee', 'raw') returning id`,
        );
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account, amount_cents) values (${row!.id}, 'revenue', 7)`,
        );
      }),
    ).rejects.toThrow();
  });
});
