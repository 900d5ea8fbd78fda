import type { MailMessage } from './mailer.ts';

/** What every order message names. */
export interface OrderMailFacts {
  number: string;
  url: string;
  total: string;
  lines: string[];
  shipTo: string;
}

const footer = ['', '— Ironsight'];

function message(to: string, subject: string, body: string[]): MailMessage {
  return { to, subject, text: [...body, ...footer].join('\n') };
}

function summary(order: OrderMailFacts): string[] {
  return [
    '',
    ...order.lines.map((line) => `  ${line}`),
    `  Total: ${order.total}`,
    `  Ships to: ${order.shipTo}`,
    '',
    order.url,
  ];
}

export const orderMessages = {
  placedBuyer: (to: string, name: string, order: OrderMailFacts) =>
    message(to, `Order ${order.number} is paid`, [
      `Hi ${name},`,
      '',
      `Thank you for your order ${order.number}. Your payment was taken and the seller has been told.`,
      ...summary(order),
    ]),
  placedSeller: (to: string, name: string, order: OrderMailFacts) =>
    message(to, `New order ${order.number}`, [
      `Hi ${name},`,
      '',
      `You have a new paid order, ${order.number}. Ship it and enter the carrier and tracking number on the order.`,
      ...summary(order),
    ]),
  placedDealer: (to: string, dealer: string, order: OrderMailFacts) =>
    message(to, `Incoming transfer: order ${order.number}`, [
      `Hello ${dealer},`,
      '',
      `A buyer chose you as the receiving dealer for order ${order.number}. The seller will ship it to your premises; please transfer it to the buyer after the required checks.`,
      ...summary(order),
    ]),
  shipped: (to: string, name: string, order: OrderMailFacts, carrier: string, tracking: string) =>
    message(to, `Order ${order.number} has shipped`, [
      `Hi ${name},`,
      '',
      `Order ${order.number} shipped with ${carrier}, tracking number ${tracking}.`,
      ...summary(order),
    ]),
  delivered: (to: string, name: string, order: OrderMailFacts) =>
    message(to, `Order ${order.number} was delivered`, [
      `Hi ${name},`,
      '',
      `Order ${order.number} was marked delivered. Once you have it, confirm receipt on the order page.`,
      ...summary(order),
    ]),
  completed: (to: string, name: string, order: OrderMailFacts) =>
    message(to, `Order ${order.number} is complete`, [
      `Hi ${name},`,
      '',
      `The buyer confirmed receipt of order ${order.number}. The sale is complete.`,
      ...summary(order),
    ]),
  cancelled: (to: string, name: string, order: OrderMailFacts, reason: string, refunded: boolean) =>
    message(to, `Order ${order.number} was cancelled`, [
      `Hi ${name},`,
      '',
      `Order ${order.number} was cancelled. Reason: ${reason}`,
      refunded ? 'The payment has been refunded to the card.' : 'No payment was taken.',
      ...summary(order),
    ]),
};
