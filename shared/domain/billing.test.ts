import { describe, expect, it } from 'vitest';
import {
  type BillingForm,
  billingFormSchema,
  makeBillingFormSchema,
  toUnfreezePayload,
  unfreezePayloadSchema,
  validateAddress,
  validateBillingFirstName,
  validateBillingLastName,
  validateCity,
  validateState,
  validateZip,
} from './billing.ts';
import { PaymentMethod } from './payment.ts';
import { FreezeReason } from './user.ts';

describe('billing name validators', () => {
  it.each([
    ['Jane', null, null],
    ['Al', null, null],
    ['', 'required', 'First name is required.'],
    ['   ', 'required', 'First name is required.'],
    [undefined, 'required', 'First name is required.'],
    ['J', 'minLength', 'First name must be at least 2 characters.'],
    [' J ', 'minLength', 'First name must be at least 2 characters.'],
    ['Admin', 'disallowedName', 'The chosen first name is not allowed.'],
    [' ironsight ', 'disallowedName', 'The chosen first name is not allowed.'],
  ] as const)('first name %j → %s %s', (value, key, message) => {
    expect(validateBillingFirstName(value)).toEqual(key ? { key, message } : null);
  });

  it.each([
    ['Doe', null, null],
    ['', 'required', 'Last name is required.'],
    ['D', 'minLength', 'Last name must be at least 2 characters.'],
    ['SUPPORT', 'disallowedName', 'The chosen last name is not allowed.'],
  ] as const)('last name %j → %s %s', (value, key, message) => {
    expect(validateBillingLastName(value)).toEqual(key ? { key, message } : null);
  });
});

describe('address, city, state and zip validators', () => {
  it.each([
    [validateAddress, '1 Main St', null],
    [validateAddress, '', { key: 'required', message: 'Address is required.' }],
    [validateCity, 'Dallas', null],
    [validateCity, 'San Antonio', null],
    [validateCity, 'Cañon City', null],
    [validateCity, '', { key: 'required', message: 'City is required.' }],
    [validateCity, 'Dallas 2', { key: 'invalidCity', message: 'Invalid city format.' }],
    [validateCity, 'St. Louis', { key: 'invalidCity', message: 'Invalid city format.' }],
    [validateCity, 'Winston-Salem', { key: 'invalidCity', message: 'Invalid city format.' }],
    [validateState, 'TX', null],
    [validateState, 'WY', null],
    [validateState, '', { key: 'required', message: 'State is required.' }],
    [validateState, 'DC', { key: 'required', message: 'State is required.' }],
    [validateState, 'Texas', { key: 'required', message: 'State is required.' }],
    [validateZip, '75207', null],
    [validateZip, '75207-1234', null],
    [validateZip, '75207 1234', null],
    [validateZip, '', { key: 'required', message: 'Zipcode is required.' }],
    [validateZip, '7520', { key: 'invalidZip', message: 'Invalid zipcode format.' }],
    [validateZip, '752071', { key: 'invalidZip', message: 'Invalid zipcode format.' }],
    [validateZip, '75207-123', { key: 'invalidZip', message: 'Invalid zipcode format.' }],
    [validateZip, '752071234', { key: 'invalidZip', message: 'Invalid zipcode format.' }],
    [validateZip, 'ABCDE', { key: 'invalidZip', message: 'Invalid zipcode format.' }],
  ] as const)('%o(%j) → %j', (validate, value, expected) => {
    expect(validate(value)).toEqual(expected);
  });
});

const validForm: BillingForm = {
  billingFirstName: 'Jane',
  billingLastName: 'Doe',
  cardNumber: '4242 4242 4242 4242',
  expiration: '12/29',
  cvv: '123',
  address1: '1 Main St',
  address2: 'Apt 4',
  city: 'Dallas',
  state: 'TX',
  zip: '75207',
};

describe('billingFormSchema', () => {
  it('accepts a complete form, address2 optional', () => {
    expect(billingFormSchema.safeParse(validForm).success).toBe(true);
    const { address2: _omit, ...withoutAddress2 } = validForm;
    expect(billingFormSchema.safeParse(withoutAddress2).success).toBe(true);
  });

  it.each([
    ['billingFirstName', 'A', 'First name must be at least 2 characters.'],
    ['billingFirstName', 'admin', 'The chosen first name is not allowed.'],
    ['billingLastName', '', 'Last name is required.'],
    ['cardNumber', '', 'Card number is required.'],
    ['cardNumber', '4242-4242', 'Card number must contain digits only.'],
    ['cardNumber', '1234 5678 9012 3456', 'Invalid card number.'],
    ['expiration', '', 'Expiration date is required.'],
    ['expiration', '13/29', 'Invalid expiration date format.'],
    ['cvv', '', 'CVV is required.'],
    ['cvv', '12', 'CVV must be 3 or 4 digits.'],
    ['address1', '  ', 'Address is required.'],
    ['city', '', 'City is required.'],
    ['city', 'Dallas1', 'Invalid city format.'],
    ['state', '', 'State is required.'],
    ['zip', '', 'Zipcode is required.'],
    ['zip', '7520', 'Invalid zipcode format.'],
    ['zip', undefined, 'Zipcode is required.'],
    ['billingFirstName', undefined, 'First name is required.'],
  ] as const)('%s = %j fails with %j', (field, value, message) => {
    const result = billingFormSchema.safeParse({ ...validForm, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, message],
    ]);
  });

  it.each([
    [PaymentMethod.Visa, '4242 4242 4242 4242', null],
    [PaymentMethod.Amex, '4242 4242 4242 4242', 'This card type is not accepted by the seller.'],
    [PaymentMethod.Amex, '3782 822463 10005', null],
    [undefined, '3782 822463 10005', null],
  ] as const)('seller flags %s with card %s → %j', (flags, cardNumber, message) => {
    const result = makeBillingFormSchema(flags).safeParse({ ...validForm, cardNumber });
    expect(result.error?.issues[0]?.message ?? null).toBe(message);
  });
});

describe('toUnfreezePayload', () => {
  it('maps the billing form to the unfreeze payload', () => {
    const payload = toUnfreezePayload(validForm, 'jane@example.com', FreezeReason.NonPayment);
    expect(payload).toEqual({
      customerFirstName: 'Jane',
      customerLastName: 'Doe',
      email: 'jane@example.com',
      cardNumber: '4242424242424242',
      cvc: '123',
      cardExpiration: '12/2029',
      billingCity: 'Dallas',
      billingState: 'TX',
      billingZip: '75207',
      billingAddress: '1 Main St, Apt 4',
      freezeReason: 'NonPayment',
    });
    expect(unfreezePayloadSchema.safeParse(payload).success).toBe(true);
  });

  it.each([
    [undefined, '1 Main St'],
    ['  ', '1 Main St'],
    ['Unit 9', '1 Main St, Unit 9'],
  ] as const)('address2 %j gives billingAddress %j', (address2, billingAddress) => {
    expect(toUnfreezePayload({ ...validForm, address2 }, 'a@b.co', FreezeReason.Fraud).billingAddress).toBe(
      billingAddress,
    );
  });

  it.each([
    ['cardExpiration', '12/29'],
    ['cardNumber', '4242 4242 4242 4242'],
    ['freezeReason', 'Other'],
    ['billingState', 'Texas'],
    ['cvc', '12'],
  ] as const)('the payload schema rejects %s = %j', (field, value) => {
    const payload = toUnfreezePayload(validForm, 'jane@example.com', FreezeReason.Fraud);
    expect(unfreezePayloadSchema.safeParse({ ...payload, [field]: value }).success).toBe(false);
  });
});
