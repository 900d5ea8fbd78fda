import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import {
  type CheckoutRequest,
  checkoutPaymentSchema,
  shippingAddressSchema,
} from '../../../shared/contract/orders.ts';
import { cardDigits } from '../../../shared/domain/card.ts';
import {
  type AddressFieldValues,
  EMPTY_ADDRESS_FIELDS,
  EMPTY_POSTAL_ADDRESS,
  type PostalAddressValues,
} from '../../ui/address-fields.tsx';
import { type CardFieldValues, EMPTY_CARD_FIELDS } from '../../ui/card-fields.tsx';

const emptyAddress = EMPTY_ADDRESS_FIELDS;

type PaymentValues = CardFieldValues & PostalAddressValues;

const emptyPayment: PaymentValues = { ...EMPTY_CARD_FIELDS, ...EMPTY_POSTAL_ADDRESS };

export interface CheckoutFormValues {
  address: AddressFieldValues;
  ageConfirmed: boolean;
  payment: PaymentValues;
  /** Pay through escrow: held until delivery and the inspection period. */
  escrow: boolean;
}

export const emptyCheckoutForm: CheckoutFormValues = {
  address: emptyAddress,
  ageConfirmed: false,
  payment: emptyPayment,
  escrow: false,
};

export function checkoutFormSchema(needsAddress: boolean, minimumAge: number) {
  return z.object({
    address: needsAddress ? shippingAddressSchema : z.any(),
    ageConfirmed: z.boolean().refine((checked) => checked, {
      error: `Confirm that you are at least ${minimumAge} years old.`,
    }),
    payment: checkoutPaymentSchema,
    escrow: z.boolean(),
  });
}

/** Maps a server field key (`payment.cardNumber`, `shipping.0.destination.address.zip`) to the form's. */
export function formFieldOf(key: string): FieldPath<CheckoutFormValues> | null {
  const payment = /^payment\.(\w+)$/.exec(key);
  if (payment?.[1] && payment[1] in emptyPayment)
    return `payment.${payment[1]}` as FieldPath<CheckoutFormValues>;
  const address = /^shipping\.\d+\.destination\.address\.(\w+)$/.exec(key);
  if (address?.[1] && address[1] in emptyAddress)
    return `address.${address[1]}` as FieldPath<CheckoutFormValues>;
  if (key === 'statedMinimumAge') return 'ageConfirmed';
  return null;
}

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The shipping address as the contract takes it: the optional lines left out when blank. */
export function cleanAddress(address: CheckoutFormValues['address']) {
  return { ...address, address2: optional(address.address2), phone: optional(address.phone) };
}

export function cleanPayment(payment: CheckoutFormValues['payment']): CheckoutRequest['payment'] {
  return {
    ...payment,
    cardNumber: cardDigits(payment.cardNumber),
    address2: optional(payment.address2),
    state: payment.state as CheckoutRequest['payment']['state'],
  };
}
