// The whole Drizzle schema: drizzle-kit reads the per-area files, the query builder needs them together.

export * from './schema/accounts.ts';
export * from './schema/buyer-tools.ts';
export * from './schema/catalog.ts';
export * from './schema/short-links.ts';
export * from './schema/users.ts';
