import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Order, OrdersGetAllResponse } from '../../../shared/contract/orders.ts';
import { familyById } from '../../../shared/domain/category.ts';
import { type Carrier, type OrderState, orderNumber, trackingUrl } from '../../../shared/domain/orders.ts';
import type { DbExecutor } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import { fflDealers, orderEvents, orderItems, orders, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { notFound } from '../../http/errors.ts';
import { licenseCopyUrl } from './dealers.ts';
import { cents, money, ORDER_MESSAGES, type OrdersDeps } from './deps.ts';

export type OrderRow = typeof orders.$inferSelect;

const displayNameSql = sql<string>`coalesce(${users.sellerDisplayName}, ${users.firstName} || ' ' || ${users.lastName})`;

/** Orders by id, in the order given, with their lines, history and the two parties' names. */
export async function loadOrders(db: DbExecutor, ids: readonly string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...ids]))
    .orderBy(orderItems.title);
  const events = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, [...ids]))
    .orderBy(orderEvents.createdAt);
  const people = new Set(rows.flatMap((row) => [row.buyerId, row.sellerId]));
  const names = await db
    .select({ id: users.id, name: displayNameSql })
    .from(users)
    .where(inArray(users.id, [...people]));
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  // The dealer's licence copy is offered once the dealer has uploaded one, whenever that was.
  const dealerIds = [...new Set(rows.flatMap((row) => (row.dealerId ? [row.dealerId] : [])))];
  const copies =
    dealerIds.length === 0
      ? []
      : await db
          .select({ id: fflDealers.id })
          .from(fflDealers)
          .where(and(inArray(fflDealers.id, dealerIds), isNotNull(fflDealers.licenseCopyId)));
  const withCopy = new Set(copies.map((row) => row.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          toOrder(
            row,
            lines.filter((line) => line.orderId === id),
            events.filter((event) => event.orderId === id),
            nameOf,
            withCopy,
          ),
        ]
      : [];
  });
}

function toOrder(
  row: OrderRow,
  lines: (typeof orderItems.$inferSelect)[],
  events: (typeof orderEvents.$inferSelect)[],
  nameOf: Map<string, string>,
  dealersWithLicenseCopy: ReadonlySet<string>,
): Order {
  const shipTo = row.shipTo as Order['shipTo'] & { dealer?: { email?: unknown } };
  const cleanShipTo: Order['shipTo'] =
    shipTo.kind === 'dealer'
      ? {
          kind: 'dealer',
          dealer: {
            id: shipTo.dealer.id,
            licenseNumber: shipTo.dealer.licenseNumber,
            businessName: shipTo.dealer.businessName,
            street: shipTo.dealer.street,
            city: shipTo.dealer.city,
            state: shipTo.dealer.state,
            zip: shipTo.dealer.zip,
            phone: shipTo.dealer.phone,
            licenseCopyUrl: dealersWithLicenseCopy.has(shipTo.dealer.id)
              ? licenseCopyUrl(shipTo.dealer.id)
              : null,
          },
        }
      : shipTo;
  const carrier = (row.carrier as Carrier | null) ?? null;
  return {
    id: row.id,
    number: orderNumber(row.number),
    state: row.state,
    buyer: { id: row.buyerId, displayName: nameOf.get(row.buyerId) ?? '' },
    seller: { id: row.sellerId, displayName: nameOf.get(row.sellerId) ?? '' },
    items: lines.map((line) => ({
      listingId: line.listingId,
      title: line.title,
      family: familyById(line.familyId)?.key ?? 'EverythingElse',
      thumbnailPicture: line.thumbnailPicture,
      quantity: line.quantity,
      price: Number(line.price),
      shippingCost: Number(line.shippingCost),
      lineTotal: money(cents(Number(line.price)) * line.quantity + cents(Number(line.shippingCost))),
    })),
    subtotal: Number(row.subtotal),
    shipping: Number(row.shippingTotal),
    total: Number(row.total),
    shipTo: cleanShipTo,
    payment: {
      brand: row.cardBrand,
      last4: row.cardLast4,
      status: row.paymentStatus,
      refundedAmount: Number(row.refundedAmount),
    },
    escrowStatus: row.escrowStatus,
    carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: carrier && row.trackingNumber ? trackingUrl(carrier, row.trackingNumber) : null,
    cancelReason: row.cancelReason,
    history: events.map((event) => ({
      state: event.state as OrderState,
      at: event.createdAt.toISOString(),
      by: event.actor,
      note: event.note,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's part in an order; anyone who is neither party (nor an admin) gets 404, as for an unknown id. */
export function partyOf(
  row: Pick<OrderRow, 'buyerId' | 'sellerId'>,
  auth: AuthContext,
): 'buyer' | 'seller' | 'admin' {
  if (row.sellerId === auth.userId) return 'seller';
  if (row.buyerId === auth.userId) return 'buyer';
  if (auth.isAdmin) return 'admin';
  throw notFound(ORDER_MESSAGES.notFound);
}

export async function getOrder(deps: OrdersDeps, auth: AuthContext, id: string): Promise<Order> {
  const [row] = await deps.db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  partyOf(row, auth);
  const [order] = await loadOrders(deps.db, [id]);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return order;
}

export async function listOrders(
  deps: OrdersDeps,
  auth: AuthContext,
  body: { role: 'buyer' | 'seller'; states?: OrderState[] | undefined; page: number; pageSize: number },
): Promise<OrdersGetAllResponse> {
  const party = body.role === 'buyer' ? eq(orders.buyerId, auth.userId) : eq(orders.sellerId, auth.userId);
  const where =
    body.states && body.states.length > 0 ? and(party, inArray(orders.state, body.states)) : party;
  const found = await pagedRead(body, {
    count: () => deps.db.select({ total: count() }).from(orders).where(where),
    rows: ({ limit, offset }) =>
      deps.db
        .select({ id: orders.id })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.number))
        .limit(limit)
        .offset(offset),
  });
  return {
    ...found,
    results: await loadOrders(
      deps.db,
      found.results.map((row) => row.id),
    ),
  };
}
