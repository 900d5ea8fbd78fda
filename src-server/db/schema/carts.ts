import { jsonb, numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OrderItem } from '../../../shared/contract/cart.ts';
import { users } from './users.ts';

/** The server copy of a signed-in buyer's cart: replaced whole by each sync. */
export const userCarts = pgTable('user_carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The cart lines as the buyer last synced them: listing id, quantity and the price seen. */
  items: jsonb('items').$type<OrderItem[]>().notNull(),
  subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
