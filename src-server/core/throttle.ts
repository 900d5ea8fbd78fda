import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client.ts';
import { throttleEvents } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/** A limit: at most `max` events of one bucket per key within `windowSeconds`. */
export interface ThrottleRule {
  bucket: string;
  max: number;
  windowSeconds: number;
  /** The 429 message. */
  message: string;
  /**
   * Past `max`, a growing delay instead of a block until the window clears: with `n` events in the
   * window the next one waits `baseSeconds · 2^(n − max)`, at most `capSeconds`, after the latest.
   */
  backoff?: { baseSeconds: number; capSeconds: number };
}

const WAIT = 'Wait a few minutes and try again.';

export const THROTTLE_RULES = {
  /**
   * Failed sign-ins (and failed current-password checks) per account email and client address: the
   * strict limit, which blocks only that address for that account.
   */
  loginPair: {
    bucket: 'login-pair',
    max: 5,
    windowSeconds: 15 * 60,
    message:
      'Too many failed sign-in attempts for this account. Wait 15 minutes and try again, or reset your password.',
  },
  /**
   * Failed sign-ins per account email from any address: growing delays, never a block, and held only
   * for addresses that have failed for the account, so a guesser cannot lock the owner out.
   */
  loginAccount: {
    bucket: 'login-account',
    max: 10,
    windowSeconds: 60 * 60,
    backoff: { baseSeconds: 30, capSeconds: 15 * 60 },
    message:
      'There have been many failed sign-in attempts for this account. Wait a few minutes and try again, or reset your password.',
  },
  /** Failed sign-ins per client address, across accounts: short growing delays, as a network may be shared. */
  loginAddress: {
    bucket: 'login-address',
    max: 20,
    windowSeconds: 15 * 60,
    backoff: { baseSeconds: 1, capSeconds: 60 },
    message: 'Too many failed sign-in attempts from your network. Wait a minute and try again.',
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
  /** Messages sent per account, to anyone: far above a person answering inquiries, well below a flood. */
  messageSender: {
    bucket: 'message-sender',
    max: 60,
    windowSeconds: 10 * 60,
    message: `You are sending messages too quickly. ${WAIT}`,
  },
  /** Messages sent by one account to one other account. */
  messagePair: {
    bucket: 'message-pair',
    max: 20,
    windowSeconds: 10 * 60,
    message: `You have sent this person many messages in a short time. ${WAIT}`,
  },
  /** Firearm identifications per account: each decodes and stores up to eight photos. */
  firearmIdentify: {
    bucket: 'firearm-identify',
    max: 20,
    windowSeconds: 60 * 60,
    message: `You have asked for many identifications in a short time. ${WAIT}`,
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

/** One limit to hold for one key. */
export interface ThrottleLimit {
  rule: ThrottleRule;
  key: string;
  /**
   * Hold this limit only when that other key already has events in its window (e.g. the account's
   * limit only for an address that has failed for it); the event is recorded either way.
   */
  onlyAfter?: { rule: ThrottleRule; key: string };
}

/** What `throttle_reserve` answers: the events recorded, or the first limit that refused and for how long. */
interface ReserveOutcome {
  eventIds?: string[];
  refused?: number;
  retryAfterSeconds?: number;
}

/** A limit as `throttle_reserve` takes it. */
function limitArgument({ rule, key, onlyAfter }: ThrottleLimit) {
  return {
    bucket: rule.bucket,
    key,
    max: rule.max,
    windowSeconds: rule.windowSeconds,
    ...(rule.backoff ? { backoff: rule.backoff } : {}),
    ...(onlyAfter
      ? {
          onlyAfter: {
            bucket: onlyAfter.rule.bucket,
            key: onlyAfter.key,
            windowSeconds: onlyAfter.rule.windowSeconds,
          },
        }
      : {}),
  };
}

/** The events recorded by `reserve`, to `forget` when the attempt turns out not to count. */
export interface ThrottleReservation {
  readonly eventIds: readonly string[];
}

/**
 * Counts events per bucket and key in the database, so limits hold across server instances.
 * Old events of a key are removed as new ones are written.
 *
 * Checking and recording happen in one statement, the database function `throttle_reserve`
 * (migration 0051), under per-key advisory locks (`pg_advisory_xact_lock`), so parallel requests,
 * even on several processes sharing one PostgreSQL, cannot all pass the check before any of them is
 * counted. The function holds the rules' arithmetic (the window, the backoff past `max`).
 */
export class Throttle {
  readonly #db: Database;
  readonly #now: () => Date;

  constructor(db: Database, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  /**
   * Atomically: throws 429 when any of the keys has reached its limit (the first such limit in the
   * given order decides the message), otherwise records one event for each and answers them. Record
   * the attempt first, then do the work; `forget` the events if the attempt should not count
   * (a correct password, a redeemed link).
   */
  async reserve(limits: readonly ThrottleLimit[]): Promise<ThrottleReservation> {
    const now = this.#now();
    const [row] = await queryRows<{ outcome: ReserveOutcome }>(
      this.#db,
      sql`select throttle_reserve(${JSON.stringify(limits.map(limitArgument))}::jsonb, ${now.toISOString()}::timestamptz) as outcome`,
    );
    const outcome = row?.outcome;
    if (!outcome) throw new Error('The throttle answered nothing.');
    if (outcome.refused !== undefined) {
      const refused = limits[outcome.refused];
      if (!refused) throw new Error(`The throttle refused an unknown limit: ${outcome.refused}.`);
      throw new TooManyRequestsError(refused.rule.message, outcome.retryAfterSeconds ?? 1);
    }
    // Now and then, drop every key's events older than the longest window, so keys never seen again do not pile up.
    if (Math.random() < SWEEP_CHANCE) {
      await this.#db
        .delete(throttleEvents)
        .where(lt(throttleEvents.createdAt, new Date(now.getTime() - SWEEP_AGE_MS)));
    }
    return { eventIds: outcome.eventIds ?? [] };
  }

  /** Removes the events of a reservation: the attempt does not count after all. */
  async forget(reservation: ThrottleReservation): Promise<void> {
    if (reservation.eventIds.length === 0) return;
    await this.#db.delete(throttleEvents).where(inArray(throttleEvents.id, [...reservation.eventIds]));
  }

  /** Checks and records in one step: for limits on every request rather than on failures only. */
  async hit(rule: ThrottleRule, key: string): Promise<void> {
    await this.reserve([{ rule, key }]);
  }

  /** Like `hit`, but answers false instead of throwing when the key is over the limit. */
  async tryHit(rule: ThrottleRule, key: string): Promise<boolean> {
    try {
      await this.hit(rule, key);
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

  /** Forgets the events of every key that starts with `prefix` (all addresses of one account). */
  async clearStartingWith(rule: ThrottleRule, prefix: string): Promise<void> {
    await this.#db
      .delete(throttleEvents)
      .where(and(eq(throttleEvents.bucket, rule.bucket), sql`starts_with(${throttleEvents.key}, ${prefix})`));
  }
}
