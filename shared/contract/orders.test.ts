import { describe, expect, it } from 'vitest';
import { ErrorMessage } from './common.ts';
import { checkoutRequestSchema, paymentFailureText, shipOrderRequestSchema } from './orders.ts';

const valid = {
  idempotencyKey: 'b8f1c9e2-4d3a-4c1b-9a77-0f2e3d4c5b6a',
  items: [{ listingId: 'b8f1c9e2-4d3a-4c1b-9a77-0f2e3d4c5b6a', quantity: 1, price: 10 }],
  shipping: [
    {
      sellerId: 'c8f1c9e2-4d3a-4c1b-9a77-0f2e3d4c5b6a',
      destination: {
        kind: 'address',
        address: {
          firstName: 'Jane',
          lastName: 'Buyer',
          address1: '1 Main St',
          city: 'Dallas',
          state: 'TX',
          zip: '75201',
        },
      },
    },
  ],
  statedMinimumAge: 18,
  payment: {
    billingFirstName: 'Jane',
    billingLastName: 'Buyer',
    cardNumber: '4242 4242 4242 4242',
    expiration: '12/39',
    cvv: '123',
    address1: '1 Main St',
    city: 'Dallas',
    state: 'TX',
    zip: '75201',
  },
};

function messages(input: unknown): Record<string, string> {
  const result = checkoutRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('paymentFailureText', () => {
  it('shows an error in the answer as given', () => {
    expect(
      paymentFailureText(402, { error: { code: 'payment_declined', message: 'Your card was declined.' } }),
    ).toBe('Your card was declined.');
  });
  it('shows contact support for an answer with only a message', () => {
    expect(paymentFailureText(200, { message: 'Processor said no' })).toBe(
      ErrorMessage.PaymentContactSupport,
    );
  });
  it('shows the request-failure text when no answer came', () => {
    expect(paymentFailureText(0, null)).toBe(ErrorMessage.PaymentFailed);
    expect(paymentFailureText(502, { error: { code: 'payment_gateway_unavailable', message: 'x' } })).toBe(
      ErrorMessage.PaymentFailed,
    );
    expect(paymentFailureText(400, 'not json')).toBe(ErrorMessage.PaymentFailed);
  });
});

describe('checkout request', () => {
  it('accepts a valid request', () => {
    expect(messages(valid)).toEqual({});
  });
  it('checks the card and the address with the billing validator messages', () => {
    expect(
      messages({
        ...valid,
        payment: { ...valid.payment, cardNumber: '4242 abcd', expiration: '13/39', cvv: '12', zip: '7520' },
      }),
    ).toMatchObject({
      'payment.cardNumber': 'Card number must contain digits only.',
      'payment.expiration': 'Invalid expiration date format.',
      'payment.cvv': 'CVV must be 3 or 4 digits.',
      'payment.zip': 'Invalid zipcode format.',
    });
    const address = { ...valid.shipping[0]!.destination.address, city: 'Dallas 1', address1: ' ' };
    expect(
      messages({ ...valid, shipping: [{ ...valid.shipping[0], destination: { kind: 'address', address } }] }),
    ).toMatchObject({
      'shipping.0.destination.address.city': 'Invalid city format.',
      'shipping.0.destination.address.address1': 'Address is required.',
    });
  });
  it("asks for the state of the address and the card's billing with 'State is required.'", () => {
    const address = { ...valid.shipping[0]!.destination.address, state: '' };
    expect(
      messages({
        ...valid,
        payment: { ...valid.payment, state: 'XX' },
        shipping: [{ ...valid.shipping[0], destination: { kind: 'address', address } }],
      }),
    ).toMatchObject({
      'payment.state': 'State is required.',
      'shipping.0.destination.address.state': 'State is required.',
    });
  });
  it('needs one shipping choice per seller, a stated age and a well-formed key', () => {
    expect(messages({ ...valid, shipping: [] })).toHaveProperty('shipping');
    expect(messages({ ...valid, shipping: [valid.shipping[0], valid.shipping[0]] })).toHaveProperty(
      'shipping',
    );
    expect(messages({ ...valid, statedMinimumAge: 16 })).toHaveProperty('statedMinimumAge');
    expect(messages({ ...valid, idempotencyKey: 'short' })).toHaveProperty('idempotencyKey');
    expect(messages({ ...valid, items: [valid.items[0], valid.items[0]] })).toHaveProperty('items');
  });
  it('takes a carrier and a tracking number to ship', () => {
    expect(
      shipOrderRequestSchema.safeParse({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }).success,
    ).toBe(true);
    expect(shipOrderRequestSchema.safeParse({ carrier: 'Pony', trackingNumber: '1Z999' }).success).toBe(
      false,
    );
    expect(shipOrderRequestSchema.safeParse({ carrier: 'UPS', trackingNumber: '<script>' }).success).toBe(
      false,
    );
  });
});
