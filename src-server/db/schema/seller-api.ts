import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A seller's client credentials for the seller API (POST /users/sellerapi). The client id is public;
 * the secret is shown once when created and kept only as its keyed hash (HMAC-SHA-256 under a key
 * derived from the server secret). A revoked credential keeps its row (listings written through it
 * name it) but signs in no more, and its tokens are refused at once.
 */
export const sellerApiCredentials = pgTable(
  'seller_api_credentials',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    /** base64url of HMAC-SHA-256(secret) under the server's credential key. */
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a token was last issued or used with it. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('seller_api_credentials_client_id_unique').on(t.clientId),
    index('seller_api_credentials_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);
