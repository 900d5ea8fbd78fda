/**
 * The face of the billing module (how sellers are paid and pay: plans, listing fees, invoices, stored
 * cards, the ledger and escrow). Other modules and the app import only what is exported here; everything
 * else in this folder is the module's own (docs/code-map.md).
 */

import { clockOf, type ServerModule } from '../../module-context.ts';
import { registerBillingModule } from './routes.ts';

export { escrowAccountOf, escrowBalanceOf } from './escrow.ts';
export { holdOrderFunds, refundHeldFunds, settleCompletedOrder } from './escrow-orders.ts';
export { chargeListingOptions } from './fees.ts';
export { pastDueToCharge, settlePastDue } from './invoices.ts';
export { LedgerKind, postMovement } from './ledger.ts';
export { updateMembershipPlan } from './membership.ts';
export { liveCheckoutOf } from './service.ts';

/** The module as the app loads it (`ServerModule`, module-context.ts). */
export const billingModule: ServerModule = {
  name: 'billing',
  register: (ctx, deps) => registerBillingModule(ctx, { gateway: deps.paymentGateway, ...clockOf(deps) }),
};
