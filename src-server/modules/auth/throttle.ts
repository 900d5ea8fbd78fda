import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { throttleEvents } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/** A limit: at most `max` events of one bucket per key within `windowSeconds`. */
export interface ThrottleRule {
  bucket: string;
  max: number;
  windowSeconds: number;
  /** The 429 message. */
  message: string;
}

const WAIT = 'Wait a few minutes and try again.';

export const THROTTLE_RULES = {
  /** Failed sign-ins (and failed current-password checks) per account email. */
  loginAccount: {
    bucket: 'login-account',
    max: 5,
    windowSeconds: 15 * 60,
    message:
      'Too many failed sign-in attempts for this account. Wait 15 minutes and try again, or reset your password.',
  },
  /** Failed sign-ins per client address, across accounts. */
  loginAddress: {
    bucket: 'login-address',
    max: 20,
    windowSeconds: 15 * 60,
    message: 'Too many failed sign-in attempts from your network. Wait 15 minutes and try again.',
  },
  checkEmail: {
    bucket: 'check-email',
    max: 60,
    windowSeconds: 15 * 60,
    message: `Too many email checks. ${WAIT}`,
  },
  register: {
    bucket: 'register',
    max: 10,
    windowSeconds: 60 * 60,
    message: `Too many sign-ups from your network. ${WAIT}`,
  },
  forgotAddress: {
    bucket: 'forgot-address',
    max: 10,
    windowSeconds: 15 * 60,
    message: `Too many reset requests. ${WAIT}`,
  },
  /** Reset mails per account; over it the answer is the same, only no mail is sent. */
  forgotAccount: { bucket: 'forgot-account', max: 3, windowSeconds: 60 * 60, message: '' },
  /** Failed token redemptions (confirmation and reset links) per address. */
  tokenAddress: {
    bucket: 'token-address',
    max: 10,
    windowSeconds: 15 * 60,
    message: `Too many attempts with invalid links. ${WAIT}`,
  },
  newsletter: {
    bucket: 'newsletter',
    max: 10,
    windowSeconds: 60 * 60,
    message: `Too many sign-ups. ${WAIT}`,
  },
  /** Payment attempts per address and per account (card testing). */
  paymentAddress: {
    bucket: 'payment-address',
    max: 10,
    windowSeconds: 60 * 60,
    message: `Too many payment attempts. ${WAIT}`,
  },
  paymentAccount: {
    bucket: 'payment-account',
    max: 5,
    windowSeconds: 60 * 60,
    message: `Too many payment attempts. ${WAIT}`,
  },
} as const satisfies Record<string, ThrottleRule>;

const SWEEP_CHANCE = 0.01;
/** Longer than every window of THROTTLE_RULES. */
const SWEEP_AGE_MS = 24 * 60 * 60 * 1000;

/** 429 with the rule's message and a Retry-After in seconds. */
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'too_many_requests', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Counts events per bucket and key in the database, so limits hold across server instances.
 * Old events of a key are removed as new ones are written.
 */
export class Throttle {
  readonly #db: Database;
  readonly #now: () => Date;

  constructor(db: Database, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  /** Throws 429 when the key has reached the limit of the rule in its window. */
  async check(rule: ThrottleRule, key: string): Promise<void> {
    const now = this.#now();
    const since = new Date(now.getTime() - rule.windowSeconds * 1000);
    const [row] = await this.#db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${throttleEvents.createdAt})`,
      })
      .from(throttleEvents)
      .where(
        and(
          eq(throttleEvents.bucket, rule.bucket),
          eq(throttleEvents.key, key),
          gt(throttleEvents.createdAt, since),
        ),
      );
    if ((row?.count ?? 0) < rule.max) return;
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + rule.windowSeconds * 1000 - now.getTime()) / 1000));
    throw new TooManyRequestsError(rule.message, retryAfter);
  }

  /** Records one event for the key. */
  async record(rule: ThrottleRule, key: string): Promise<void> {
    const now = this.#now();
    const expired = new Date(now.getTime() - rule.windowSeconds * 1000);
    await this.#db
      .delete(throttleEvents)
      .where(
        and(
          eq(throttleEvents.bucket, rule.bucket),
          eq(throttleEvents.key, key),
          lt(throttleEvents.createdAt, expired),
        ),
      );
    await this.#db.insert(throttleEvents).values({ bucket: rule.bucket, key, createdAt: now });
    // Now and then, drop every key's events older than the longest window, so keys never seen again do not pile up.
    if (Math.random() < SWEEP_CHANCE) {
      await this.#db
        .delete(throttleEvents)
        .where(lt(throttleEvents.createdAt, new Date(now.getTime() - SWEEP_AGE_MS)));
    }
  }

  /** Checks, then records: for limits on every request rather than on failures only. */
  async hit(rule: ThrottleRule, key: string): Promise<void> {
    await this.check(rule, key);
    await this.record(rule, key);
  }

  /** Whether the key is under the limit, without throwing. */
  async allows(rule: ThrottleRule, key: string): Promise<boolean> {
    try {
      await this.check(rule, key);
      return true;
    } catch (error) {
      if (error instanceof TooManyRequestsError) return false;
      throw error;
    }
  }

  /** Forgets the key's events (a successful sign-in clears the account's failures). */
  async clear(rule: ThrottleRule, key: string): Promise<void> {
    await this.#db
      .delete(throttleEvents)
      .where(and(eq(throttleEvents.bucket, rule.bucket), eq(throttleEvents.key, key)));
  }
}
