// The whole Drizzle schema: drizzle-kit reads the per-area files, the query builder needs them together.

export * from './schema/accounts.ts';
export * from './schema/alerts.ts';
export * from './schema/auctions.ts';
export * from './schema/audit-log.ts';
export * from './schema/billing.ts';
export * from './schema/buyer-tools.ts';
export * from './schema/carts.ts';
export * from './schema/catalog.ts';
export * from './schema/content.ts';
export * from './schema/feeds.ts';
export * from './schema/ffl.ts';
export * from './schema/firearm-reference.ts';
export * from './schema/idempotency.ts';
export * from './schema/inventory.ts';
export * from './schema/messages.ts';
export * from './schema/moderation.ts';
export * from './schema/offers.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
export * from './schema/seller-api.ts';
export * from './schema/short-links.ts';
export * from './schema/throttle.ts';
export * from './schema/user-alerts.ts';
export * from './schema/users.ts';
