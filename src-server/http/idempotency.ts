import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, ErrorCode } from '../../shared/contract/common.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_LIFETIME_HOURS,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../../shared/contract/endpoint.ts';
import { type Database, queryRows } from '../db/client.ts';
import { AppError } from './errors.ts';
import type { UploadedFile } from './multipart.ts';

/**
 * The `Idempotency-Key` header of the endpoints the contract marks `idempotencyHeader` (see
 * docs/api.md). For a signed-in caller, (account, endpoint, key) is claimed by inserting a row
 * before the handler runs: the table's primary key lets one request hold a key, so two concurrent
 * requests with one key never both run (the second answers 409). A successful (2xx) answer is kept
 * on the row and replayed to a repeat of the same request; any other outcome gives the key up, so
 * the request may be retried with it. A repeat with another request answers 422.
 *
 * The handler's own writes and the kept answer are not one transaction: should the server stop
 * between the two, the claim is left without an answer and is taken over by a retry once its lease
 * has run out (`leaseMs`), which then runs the handler again.
 */

/** The header as Fastify reads it (lower case). */
const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

export const IDEMPOTENCY_MESSAGES = {
  invalid: `The ${IDEMPOTENCY_KEY_HEADER} header must be 8 to 128 printable characters without spaces (a UUID, for one), sent once.`,
  reused: `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request. Use a new key for a new request.`,
  inProgress: `A request with this ${IDEMPOTENCY_KEY_HEADER} is in progress. Try again when it has finished.`,
} as const;

/**
 * The key sent with a request: null when none was sent; an invalid one (or the header sent twice)
 * answers 400.
 */
export function idempotencyKeyOf(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): string | null {
  const value = headers[HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new AppError(400, ErrorCode.ValidationFailed, IDEMPOTENCY_MESSAGES.invalid, {
      fields: { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_MESSAGES.invalid },
    });
  }
  return value;
}

/** JSON with object keys in sorted order, so equal requests always hash alike. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const entries = Object.entries(item as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return Object.fromEntries(entries);
  });
}

/**
 * What makes two requests the same: the parsed path parameters, query and body, and each file's
 * name, media type and content hash (a multipart request's photos or attachments included).
 */
export function requestHashOf(parts: {
  params: unknown;
  query: unknown;
  body: unknown;
  files: readonly UploadedFile[];
}): string {
  const files = parts.files.map((file) => ({
    name: file.name,
    mediaType: file.mediaType,
    sha256: createHash('sha256').update(file.data).digest('hex'),
  }));
  return createHash('sha256')
    .update(canonicalJson({ params: parts.params, query: parts.query, body: parts.body, files }))
    .digest('hex');
}

/** The claim of one key: run the handler (and then `complete` or `release`), or the kept answer. */
export type IdempotencyClaim =
  | { kind: 'claimed'; claim: Claim }
  | { kind: 'replay'; status: number; body: string | null };

export interface KeyRef {
  userId: string;
  endpoint: string;
  key: string;
}

/** A key held by one request: the time it was claimed tells it from a later claim that took it over. */
export interface Claim extends KeyRef {
  claimedAt: string;
}

export interface Idempotency {
  /** Holds the key for this request, or answers the kept answer; 422 for another request, 409 while one runs. */
  claim(ref: KeyRef, requestHash: string): Promise<IdempotencyClaim>;
  /** Keeps the successful answer of a claimed key. */
  complete(claim: Claim, status: number, body: string | null): Promise<void>;
  /** Gives a claimed key up (the request failed), so it may be retried with it. */
  release(claim: Claim): Promise<void>;
  /** Removes expired keys; answers how many. */
  sweep(): Promise<number>;
}

export interface IdempotencyOptions {
  now?: () => Date;
  /** How long a key is kept (default 24 hours). */
  lifetimeMs?: number;
  /** How long a claim without an answer holds its key before a retry may take it over (default 10 minutes). */
  leaseMs?: number;
  /** The chance that a claim also sweeps every expired key (default 1 in 100). */
  sweepChance?: number;
}

const HOUR_MS = 3_600_000;
const MAX_CLAIM_ATTEMPTS = 3;

interface KeyRow extends Record<string, unknown> {
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
}

export function createIdempotency(db: Database, options: IdempotencyOptions = {}): Idempotency {
  const now = options.now ?? (() => new Date());
  const lifetimeMs = options.lifetimeMs ?? IDEMPOTENCY_KEY_LIFETIME_HOURS * HOUR_MS;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const sweepChance = options.sweepChance ?? 0.01;

  const sweep = async (): Promise<number> => {
    const rows = await queryRows(
      db,
      sql`delete from idempotency_keys where expires_at <= ${now().toISOString()}::timestamptz returning 1 as gone`,
    );
    return rows.length;
  };

  /** Inserts the claim, or takes over an expired key or an abandoned claim; true when this request holds it. */
  const tryClaim = async (ref: KeyRef, requestHash: string): Promise<Claim | null> => {
    const { userId, endpoint, key } = ref;
    const at = now();
    const claimedAt = at.toISOString();
    const rows = await queryRows(
      db,
      sql`insert into idempotency_keys (user_id, endpoint, key, request_hash, created_at, expires_at)
          values (${userId}, ${endpoint}, ${key}, ${requestHash}, ${claimedAt}::timestamptz,
                  ${new Date(at.getTime() + lifetimeMs).toISOString()}::timestamptz)
          on conflict (user_id, endpoint, key) do update
            set request_hash = excluded.request_hash, response_status = null, response_body = null,
                created_at = excluded.created_at, expires_at = excluded.expires_at
            where idempotency_keys.expires_at <= excluded.created_at
               or (idempotency_keys.response_status is null
                   and idempotency_keys.created_at <= ${new Date(at.getTime() - leaseMs).toISOString()}::timestamptz)
          returning 1 as claimed`,
    );
    return rows.length > 0 ? { ...ref, claimedAt } : null;
  };

  const find = async ({ userId, endpoint, key }: KeyRef): Promise<KeyRow | undefined> => {
    const [row] = await queryRows<KeyRow>(
      db,
      sql`select request_hash, response_status, response_body from idempotency_keys
          where user_id = ${userId} and endpoint = ${endpoint} and key = ${key}`,
    );
    return row;
  };

  return {
    async claim(ref, requestHash) {
      // A key given up between the insert and the read (its request failed) is claimed again.
      for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt += 1) {
        const claim = await tryClaim(ref, requestHash);
        if (claim) {
          if (Math.random() < sweepChance) await sweep();
          return { kind: 'claimed', claim };
        }
        const row = await find(ref);
        if (!row) continue;
        if (row.request_hash !== requestHash) {
          throw new AppError(
            ERROR_STATUS.idempotency_key_reused,
            ErrorCode.IdempotencyKeyReused,
            IDEMPOTENCY_MESSAGES.reused,
          );
        }
        if (row.response_status === null) {
          throw new AppError(ERROR_STATUS.conflict, ErrorCode.Conflict, IDEMPOTENCY_MESSAGES.inProgress);
        }
        return { kind: 'replay', status: row.response_status, body: row.response_body };
      }
      throw new AppError(ERROR_STATUS.conflict, ErrorCode.Conflict, IDEMPOTENCY_MESSAGES.inProgress);
    },
    async complete({ userId, endpoint, key, claimedAt }, status, body) {
      await db.execute(
        sql`update idempotency_keys set response_status = ${status}, response_body = ${body}
            where user_id = ${userId} and endpoint = ${endpoint} and key = ${key}
              and created_at = ${claimedAt}::timestamptz and response_status is null`,
      );
    },
    async release({ userId, endpoint, key, claimedAt }) {
      await db.execute(
        sql`delete from idempotency_keys
            where user_id = ${userId} and endpoint = ${endpoint} and key = ${key}
              and created_at = ${claimedAt}::timestamptz and response_status is null`,
      );
    },
    sweep,
  };
}

/**
 * Runs the handler under a claimed `Idempotency-Key` (idempotency.ts): a 2xx answer is kept for
 * repeats, any other outcome (an error, a non-2xx status, an answer the handler sent itself) gives
 * the key up so the request may be retried with it.
 */
async function runClaimed(
  idempotency: Idempotency,
  claim: Claim,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<unknown> {
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    await idempotency.release(claim).catch(() => undefined);
    throw error;
  }
  const status = reply.statusCode;
  if (reply.sent || status < 200 || status >= 300) {
    await idempotency.release(claim).catch(() => undefined);
    return result;
  }
  // The work is done: a failure to keep its answer is logged, not answered (the claim's lease runs out).
  await idempotency
    .complete(claim, status, result === undefined ? null : JSON.stringify(result))
    .catch((error: unknown) => request.log.error({ err: error }, 'could not keep an idempotent answer'));
  return result;
}

/**
 * Answers a request of a signed-in account that carries an `Idempotency-Key`: a repeat of an answered
 * request gets the kept answer (with `Idempotent-Replayed: true`) and the handler does not run; a
 * repeat while the first is in progress is refused (409, `Retry-After: 1`); otherwise the handler
 * runs under the claimed key (`runClaimed`).
 */
export async function answerIdempotently(
  idempotency: Idempotency,
  ref: KeyRef,
  hash: string,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const claimed = await idempotency.claim(ref, hash).catch((error: unknown) => {
    // In progress: worth asking again in a moment, when the first request has finished.
    if (error instanceof AppError && error.status === 409) reply.header('retry-after', '1');
    throw error;
  });
  if (claimed.kind === 'replay') {
    reply.code(claimed.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (claimed.body === null) return reply.send();
    return reply.type('application/json; charset=utf-8').send(claimed.body);
  }
  return runClaimed(idempotency, claimed.claim, request, reply, run);
}
