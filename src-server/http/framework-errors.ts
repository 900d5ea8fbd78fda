import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, ErrorCode, errorEnvelope } from '../../shared/contract/common.ts';

/**
 * The Content-Security-Policy of every answer. Scripts come only from this origin (no inline
 * scripts: data embedded in a page is a non-executed `application/json` or `application/ld+json`
 * block) and from the origins of the configured third-party scripts, which may also call
 * home; inline styles stay allowed because Radix primitives set style attributes and elements;
 * listing images may come from any https host.
 */
export function contentSecurityPolicy(scriptOrigins: readonly string[] = []): string {
  const extra = scriptOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Browser features the app never uses are switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Headers every answer carries, framework errors and raw socket errors included. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * HSTS for a site served over https: a year, without includeSubDomains (other hosts under the
 * domain are not this server's to pin to https).
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * The security headers for a site at `publicOrigin`: HSTS only when it is served over https; the
 * CSP also allows the origins of the configured third-party scripts.
 */
export function securityHeadersFor(
  publicOrigin: string | undefined,
  scriptOrigins: readonly string[] = [],
): Readonly<Record<string, string>> {
  const headers =
    scriptOrigins.length > 0
      ? { ...SECURITY_HEADERS, 'content-security-policy': contentSecurityPolicy(scriptOrigins) }
      : SECURITY_HEADERS;
  return publicOrigin?.startsWith('https://')
    ? { ...headers, 'strict-transport-security': STRICT_TRANSPORT_SECURITY }
    : headers;
}

export function applySecurityHeaders(reply: FastifyReply, headers = SECURITY_HEADERS): void {
  reply.headers(headers);
}

/** Longest path parameter the router passes on; longer ones answer 414 before any handler runs. */
export const MAX_PARAM_LENGTH = 512;

interface FrameworkAnswer {
  status: number;
  code: ErrorCode;
  message: string;
}

/**
 * Our words for the errors Fastify raises before a handler runs; their own messages echo the
 * request (paths, content types) or name internals.
 */
const FRAMEWORK_ANSWERS: Readonly<Record<string, FrameworkAnswer>> = {
  FST_ERR_BAD_URL: { status: 400, code: ErrorCode.BadRequest, message: 'The address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: ErrorCode.BadRequest, message: 'The address is too long.' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ErrorCode.BadRequest,
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ErrorCode.BadRequest,
    message: 'The request body is empty but is marked as JSON.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: ERROR_STATUS.unsupported_media_type,
    code: ErrorCode.UnsupportedMediaType,
    message: 'Send the request body as JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ErrorCode.BadRequest,
    message: 'The request body does not match its Content-Length.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: ERROR_STATUS.payload_too_large,
    code: ErrorCode.PayloadTooLarge,
    message: 'The request body is too large.',
  },
};

/** The envelope for an error Fastify raised itself, or undefined for any other error. */
export function frameworkErrorAnswer(error: { code?: string }): FrameworkAnswer | undefined {
  return error.code === undefined ? undefined : FRAMEWORK_ANSWERS[error.code];
}

const INTERNAL: FrameworkAnswer = {
  status: ERROR_STATUS.internal,
  code: ErrorCode.Internal,
  message: 'Something went wrong on our side. Please try again.',
};

/**
 * Fastify's `frameworkErrors`: errors met while routing (a path that does not decode, an over-long
 * parameter). These replies skip the app's hooks, so the security headers are set here.
 */
export function frameworkErrorHandler(headers = SECURITY_HEADERS) {
  return (error: { code?: string }, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const answer = frameworkErrorAnswer(error) ?? INTERNAL;
    if (answer === INTERNAL) request.log.error({ err: error }, 'routing failed');
    applySecurityHeaders(reply, headers);
    return reply.status(answer.status).send(errorEnvelope(answer.code, answer.message));
  };
}

/** The framework error handler with the headers of a site served over http. */
export const handleFrameworkError = frameworkErrorHandler();

const NOT_A_PREFLIGHT: FrameworkAnswer = {
  status: 400,
  code: ErrorCode.BadRequest,
  message: 'OPTIONS is answered only as a CORS preflight: send Origin and Access-Control-Request-Method.',
};

/**
 * An OPTIONS request that is no CORS preflight (no Origin or no Access-Control-Request-Method)
 * answers in the envelope; the CORS plugin would answer it in plain text. Install before that
 * plugin, so this hook runs first.
 */
export function installPlainOptionsAnswer(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') return;
    if (request.headers.origin && request.headers['access-control-request-method']) return;
    return reply
      .status(NOT_A_PREFLIGHT.status)
      .send(errorEnvelope(NOT_A_PREFLIGHT.code, NOT_A_PREFLIGHT.message));
  });
}

/** Answers of requests Node's HTTP parser refused before Fastify saw them. */
function clientErrorAnswer(error: NodeJS.ErrnoException): FrameworkAnswer {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: ErrorCode.BadRequest, message: 'The request took too long to arrive.' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: ErrorCode.BadRequest, message: 'The request headers are too large.' };
  }
  return { status: 400, code: ErrorCode.BadRequest, message: 'The request is not valid HTTP.' };
}

/** A complete HTTP/1.1 answer with the envelope and the security headers, written straight to a socket. */
export function rawErrorResponse(answer: FrameworkAnswer, securityHeaders = SECURITY_HEADERS): string {
  const body = JSON.stringify(errorEnvelope(answer.code, answer.message));
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...securityHeaders,
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler`: malformed requests (raw bytes, bare LF, huge headers) get the envelope too. */
export function clientErrorHandler(headers = SECURITY_HEADERS) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // end() flushes the answer before closing; the parser cannot read on after a malformed request.
    if (socket.writable) socket.end(rawErrorResponse(clientErrorAnswer(error), headers));
    else socket.destroy();
  };
}

/** The client error handler with the headers of a site served over http. */
export const handleClientError = clientErrorHandler();
