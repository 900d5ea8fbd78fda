import { and, eq } from 'drizzle-orm';
import { detectCardBrand } from '../../../shared/domain/card.ts';
import type { Database } from '../../db/client.ts';
import { sandboxCards, sandboxPayments } from '../../db/schema.ts';
import {
  type AuthorizeRequest,
  type CardDetails,
  type GatewayResult,
  GatewayUnavailableError,
  type PaymentActionRequest,
  type PaymentGateway,
  type PaymentStatus,
  type TokenizeResult,
} from './gateway.ts';
import { passesLuhn } from './payment-processor.ts';

/**
 * The sandbox's test cards, as a processor's test mode documents them (any future expiry, any CVC).
 * `error`: the decline reason shown to the payer; `message`: an answer with only a processor message
 * (the payer sees 'Error processing payment contact support'); `unavailable`: the gateway does not answer.
 */
export const SANDBOX_CARDS = {
  approved: ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117'],
  declined: {
    '4000000000000002': 'Your card was declined.',
    '4000000000009995': 'Your card has insufficient funds.',
    '4000000000000069': 'Your card has expired.',
    '4000000000000127': "Your card's security code is incorrect.",
  } as Readonly<Record<string, string>>,
  messageOnly: { '4000000000000119': 'An error occurred while processing the card.' } as Readonly<
    Record<string, string>
  >,
  unavailable: '4000000000000010',
} as const;

type Row = typeof sandboxPayments.$inferSelect;

interface Verdict {
  outcome: 'approved' | 'declined' | 'messageOnly' | 'unavailable';
  error: string | null;
  message: string | null;
}

function resultOf(row: Row, paymentId: string): GatewayResult {
  if (row.approved !== 1) return { approved: false, error: row.errorMessage, message: row.message };
  return {
    approved: true,
    paymentId,
    status: row.status as PaymentStatus,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
  };
}

/**
 * A payment gateway in test mode: no money moves. It decides by the documented test cards (every
 * other card with a known brand, a valid check digit and a future expiry is approved) and keeps its
 * ledger in the database (`sandbox_payments`), so an idempotency key answers its first result even
 * after a restart. The ledger keeps the brand and last four digits, never the number or CVC.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly #db: Database;
  readonly #now: () => Date;

  constructor(db: Database, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  async #replay(idempotencyKey: string): Promise<GatewayResult | null> {
    const [row] = await this.#db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.idempotencyKey, idempotencyKey));
    if (!row) return null;
    return resultOf(row, row.operation === 'authorize' ? row.id : (row.paymentId ?? row.id));
  }

  /** Records a result under its key; when another call recorded it first, answers that one. */
  async #record(values: typeof sandboxPayments.$inferInsert): Promise<GatewayResult> {
    const [inserted] = await this.#db
      .insert(sandboxPayments)
      .values(values)
      .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
      .returning();
    if (inserted)
      return resultOf(
        inserted,
        inserted.operation === 'authorize' ? inserted.id : (inserted.paymentId ?? inserted.id),
      );
    const first = await this.#replay(values.idempotencyKey);
    if (!first) throw new GatewayUnavailableError();
    return first;
  }

  /** What the test card decides, from its number: approved, or the decline it answers. */
  #verdict(digits: string, expMonth: number, expYear: number): Verdict {
    if (digits === SANDBOX_CARDS.unavailable)
      return { outcome: 'unavailable' as const, error: null, message: null };
    const reason = SANDBOX_CARDS.declined[digits];
    if (reason) return { outcome: 'declined' as const, error: reason, message: null };
    const onlyMessage = SANDBOX_CARDS.messageOnly[digits];
    if (onlyMessage) return { outcome: 'messageOnly' as const, error: null, message: onlyMessage };
    if (!detectCardBrand(digits) || !passesLuhn(digits))
      return { outcome: 'declined' as const, error: 'Your card number is incorrect.', message: null };
    if (this.#expired(expMonth, expYear))
      return { outcome: 'declined' as const, error: 'Your card has expired.', message: null };
    return { outcome: 'approved' as const, error: null, message: null };
  }

  #expired(expMonth: number, expYear: number): boolean {
    const now = this.#now();
    return expYear * 12 + (expMonth - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth();
  }

  /** Keeps the card's verdict, brand, last four and expiry under a token; never the number or CVC. */
  async tokenize(card: CardDetails): Promise<TokenizeResult> {
    const verdict = this.#verdict(card.number, card.expMonth, card.expYear);
    if (verdict.outcome === 'unavailable') throw new GatewayUnavailableError();
    if (verdict.outcome !== 'approved')
      return { approved: false, error: verdict.error, message: verdict.message };
    const [row] = await this.#db
      .insert(sandboxCards)
      .values({
        outcome: verdict.outcome,
        cardBrand: detectCardBrand(card.number),
        cardLast4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      })
      .returning();
    if (!row) throw new GatewayUnavailableError();
    return {
      approved: true,
      token: row.token,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
      expMonth: row.expMonth,
      expYear: row.expYear,
    };
  }

  async authorize(request: AuthorizeRequest): Promise<GatewayResult> {
    const replayed = await this.#replay(request.idempotencyKey);
    if (replayed) return replayed;
    const card = request.card;
    let brand: string | null;
    let last4: string;
    let verdict: Verdict;
    if ('token' in card) {
      const [stored] = await this.#db.select().from(sandboxCards).where(eq(sandboxCards.token, card.token));
      if (!stored)
        return this.#record({
          idempotencyKey: request.idempotencyKey,
          operation: 'authorize',
          amount: request.amount,
          approved: 0,
          status: 'declined',
          errorMessage: 'This card is no longer on file.',
        });
      brand = stored.cardBrand;
      last4 = stored.cardLast4;
      verdict = this.#expired(stored.expMonth, stored.expYear)
        ? { outcome: 'declined', error: 'Your card has expired.', message: null }
        : { outcome: stored.outcome, error: stored.errorMessage, message: stored.message };
    } else {
      brand = detectCardBrand(card.number);
      last4 = card.number.slice(-4);
      verdict = this.#verdict(card.number, card.expMonth, card.expYear);
    }
    if (verdict.outcome === 'unavailable') throw new GatewayUnavailableError();
    const base = {
      idempotencyKey: request.idempotencyKey,
      operation: 'authorize' as const,
      amount: request.amount,
      cardBrand: brand,
      cardLast4: last4,
    };
    if (verdict.outcome !== 'approved')
      return this.#record({
        ...base,
        approved: 0,
        status: 'declined',
        errorMessage: verdict.error,
        message: verdict.message,
      });
    if (!(request.amount > 0))
      return this.#record({
        ...base,
        approved: 0,
        status: 'declined',
        message: 'The amount must be positive.',
      });
    return this.#record({ ...base, approved: 1, status: 'authorized' });
  }

  async #authorization(paymentId: string): Promise<Row | null> {
    const [row] = await this.#db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.operation, 'authorize')));
    return row ?? null;
  }

  async capture(request: PaymentActionRequest): Promise<GatewayResult> {
    const replayed = await this.#replay(request.idempotencyKey);
    if (replayed) return replayed;
    const auth = await this.#authorization(request.paymentId);
    const base = {
      idempotencyKey: request.idempotencyKey,
      operation: 'capture' as const,
      paymentId: request.paymentId,
      amount: request.amount,
    };
    if (auth?.approved !== 1 || auth.status !== 'authorized' || request.amount > auth.amount) {
      return this.#record({
        ...base,
        approved: 0,
        status: 'declined',
        message: 'The authorization cannot be captured.',
      });
    }
    await this.#db.update(sandboxPayments).set({ status: 'captured' }).where(eq(sandboxPayments.id, auth.id));
    return this.#record({
      ...base,
      approved: 1,
      status: 'captured',
      cardBrand: auth.cardBrand,
      cardLast4: auth.cardLast4,
    });
  }

  async refund(request: PaymentActionRequest): Promise<GatewayResult> {
    const replayed = await this.#replay(request.idempotencyKey);
    if (replayed) return replayed;
    const auth = await this.#authorization(request.paymentId);
    const base = {
      idempotencyKey: request.idempotencyKey,
      operation: 'refund' as const,
      paymentId: request.paymentId,
      amount: request.amount,
    };
    if (
      auth?.approved !== 1 ||
      (auth.status !== 'authorized' && auth.status !== 'captured') ||
      request.amount > auth.amount
    ) {
      return this.#record({
        ...base,
        approved: 0,
        status: 'declined',
        message: 'The payment cannot be refunded.',
      });
    }
    const status: PaymentStatus = auth.status === 'authorized' ? 'voided' : 'refunded';
    await this.#db.update(sandboxPayments).set({ status }).where(eq(sandboxPayments.id, auth.id));
    return this.#record({
      ...base,
      approved: 1,
      status,
      cardBrand: auth.cardBrand,
      cardLast4: auth.cardLast4,
    });
  }
}
