import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { ERROR_STATUS, ErrorCode } from '../../shared/contract/common.ts';
import { isConnectionLost } from '../db/connection-errors.ts';
import { isDatabaseBusy } from '../db/statement-queue.ts';
import { frameworkErrorAnswer } from './framework-errors.ts';

/** An error a client may see: status, a stable code, a human message and optional field messages. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** Extra top-level body members some calls answer with beside the envelope (e.g. pastDueAmount). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { fields?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.extra = options.extra;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, fields ? 'validation_failed' : 'bad_request', message, fields ? { fields } : {});
export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);

const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable (its database connection was lost). Please try again.';
const DATABASE_BUSY_MESSAGE = 'The service is busy right now. Please try again in a moment.';
/** Seconds a client should wait before retrying a 503. */
const RETRY_AFTER_SECONDS = 2;
/** A full queue or a timed-out statement clears quickly: a second is enough before a retry. */
const BUSY_RETRY_AFTER_SECONDS = 1;
export const serviceUnavailable = (message = DATABASE_UNAVAILABLE_MESSAGE) =>
  new AppError(ERROR_STATUS.service_unavailable, ErrorCode.ServiceUnavailable, message);

/** Turns zod issues into `{ "a.b": message }`, the first message per field. */
export function fieldsFromZod(error: ZodError, prefix?: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || (prefix ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
}

export function envelope(code: string, message: string, fields?: Record<string, string>) {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/** One error handler: every failure leaves as `{ error: { code, message, fields? } }`, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    // A lost database connection is retryable, not a bug: 503 with Retry-After, never a 500.
    if (isConnectionLost(error)) {
      request.log.warn({ err: error }, 'database connection lost');
      return replyUnavailable(reply, serviceUnavailable());
    }
    // A full database queue or a statement past its timeout is load, not a bug: 503, retry shortly.
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy');
      return replyUnavailable(reply, serviceUnavailable(DATABASE_BUSY_MESSAGE), BUSY_RETRY_AFTER_SECONDS);
    }
    if (error instanceof AppError && error.status === ERROR_STATUS.service_unavailable) {
      return replyUnavailable(reply, error);
    }
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ ...error.extra, ...envelope(error.code, error.message, error.fields) });
    }
    if (error instanceof ZodError) {
      return reply
        .status(400)
        .send(envelope('validation_failed', 'The request is not valid.', fieldsFromZod(error)));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(envelope('too_many_requests', error.message));
    }
    const framework = frameworkErrorAnswer(error);
    if (framework) return reply.status(framework.status).send(envelope(framework.code, framework.message));
    if (status >= 400 && status < 500) {
      const code =
        status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
      return reply.status(status).send(envelope(code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(envelope('internal', 'Something went wrong on our side. Please try again.'));
  });
}

function replyUnavailable(reply: FastifyReply, error: AppError, retryAfterSeconds = RETRY_AFTER_SECONDS) {
  return reply
    .status(error.status)
    .header('retry-after', String(retryAfterSeconds))
    .send(envelope(error.code, error.message));
}
