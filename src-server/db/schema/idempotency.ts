import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Owned by src-server/http/idempotency.ts.

/**
 * The `Idempotency-Key`s of signed-in callers on the endpoints that honour one (the contract's
 * `idempotencyHeader`): the request each key was first used for and, once it succeeded, its answer.
 * A row without a status is a request under way: the primary key lets one request hold the key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The endpoint's name in the contract, e.g. `messagesAddOrUpdate`. */
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request (path parameters, query, body, the files' content hashes). */
    requestHash: text('request_hash').notNull(),
    /** The answer's status; null while the first request is under way. */
    responseStatus: integer('response_status'),
    /** The answer's body as sent (JSON text). */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.endpoint, t.key] }),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);
