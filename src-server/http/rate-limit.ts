import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUS, ErrorCode } from '../../shared/contract/common.ts';
import { AppError } from './errors.ts';

/**
 * The one policy for endpoints the contract marks `rateLimited` (sign-in, registration, password
 * and email-check calls): requests per client address and route within a window. It is a coarse
 * per-instance shield against floods; the database-backed throttles of those calls (which hold
 * across instances) stay the authority on failed attempts, so this limit sits well above them.
 */
export const RATE_LIMITED_POLICY = { max: 120, timeWindow: 60_000 } as const;

/** Registers the rate limiter without a global limit: only routes given a policy are counted. */
export async function installRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        ERROR_STATUS.too_many_requests,
        ErrorCode.TooManyRequests,
        `Too many requests. Try again in ${context.after}.`,
      ),
  });
}
