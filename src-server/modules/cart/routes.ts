import { CART_ENDPOINTS } from '../../../shared/contract/cart.ts';
import type { ModuleContext } from '../../module-context.ts';
import { readCart, storeCart } from './service.ts';

/** The server copy of the caller's cart: every call acts on the caller's own. */
export function registerCartModule({ endpoints, database }: ModuleContext): void {
  const { db } = database;
  endpoints(CART_ENDPOINTS, {
    usersSyncCart: async ({ auth, body }) => {
      await storeCart(db, auth.userId, body);
      return { success: true as const };
    },
    usersCart: async ({ auth }) => ({ items: await readCart(db, auth.userId) }),
  });
}
