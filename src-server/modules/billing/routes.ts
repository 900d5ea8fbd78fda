import { BILLING_ENDPOINTS } from '../../../shared/contract/billing.ts';
import type { ModuleContext } from '../../module-context.ts';
import { secretBox } from './secret-box.ts';
import { paymentOptionsOf, savePaymentOptions } from './service.ts';

/** How sellers are paid (escrow and credit are still planned). */
export function registerBillingModule({ endpoints, database, config }: ModuleContext): void {
  const box = secretBox(config.jwtSecret);
  endpoints(BILLING_ENDPOINTS, {
    usersAddOrUpdatePaymentOptions: ({ body, auth }) =>
      savePaymentOptions(database.db, box, auth.userId, body),
    usersGetPaymentOptions: ({ auth }) => paymentOptionsOf(database.db, auth.userId),
  });
}
