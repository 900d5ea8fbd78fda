import { randomBytes } from 'node:crypto';
import { type CardBrand, detectCardBrand } from '../../../shared/domain/card.ts';

export interface ChargeRequest {
  /** US dollars. */
  amount: number;
  cardNumber: string;
  cvc: string;
  expMonth: number;
  expYear: number;
  cardholderName: string;
  billing: { address: string; city: string; state: string; zip: string };
  description: string;
}

export type ChargeResult =
  | { approved: true; reference: string }
  /** `message` is the processor's reason, shown to the payer as given; null when it gave none. */
  | { approved: false; message: string | null };

/** Charges a card. The marketplace has no card processor contract yet; see `TestPaymentProcessor`. */
export interface PaymentProcessor {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** Card numbers the test processor declines, with the reason it gives (null: no reason). */
export const TEST_DECLINED_CARDS: Readonly<Record<string, string | null>> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': null,
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * A deterministic stand-in for a card processor: no money moves. It declines the numbers of
 * `TEST_DECLINED_CARDS`, numbers that fail the Luhn check or have no known brand, and expired cards;
 * every other card is approved.
 */
export class TestPaymentProcessor implements PaymentProcessor {
  readonly name = 'test';
  readonly #now: () => Date;

  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const digits = request.cardNumber;
    if (Object.hasOwn(TEST_DECLINED_CARDS, digits)) {
      return { approved: false, message: TEST_DECLINED_CARDS[digits] ?? null };
    }
    const brand: CardBrand | null = detectCardBrand(digits);
    if (!brand || !passesLuhn(digits)) return { approved: false, message: 'Your card number is invalid.' };
    const now = this.#now();
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (request.expYear * 12 + (request.expMonth - 1) < current) {
      return { approved: false, message: 'Your card has expired.' };
    }
    return { approved: true, reference: `test_${randomBytes(8).toString('hex')}` };
  }
}
