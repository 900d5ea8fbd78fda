import type { DealerDirectory } from '../../core/cart.ts';
import type { PaymentGateway } from '../../core/payments/gateway.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';

/** What checkout and the order services are given. */
export interface OrdersDeps {
  db: Database;
  gateway: PaymentGateway;
  dealers: DealerDirectory;
  mailer: Mailer;
  publicOrigin: string;
  log: {
    warn(object: Record<string, unknown>, message: string): void;
    error(object: Record<string, unknown>, message: string): void;
  };
  now?: () => Date;
}

export const ORDER_MESSAGES = {
  notFound: 'Order not found.',
  keyReused: 'This checkout key was already used for a different cart. Start the checkout again.',
  inProgress: 'This checkout is still being processed. Check your orders in a moment.',
  itemsBlocked: 'Some items cannot be bought as asked.',
  shippingMissing: (seller: string) => `Choose where the items from ${seller} ship.`,
  onlySellerShips: 'Only the seller can mark this order shipped.',
  onlySellerDelivers: 'Only the seller can mark this order delivered.',
  onlyBuyerCompletes: 'Only the buyer can confirm receipt of this order.',
  refundFailed: 'The order is cancelled but the refund did not go through; it will be retried.',
  stillPaying: 'This order is still being paid. Try again in a moment.',
} as const;

/** Order amounts are added in whole cents and answered in dollars. */
export const cents = (dollars: number) => Math.round(dollars * 100);
export const money = (value: number) => Math.round(value) / 100;
