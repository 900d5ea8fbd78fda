/** Payment methods a seller accepts, as bit flags. */
export const PaymentMethod = {
  None: 0,
  CashOnly: 1,
  Visa: 2,
  Mastercard: 4,
  Discover: 8,
  Amex: 16,
  DinersClub: 32,
  MoneyOrder: 64,
  Check: 128,
  ECheck: 256,
  WireTransfer: 512,
  PayPal: 1024,
  GunTab: 2048,
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];
