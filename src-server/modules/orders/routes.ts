import { ORDERS_ENDPOINTS } from '../../../shared/contract/orders.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import type { PeriodicJob } from '../../periodic-jobs.ts';
import type { OrdersDeps } from './deps.ts';
import { cancelOrder, completeOrder, deliverOrder, shipOrder } from './lifecycle.ts';
import { getOrder, listOrders } from './read.ts';
import { checkout, quote } from './service.ts';
import { completeDeliveredOrders, recoverStaleCheckouts } from './upkeep.ts';

/**
 * Checkout and orders. Every call is for a signed-in account; an order is visible to its
 * buyer, its seller and admins only (anyone else gets 404, as for an unknown id).
 */
/** How often interrupted checkouts are undone and long-delivered orders completed. */
export const ORDER_UPKEEP_MS = 5 * 60 * 1000;

export function registerOrdersModule({ endpoints }: ModuleContext, deps: OrdersDeps): ModuleParts {
  // Safe on several instances at once: each undo and completion locks its row and checks its state.
  const upkeep: PeriodicJob = {
    atBoot: async () => {},
    run: async () => {
      await recoverStaleCheckouts(deps);
      await completeDeliveredOrders(deps);
    },
    intervalMs: ORDER_UPKEEP_MS,
    failureMessage: 'order upkeep (interrupted checkouts, delivered orders) failed',
  };

  endpoints(ORDERS_ENDPOINTS, {
    ordersQuote: async ({ auth, body }) => quote(deps, auth.userId, body),
    ordersCheckout: async ({ auth, body }) => checkout(deps, auth, body),
    ordersGet: async ({ auth, params }) => getOrder(deps, auth, params.id),
    ordersGetAll: async ({ auth, body }) => listOrders(deps, auth, body),
    ordersShip: async ({ auth, params, body }) => shipOrder(deps, auth, params.id, body),
    ordersCancel: async ({ auth, params, body }) => cancelOrder(deps, auth, params.id, body),
    ordersDeliver: async ({ auth, params }) => deliverOrder(deps, auth, params.id),
    ordersComplete: async ({ auth, params }) => completeOrder(deps, auth, params.id),
  });
  return { jobs: [upkeep] };
}
