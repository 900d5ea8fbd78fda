import { eq, or } from 'drizzle-orm';
import type { Order } from '../../../shared/contract/orders.ts';
import { orders, users } from '../../db/schema.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { type OrderMailFacts, orderMessages } from '../../mail/order-messages.ts';
import type { OrdersDeps } from './deps.ts';
import { loadOrders } from './read.ts';

interface Parties {
  buyer: { email: string; firstName: string };
  seller: { email: string; firstName: string };
  dealer: { email: string; name: string } | null;
}

/** Sends an order's messages after its change committed; a failed send is logged, never undoes the change. */
export async function mailParties(
  deps: OrdersDeps,
  orderId: string,
  build: (facts: OrderMailFacts, parties: Parties) => MailMessage[],
) {
  try {
    const [order] = await loadOrders(deps.db, [orderId]);
    const [row] = await deps.db
      .select({ buyerId: orders.buyerId, sellerId: orders.sellerId, shipTo: orders.shipTo })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order || !row) return;
    const people = await deps.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(or(eq(users.id, row.buyerId), eq(users.id, row.sellerId)));
    const buyer = people.find((person) => person.id === row.buyerId);
    const seller = people.find((person) => person.id === row.sellerId);
    if (!buyer || !seller) return;
    const dealerShip = row.shipTo as {
      kind: string;
      dealer?: { email?: string | null; businessName?: string };
    };
    const dealer =
      dealerShip.kind === 'dealer' && dealerShip.dealer?.email
        ? { email: dealerShip.dealer.email, name: dealerShip.dealer.businessName ?? 'dealer' }
        : null;
    const facts: OrderMailFacts = {
      number: order.number,
      url: new URL(`/dashboard/buying/orders?order=${order.id}`, deps.publicOrigin).toString(),
      total: `$${order.total.toFixed(2)}`,
      lines: order.items.map((item) => `${item.quantity} × ${item.title} at $${item.price.toFixed(2)}`),
      shipTo:
        order.shipTo.kind === 'dealer'
          ? `${order.shipTo.dealer.businessName} (FFL ${order.shipTo.dealer.licenseNumber}), ${order.shipTo.dealer.street}, ${order.shipTo.dealer.city}, ${order.shipTo.dealer.state} ${order.shipTo.dealer.zip}`
          : `${order.shipTo.address.firstName} ${order.shipTo.address.lastName}, ${order.shipTo.address.address1}, ${order.shipTo.address.city}, ${order.shipTo.address.state} ${order.shipTo.address.zip}`,
    };
    for (const message of build(facts, { buyer, seller, dealer })) await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ orderId, err: error }, 'order mail failed');
  }
}

export async function mailPlaced(deps: OrdersDeps, placed: readonly Order[]) {
  for (const order of placed) {
    await mailParties(deps, order.id, (facts, people) => [
      orderMessages.placedBuyer(people.buyer.email, people.buyer.firstName, facts),
      orderMessages.placedSeller(people.seller.email, people.seller.firstName, facts),
      ...(people.dealer ? [orderMessages.placedDealer(people.dealer.email, people.dealer.name, facts)] : []),
    ]);
  }
}
