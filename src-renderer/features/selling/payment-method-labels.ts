import { CARD_BRAND_PAYMENT_FLAG } from '../../../shared/domain/card.ts';
import { PaymentMethod } from '../../../shared/domain/payment.ts';

/** How each payment method flag reads on screen. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<Exclude<PaymentMethod, 0>, string>> = {
  [PaymentMethod.CashOnly]: 'Cash (in person)',
  [PaymentMethod.Visa]: 'Visa',
  [PaymentMethod.Mastercard]: 'Mastercard',
  [PaymentMethod.Discover]: 'Discover',
  [PaymentMethod.Amex]: 'American Express',
  [PaymentMethod.DinersClub]: 'Diners Club',
  [PaymentMethod.MoneyOrder]: 'Money order',
  [PaymentMethod.Check]: 'Check',
  [PaymentMethod.ECheck]: 'eCheck',
  [PaymentMethod.WireTransfer]: 'Wire transfer',
  [PaymentMethod.PayPal]: 'PayPal',
  [PaymentMethod.GunTab]: 'GunTab',
};

const CARD_FLAGS = new Set<number>(Object.values(CARD_BRAND_PAYMENT_FLAG));

/** The card brands a seller can accept: the brands the shared card validators recognise. */
export const CARD_PAYMENT_METHODS = (
  Object.keys(PAYMENT_METHOD_LABELS).map(Number) as PaymentMethod[]
).filter((flag) => CARD_FLAGS.has(flag));

/** Every other way to pay. */
export const OTHER_PAYMENT_METHODS = (
  Object.keys(PAYMENT_METHOD_LABELS).map(Number) as PaymentMethod[]
).filter((flag) => !CARD_FLAGS.has(flag));
