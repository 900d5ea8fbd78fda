import { describe, expect, it } from 'vitest';
import {
  CARD_GROUPING,
  CARD_MAX_LENGTH,
  type CardBrand,
  cardDigits,
  detectCardBrand,
  expandExpiration,
  formatCardNumber,
  formatExpirationInput,
  validateCardNumber,
  validateCvv,
  validateExpiration,
} from './card.ts';
import { PaymentMethod } from './payment.ts';

// Published gateway test numbers.
const TEST_CARDS: readonly (readonly [CardBrand, string, string])[] = [
  ['amex', '378282246310005', '3782 822463 10005'],
  ['amex', '371449635398431', '3714 496353 98431'],
  ['visa', '4242424242424242', '4242 4242 4242 4242'],
  ['visa', '4111111111111111', '4111 1111 1111 1111'],
  ['visa', '4222222222222', '4222 2222 2222 2'],
  ['mastercard', '5555555555554444', '5555 5555 5555 4444'],
  ['mastercard', '5105105105105100', '5105 1051 0510 5100'],
  ['mastercard', '2223003122003222', '2223 0031 2200 3222'],
  ['discover', '6011111111111117', '6011 1111 1111 1117'],
  ['discover', '6011000990139424', '6011 0009 9013 9424'],
  ['discover', '6445644564456445', '6445 6445 6445 6445'],
  ['discover', '6510000000000000', '6510 0000 0000 0000'],
  ['diners', '30569309025904', '3056 930902 5904'],
  ['diners', '38520000023237', '3852 000002 3237'],
  ['diners', '36227206271667', '3622 720627 1667'],
  ['jcb', '3566002020360505', '3566 0020 2036 0505'],
  ['jcb', '3530111333300000', '3530 1113 3330 0000'],
  ['unionpay', '6200000000000005', '6200 0000 0000 0005'],
  ['unionpay', '6205500000000000004', '6205 5000 0000 0000 004'],
];

describe('detectCardBrand', () => {
  it.each(TEST_CARDS)('%s: %s', (brand, number) => {
    expect(detectCardBrand(number)).toBe(brand);
  });

  it.each([
    ['34', 'amex'],
    ['37', 'amex'],
    ['4', 'visa'],
    ['51', 'mastercard'],
    ['55', 'mastercard'],
    ['2221', 'mastercard'],
    ['2720', 'mastercard'],
    ['2299', 'mastercard'],
    ['2500', 'mastercard'],
    ['2710', 'mastercard'],
    ['6011', 'discover'],
    ['644', 'discover'],
    ['649', 'discover'],
    ['65', 'discover'],
    ['300', 'diners'],
    ['305', 'diners'],
    ['36', 'diners'],
    ['38', 'diners'],
    ['39', 'diners'],
    ['3528', 'jcb'],
    ['3589', 'jcb'],
    ['62', 'unionpay'],
    ['3782 8224', 'amex'],
    ['2220', null],
    ['2721', null],
    ['50', null],
    ['56', null],
    ['306', null],
    ['3527', null],
    ['3590', null],
    ['6010', null],
    ['643', null],
    ['60', null],
    ['1234', null],
    ['', null],
    [null, null],
  ] as const)('prefix %j is %s', (prefix, brand) => {
    expect(detectCardBrand(prefix)).toBe(brand);
  });
});

describe('grouping and maximum length', () => {
  it.each([
    ['amex', [4, 6, 5], 15],
    ['diners', [4, 6, 5], 15],
    ['visa', [4, 4, 4, 4], 16],
    ['mastercard', [4, 4, 4, 4], 16],
    ['discover', [4, 4, 4, 4], 16],
    ['jcb', [4, 4, 4, 4, 3], 19],
    ['unionpay', [4, 4, 4, 4, 3], 19],
  ] as const)('%s groups as %j with at most %s digits', (brand, grouping, max) => {
    expect(CARD_GROUPING[brand]).toEqual(grouping);
    expect(CARD_MAX_LENGTH[brand]).toBe(max);
    expect(grouping.reduce((sum, size) => sum + size, 0)).toBe(max);
  });
});

describe('formatCardNumber', () => {
  it.each(TEST_CARDS)('%s %s shows as %j', (_brand, number, formatted) => {
    expect(formatCardNumber(number)).toBe(formatted);
  });

  it.each([
    ['', ''],
    ['4', '4'],
    ['42424', '4242 4'],
    ['4242-4242 abc 42', '4242 4242 42'],
    ['37828224631000599', '3782 822463 10005'],
    ['42424242424242429999', '4242 4242 4242 4242'],
    ['30569309025904777', '3056 930902 59047'],
    ['35660020203605051234567', '3566 0020 2036 0505 123'],
    ['1234567890123456789012', '1234 5678 9012 3456 789'],
    [null, ''],
  ] as const)('%j → %j (cut at the brand maximum)', (input, expected) => {
    expect(formatCardNumber(input)).toBe(expected);
  });

  it('strips spaces for sending', () => {
    expect(cardDigits(' 4242 4242 4242 4242 ')).toBe('4242424242424242');
  });
});

describe('validateCardNumber', () => {
  it.each(TEST_CARDS)('%s %s is valid typed or formatted', (_brand, number, formatted) => {
    expect(validateCardNumber(number)).toBeNull();
    expect(validateCardNumber(formatted)).toBeNull();
  });

  it.each([
    ['', 'required', 'Card number is required.'],
    ['   ', 'required', 'Card number is required.'],
    [null, 'required', 'Card number is required.'],
    [undefined, 'required', 'Card number is required.'],
    ['4242-4242-4242-4242', 'digitsOnly', 'Card number must contain digits only.'],
    ['4242 4242 4242 424x', 'digitsOnly', 'Card number must contain digits only.'],
    ['1234567890123456', 'invalidCardNumber', 'Invalid card number.'],
    ['424242424242424', 'invalidCardNumber', 'Invalid card number.'],
    ['42424242424242424', 'invalidCardNumber', 'Invalid card number.'],
    ['37828224631000', 'invalidCardNumber', 'Invalid card number.'],
    ['555555555555444', 'invalidCardNumber', 'Invalid card number.'],
    ['601111111111111', 'invalidCardNumber', 'Invalid card number.'],
    ['3056930902590', 'invalidCardNumber', 'Invalid card number.'],
    ['356600202036050', 'invalidCardNumber', 'Invalid card number.'],
    ['62000000000000051234', 'invalidCardNumber', 'Invalid card number.'],
  ] as const)('%j fails with %s: %s', (value, key, message) => {
    expect(validateCardNumber(value)).toEqual({ key, message });
  });

  const notAccepted = { key: 'cardNotAccepted', message: 'This card type is not accepted by the seller.' };
  const everyCard = PaymentMethod.Visa | PaymentMethod.Mastercard | PaymentMethod.Discover;
  it.each([
    ['378282246310005', PaymentMethod.Amex, null],
    ['378282246310005', everyCard, notAccepted],
    ['4242424242424242', PaymentMethod.Visa, null],
    ['4242424242424242', PaymentMethod.Mastercard | PaymentMethod.GunTab, notAccepted],
    ['5555555555554444', PaymentMethod.Mastercard, null],
    ['5555555555554444', PaymentMethod.Visa, notAccepted],
    ['6011111111111117', PaymentMethod.Discover, null],
    ['6011111111111117', PaymentMethod.Visa, notAccepted],
    ['30569309025904', PaymentMethod.DinersClub, null],
    ['30569309025904', PaymentMethod.Amex, notAccepted],
    ['4242424242424242', PaymentMethod.None, notAccepted],
    ['3566002020360505', PaymentMethod.Visa, null],
    ['6200000000000005', PaymentMethod.None, null],
    ['4242424242424242', undefined, null],
    ['4242424242424242', null, null],
  ] as const)('%s against seller flags %s → %j', (number, flags, expected) => {
    expect(validateCardNumber(number, flags)).toEqual(expected);
  });
});

describe('expiration', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12/'],
    ['122', '12/2'],
    ['1225', '12/25'],
    ['12/25', '12/25'],
    ['12/2599', '12/25'],
    ['ab1c2d', '12/'],
    [null, ''],
  ] as const)('formatExpirationInput(%j) is %j', (input, expected) => {
    expect(formatExpirationInput(input)).toBe(expected);
  });

  it.each([
    ['01/25', null],
    ['12/30', null],
    ['', { key: 'required', message: 'Expiration date is required.' }],
    [null, { key: 'required', message: 'Expiration date is required.' }],
    ['13/25', { key: 'invalidExpiration', message: 'Invalid expiration date format.' }],
    ['00/25', { key: 'invalidExpiration', message: 'Invalid expiration date format.' }],
    ['1/25', { key: 'invalidExpiration', message: 'Invalid expiration date format.' }],
    ['12/2025', { key: 'invalidExpiration', message: 'Invalid expiration date format.' }],
    ['1225', { key: 'invalidExpiration', message: 'Invalid expiration date format.' }],
    ['12-25', { key: 'invalidExpiration', message: 'Invalid expiration date format.' }],
  ] as const)('validateExpiration(%j) → %j', (value, expected) => {
    expect(validateExpiration(value)).toEqual(expected);
  });

  it.each([
    ['12/25', '12/2025'],
    ['01/30', '01/2030'],
    [' 06/99 ', '06/2099'],
    ['12/2025', '12/2025'],
  ] as const)('expandExpiration(%j) is %j', (value, expected) => {
    expect(expandExpiration(value)).toBe(expected);
  });
});

describe('validateCvv', () => {
  it.each([
    ['123', null],
    ['1234', null],
    ['', { key: 'required', message: 'CVV is required.' }],
    [undefined, { key: 'required', message: 'CVV is required.' }],
    ['12', { key: 'invalidCvv', message: 'CVV must be 3 or 4 digits.' }],
    ['12345', { key: 'invalidCvv', message: 'CVV must be 3 or 4 digits.' }],
    ['12a', { key: 'invalidCvv', message: 'CVV must be 3 or 4 digits.' }],
  ] as const)('%j → %j', (value, expected) => {
    expect(validateCvv(value)).toEqual(expected);
  });
});
