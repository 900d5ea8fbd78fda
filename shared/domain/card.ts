import { hasFlag } from './flags.ts';
import { PaymentMethod } from './payment.ts';
import { fail, isBlank, type ValidationError } from './validation.ts';

export const CardBrand = {
  Amex: 'amex',
  Visa: 'visa',
  Mastercard: 'mastercard',
  Discover: 'discover',
  Diners: 'diners',
  Jcb: 'jcb',
  UnionPay: 'unionpay',
} as const;
export type CardBrand = (typeof CardBrand)[keyof typeof CardBrand];

export const CARD_MESSAGES = {
  required: 'Card number is required.',
  digitsOnly: 'Card number must contain digits only.',
  invalid: 'Invalid card number.',
  notAccepted: 'This card type is not accepted by the seller.',
} as const;

export const EXPIRATION_MESSAGES = {
  required: 'Expiration date is required.',
  invalidFormat: 'Invalid expiration date format.',
} as const;

export const CVV_MESSAGES = {
  required: 'CVV is required.',
  invalid: 'CVV must be 3 or 4 digits.',
} as const;

// Issuer prefixes are disjoint (62 unionpay, 6011/644-649/65 discover, 3528-3589 jcb, 300-305/36/38-39 diners).
const BRAND_PATTERNS: readonly (readonly [CardBrand, RegExp])[] = [
  [CardBrand.Amex, /^3[47]/],
  [CardBrand.Diners, /^(30[0-5]|36|3[89])/],
  [CardBrand.Jcb, /^35(2[89]|[3-8]\d)/],
  [CardBrand.Visa, /^4/],
  [CardBrand.Mastercard, /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/],
  [CardBrand.Discover, /^(6011|64[4-9]|65)/],
  [CardBrand.UnionPay, /^62/],
];

/** Brand of a card number by its issuer prefix; non-digits are ignored. Null when no brand matches. */
export function detectCardBrand(digits: string | null | undefined): CardBrand | null {
  const clean = (digits ?? '').replace(/\D/g, '');
  if (clean === '') return null;
  return BRAND_PATTERNS.find(([, pattern]) => pattern.test(clean))?.[0] ?? null;
}

/** Digit groups shown while typing, per brand. */
export const CARD_GROUPING: Readonly<Record<CardBrand, readonly number[]>> = {
  amex: [4, 6, 5],
  diners: [4, 6, 5],
  visa: [4, 4, 4, 4],
  mastercard: [4, 4, 4, 4],
  discover: [4, 4, 4, 4],
  jcb: [4, 4, 4, 4, 3],
  unionpay: [4, 4, 4, 4, 3],
};

/** Grouping while the brand is not yet known: room for the longest number. */
export const UNKNOWN_CARD_GROUPING: readonly number[] = [4, 4, 4, 4, 3];

export const CARD_MAX_LENGTH: Readonly<Record<CardBrand, number>> = {
  amex: 15,
  diners: 15,
  visa: 16,
  mastercard: 16,
  discover: 16,
  jcb: 19,
  unionpay: 19,
};

/**
 * Lengths accepted as complete numbers. The spec only gives maxima; the shorter issued lengths
 * (13-digit Visa, 14-digit Diners, 16-18 digit JCB/UnionPay) are accepted so real cards pass.
 */
export const CARD_VALID_LENGTHS: Readonly<Record<CardBrand, readonly number[]>> = {
  amex: [15],
  diners: [14, 15],
  visa: [13, 16],
  mastercard: [16],
  discover: [16],
  jcb: [16, 17, 18, 19],
  unionpay: [16, 17, 18, 19],
};

/** The seller payment flag that a brand is checked against; jcb and unionpay have none. */
export const CARD_BRAND_PAYMENT_FLAG: Readonly<Partial<Record<CardBrand, PaymentMethod>>> = {
  amex: PaymentMethod.Amex,
  visa: PaymentMethod.Visa,
  mastercard: PaymentMethod.Mastercard,
  discover: PaymentMethod.Discover,
  diners: PaymentMethod.DinersClub,
};

const UNKNOWN_MAX_LENGTH = 19;

function groupDigits(digits: string, groups: readonly number[]): string {
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/** Formats typed card input: digits only, cut at the brand's maximum length, grouped with spaces. */
export function formatCardNumber(input: string | null | undefined): string {
  const digits = (input ?? '').replace(/\D/g, '');
  const brand = detectCardBrand(digits);
  const max = brand ? CARD_MAX_LENGTH[brand] : UNKNOWN_MAX_LENGTH;
  return groupDigits(digits.slice(0, max), brand ? CARD_GROUPING[brand] : UNKNOWN_CARD_GROUPING);
}

/** The card number as sent to the gateway: whitespace removed. */
export function cardDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\s/g, '');
}

/**
 * Validates a card number. When the seller's accepted payment flags are given (0 included),
 * amex, visa, mastercard, discover and diners must be among them; null/undefined skips that check.
 */
export function validateCardNumber(
  value: string | null | undefined,
  acceptedPaymentFlags?: number | null,
): ValidationError | null {
  if (isBlank(value)) return fail('required', CARD_MESSAGES.required);
  const digits = cardDigits(value);
  if (!/^\d+$/.test(digits)) return fail('digitsOnly', CARD_MESSAGES.digitsOnly);
  const brand = detectCardBrand(digits);
  if (!brand || !CARD_VALID_LENGTHS[brand].includes(digits.length)) {
    return fail('invalidCardNumber', CARD_MESSAGES.invalid);
  }
  if (acceptedPaymentFlags !== undefined && acceptedPaymentFlags !== null) {
    const flag = CARD_BRAND_PAYMENT_FLAG[brand];
    if (flag !== undefined && !hasFlag(acceptedPaymentFlags, flag)) {
      return fail('cardNotAccepted', CARD_MESSAGES.notAccepted);
    }
  }
  return null;
}

/** Formats typed expiration input as MM/YY: digits only, slash inserted after two digits, at most 5 characters. */
export function formatExpirationInput(input: string | null | undefined): string {
  const digits = (input ?? '').replace(/\D/g, '').slice(0, 4);
  return digits.length < 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

const EXPIRATION_PATTERN = /^(0[1-9]|1[0-2])\/\d{2}$/;

/** Checks the MM/YY format only; whether the card has expired is left to the gateway. */
export function validateExpiration(value: string | null | undefined): ValidationError | null {
  if (isBlank(value)) return fail('required', EXPIRATION_MESSAGES.required);
  return EXPIRATION_PATTERN.test((value ?? '').trim())
    ? null
    : fail('invalidExpiration', EXPIRATION_MESSAGES.invalidFormat);
}

/** Expands MM/YY to MM/20YY before sending; any other value is returned trimmed and unchanged. */
export function expandExpiration(value: string): string {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  return match ? `${match[1]}/20${match[2]}` : value.trim();
}

export function validateCvv(value: string | null | undefined): ValidationError | null {
  if (isBlank(value)) return fail('required', CVV_MESSAGES.required);
  return /^\d{3,4}$/.test((value ?? '').trim()) ? null : fail('invalidCvv', CVV_MESSAGES.invalid);
}
