import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { ERROR_STATUS, ErrorCode } from '../../shared/contract/common.ts';
import {
  API_BASE,
  type EndpointDefinition,
  satisfiesAccess,
  toFastifyPath,
} from '../../shared/contract/endpoint.ts';
import type { EndpointAnswer, EndpointCallInput } from '../../shared/server-render.ts';
import type { AuthContext, SellerApiClient } from './auth-context.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { answerIdempotently, type Idempotency, idempotencyKeyOf, requestHashOf } from './idempotency.ts';
import { readMultipartForm, type UploadedFile } from './multipart.ts';
import { parsePart } from './request-parts.ts';

/** The parts of one entry of the shared endpoint table that the server acts on. */
export type EndpointSpec = Pick<
  EndpointDefinition,
  | 'method'
  | 'path'
  | 'access'
  | 'owner'
  | 'ownerId'
  | 'params'
  | 'query'
  | 'body'
  | 'response'
  | 'multipart'
  | 'upload'
  | 'rateLimited'
  | 'urgent'
  | 'issuesToken'
  | 'refusesImpersonation'
  | 'planned'
  | 'scope'
  | 'maxBodyBytes'
  | 'bodyEncoding'
  | 'errorFormat'
  | 'produces'
  | 'idempotencyHeader'
>;

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerContext<E extends EndpointSpec, A extends AuthContext | null> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  /** A multipart endpoint's files, each checked by its content against `upload.accept`; otherwise empty. */
  files: UploadedFile[];
  auth: A;
  /** The seller-API client of a `sellerApi` endpoint (null elsewhere). */
  client: E['access'] extends 'sellerApi' ? SellerApiClient : null;
  request: InProcessCallable<E> extends true ? PublicRequest : FastifyRequest;
  reply: InProcessCallable<E> extends true ? PublicReply : FastifyReply;
}

/**
 * A public endpoint is also called inside the process (server rendering), with a request and reply
 * of its parts only; an event stream is not: it needs the connection.
 */
type InProcessCallable<E extends EndpointSpec> = E['access'] extends 'public'
  ? E['produces'] extends 'events'
    ? false
    : true
  : false;

/** What a public endpoint's handler may read of the request; a call inside the process supplies the same. */
export type PublicRequest = Pick<
  FastifyRequest,
  'headers' | 'query' | 'params' | 'auth' | 'authRejected' | 'log' | 'ip'
>;

/** What a public endpoint's handler may do with the reply: status, headers and an answer of its own. */
export interface PublicReply {
  readonly sent: boolean;
  header(name: string, value: string): PublicReply;
  headers(values: Record<string, string>): PublicReply;
  code(status: number): PublicReply;
  status(status: number): PublicReply;
  type(contentType: string): PublicReply;
  send(payload?: unknown): PublicReply;
}

type AuthFor<E extends EndpointSpec> = E['access'] extends 'public'
  ? AuthContext | null
  : E['access'] extends 'sellerApi'
    ? null
    : AuthContext;

export type EndpointHandler<E extends EndpointSpec> = (
  ctx: HandlerContext<E, AuthFor<E>>,
) => Promise<z.input<E['response']>> | z.input<E['response']>;

/**
 * One handler for every built endpoint of a resource table, and none for a planned one: a missing
 * or extra handler fails the typecheck.
 */
export type HandlerMap<T extends Record<string, EndpointSpec>> = {
  [K in keyof T as T[K] extends { planned: true } ? never : K]: EndpointHandler<T[K]>;
};

/** Public endpoints callable inside the process, by name (the server-rendered pages' data source). */
export type InProcessEndpoints = Map<string, (input: EndpointCallInput) => Promise<EndpointAnswer>>;

export interface EndpointOptions {
  /** Where each registered public endpoint's in-process caller is kept, when given. */
  inProcess?: InProcessEndpoints;
  /** Validate answers against the response schema (outside production, so drift fails tests). */
  validateResponses: boolean;
  /** Route options for endpoints marked `rateLimited` (the one per-address policy). */
  rateLimit: RouteShorthandOptions['config'];
  /** Where endpoints marked `idempotencyHeader` keep their keys and answers (required by them). */
  idempotency?: Idempotency;
}

const ACCESS_DENIED: Record<'seller' | 'admin', string> = {
  seller: 'Only seller accounts can do this.',
  admin: 'Only administrators can do this.',
};

const IMPERSONATION_REFUSED =
  'Viewing as this user does not reach administration, their password, email or payments. Return to your own session first.';

const SELLER_API_ONLY =
  'This token is for the seller API only (/api/seller/v1/…); sign in for the rest of the site.';
const SELLER_API_TOKEN_NEEDED =
  'Send a seller-API access token from POST /api/oauth/token; a session token is not accepted here.';
const SELLER_API_TOKEN_REFUSED = 'The access token is expired, revoked or not valid. Get a new one.';

/** RFC 6750 §3: a refused bearer token says why in WWW-Authenticate. */
function bearerChallenge(reply: FastifyReply, error: string, extra = ''): void {
  reply.header('www-authenticate', `Bearer realm="ironsight seller api", error="${error}"${extra}`);
}

/**
 * A seller-API endpoint: only a valid seller-API token passes (a session token never), and the
 * token must carry the endpoint's scope.
 */
function authorizeSellerApi(endpoint: EndpointSpec, request: FastifyRequest, reply: FastifyReply): void {
  const client = request.sellerApiClient;
  if (!client) {
    if (request.tokenKind !== null) bearerChallenge(reply, 'invalid_token');
    else reply.header('www-authenticate', 'Bearer realm="ironsight seller api"');
    throw unauthorized(
      request.tokenKind === 'sellerApi' ? SELLER_API_TOKEN_REFUSED : SELLER_API_TOKEN_NEEDED,
    );
  }
  if (endpoint.scope && !client.scopes.includes(endpoint.scope)) {
    bearerChallenge(reply, 'insufficient_scope', `, scope="${endpoint.scope}"`);
    throw forbidden(`This token was not granted the "${endpoint.scope}" scope.`);
  }
}

/** The contract's access level, checked with the contract's own rule. */
function authorize(endpoint: EndpointSpec, request: FastifyRequest, reply: FastifyReply): void {
  if (endpoint.access === 'sellerApi') {
    authorizeSellerApi(endpoint, request, reply);
    return;
  }
  // A seller-API token is no session: the rest of the API treats its bearer as a visitor.
  if (request.tokenKind === 'sellerApi' && endpoint.access !== 'public') throw unauthorized(SELLER_API_ONLY);
  const auth = request.auth;
  // An admin acting as a user (impersonation token) reaches what the user sees, not what is theirs alone.
  if (auth?.claims.act && (endpoint.access === 'admin' || endpoint.refusesImpersonation)) {
    throw forbidden(IMPERSONATION_REFUSED);
  }
  if (satisfiesAccess(endpoint.access, auth ? auth.roles : null)) return;
  if (!auth) {
    throw unauthorized(request.authRejected ? 'Your session has expired. Sign in again.' : undefined);
  }
  throw forbidden(ACCESS_DENIED[endpoint.access as 'seller' | 'admin']);
}

/** Reads `params.userId` or `body.filters.userId` from the parsed request. */
function valueAt(ctx: { params: unknown; body: unknown }, where: string): unknown {
  const [part, ...keys] = where.split('.');
  let value: unknown = part === 'params' ? ctx.params : part === 'body' ? ctx.body : undefined;
  for (const key of keys) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * `owner: 'account'`: a user id in the request must be the caller's own (an Admin may name anyone).
 * Records of other kinds are checked by their module, which answers 404 as for an unknown id.
 */
function checkAccountOwner(
  endpoint: EndpointSpec,
  ctx: { params: unknown; body: unknown; auth: AuthContext | null },
) {
  if (endpoint.owner !== 'account' || !endpoint.ownerId || !ctx.auth || ctx.auth.isAdmin) return;
  const named = valueAt(ctx, endpoint.ownerId);
  if (typeof named === 'string' && named.toLowerCase() !== ctx.auth.userId.toLowerCase()) {
    throw forbidden('You can only see or change your own account.');
  }
}

/** An application/x-www-form-urlencoded request. */
const isFormRequest = (request: FastifyRequest): boolean =>
  /^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/** A multipart/form-data request (the form parser is installed by `installMultipart`). */
export const isMultipart = (request: FastifyRequest): boolean =>
  typeof request.isMultipart === 'function' && request.isMultipart();

/**
 * The request body: JSON parsed with the body schema, or for a multipart endpoint its form read
 * within the `upload` limits, the JSON field parsed with the body schema.
 */
async function readBody(
  endpoint: EndpointSpec,
  request: FastifyRequest,
): Promise<{ body: unknown; files: UploadedFile[] }> {
  if (endpoint.bodyEncoding === 'form') {
    if (request.body !== undefined && !isFormRequest(request)) {
      throw new AppError(
        ERROR_STATUS.unsupported_media_type,
        ErrorCode.UnsupportedMediaType,
        'Send the request body as application/x-www-form-urlencoded.',
      );
    }
    return { body: parsePart(endpoint.body, request.body ?? {}, 'body'), files: [] };
  }
  if (!endpoint.multipart) {
    if (isMultipart(request)) {
      throw new AppError(
        ERROR_STATUS.unsupported_media_type,
        ErrorCode.UnsupportedMediaType,
        'Send the request body as JSON.',
      );
    }
    return { body: parsePart(endpoint.body, request.body ?? {}, 'body'), files: [] };
  }
  if (!endpoint.upload) throw new Error(`${endpoint.path} is multipart without upload options`);
  const form = await readMultipartForm(request, endpoint.upload);
  return { body: parsePart(endpoint.body, form.json ?? {}, 'body'), files: form.files };
}

const routeUrl = (endpoint: EndpointSpec) => `${API_BASE}${toFastifyPath(endpoint.path)}`;

/** Read by the request hooks: the per-address limit's options, and whether the request is urgent. */
function routeConfig(
  endpoint: EndpointSpec,
  options: EndpointOptions,
): Pick<RouteShorthandOptions, 'config'> {
  const config: RouteShorthandOptions['config'] = {
    ...(endpoint.rateLimited ? options.rateLimit : {}),
    ...(endpoint.urgent ? { urgentStatements: true } : {}),
  };
  return Object.keys(config ?? {}).length > 0 ? { config } : {};
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is an urgent endpoint's (`EndpointDefinition.urgent`). */
    urgentStatements?: boolean;
  }
}

/** Whether the request's route is an urgent endpoint's. */
export const isUrgentRequest = (request: FastifyRequest): boolean =>
  request.routeOptions.config?.urgentStatements === true;

/** The answer a response-schema check lets through: the handler's, unchanged. */
function checkedAnswer(
  endpoint: EndpointSpec,
  request: FastifyRequest,
  options: EndpointOptions,
  result: unknown,
): unknown {
  if (options.validateResponses) {
    const checked = endpoint.response.safeParse(result);
    if (!checked.success) {
      request.log.error(
        { issues: checked.error.issues, path: endpoint.path },
        'response breaks the contract',
      );
      throw new Error(`Response of ${endpoint.method} ${endpoint.path} does not match the contract`);
    }
  }
  return result;
}

/**
 * Registers one endpoint of the shared table: the path and method come from the contract,
 * access is checked before anything else, then params/query/body are parsed with its schemas.
 * `name` (its name in the table) names the endpoint's `Idempotency-Key`s.
 */
export function registerEndpoint<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions,
  name = `${endpoint.method} ${endpoint.path}`,
): void {
  const idempotency = endpoint.idempotencyHeader ? options.idempotency : undefined;
  if (endpoint.idempotencyHeader && !idempotency) {
    throw new Error(`${name} honours Idempotency-Key but no idempotency store was given`);
  }
  app.route({
    method: endpoint.method,
    url: routeUrl(endpoint),
    ...routeConfig(endpoint, options),
    ...(endpoint.maxBodyBytes ? { bodyLimit: endpoint.maxBodyBytes } : {}),
    handler: async (request, reply) => {
      // An answer for one account must not be kept by a browser or proxy cache; set before the
      // handler, so its errors carry it too and a public endpoint may still choose its own policy.
      if (endpoint.access !== 'public' || request.auth || endpoint.issuesToken) {
        reply.header('cache-control', 'no-store');
      }
      authorize(endpoint, request, reply);
      const idempotencyKey = idempotency ? idempotencyKeyOf(request.headers) : null;
      const params = parsePart(endpoint.params, request.params, 'params');
      const query = parsePart(endpoint.query, request.query, 'query');
      const { body, files } = await readBody(endpoint, request);
      const ctx = {
        params,
        query,
        body,
        files,
        auth: endpoint.access === 'sellerApi' ? null : request.auth,
        client: endpoint.access === 'sellerApi' ? request.sellerApiClient : null,
        request,
        reply,
      } as HandlerContext<E, AuthFor<E>>;
      checkAccountOwner(endpoint, ctx);
      const run = async () => {
        const result = await handler(ctx);
        return reply.sent ? result : checkedAnswer(endpoint, request, options, result);
      };
      // Keys are an account's own: a visitor's key (on a public endpoint) is not kept.
      const userId = request.auth?.userId;
      if (!idempotency || !idempotencyKey || !userId) {
        const result = await run();
        return reply.sent ? reply : result;
      }
      const ref = { userId, endpoint: name, key: idempotencyKey };
      const hash = requestHashOf({ params, query, body, files });
      const result = await answerIdempotently(idempotency, ref, hash, request, reply, run);
      return reply.sent ? reply : result;
    },
  });
}

/** The parts of a request and reply a handler may touch, for a call that never crossed HTTP. */
function inProcessExchange(log: FastifyInstance['log']): { request: PublicRequest; reply: PublicReply } {
  const reply: PublicReply = {
    sent: false,
    header: () => reply,
    headers: () => reply,
    code: () => reply,
    status: () => reply,
    type: () => reply,
    send: () => reply,
  };
  const request: PublicRequest = {
    headers: {},
    query: {},
    params: {},
    auth: null,
    authRejected: false,
    log,
    ip: '127.0.0.1',
  };
  return { request, reply };
}

/**
 * A public endpoint called inside the process, as a visitor with no session: the same parsing and
 * handler as over HTTP, and the answer as a client would read it (JSON, so dates become text).
 */
function inProcessCaller<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): (input: EndpointCallInput) => Promise<EndpointAnswer> {
  return async (input) => {
    try {
      const { request, reply } = inProcessExchange(app.log);
      const ctx = {
        params: parsePart(endpoint.params, input.params ?? {}, 'params'),
        query: parsePart(endpoint.query, input.query ?? {}, 'query'),
        body: parsePart(endpoint.body, input.body ?? {}, 'body'),
        files: [] as UploadedFile[],
        auth: null,
        client: null,
        request,
        reply,
      } as HandlerContext<E, AuthFor<E>>;
      const result = await handler(ctx);
      return { ok: true, data: result === undefined ? undefined : JSON.parse(JSON.stringify(result)) };
    } catch (error) {
      if (error instanceof AppError) {
        return {
          ok: false,
          status: error.status,
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        };
      }
      app.log.error({ err: error, path: endpoint.path }, 'in-process endpoint call failed');
      return { ok: false, status: 500, code: ErrorCode.Internal, message: 'Something went wrong.' };
    }
  };
}

/** A handler found by its endpoint's name: HandlerMap has already tied it to that endpoint's types. */
const isEndpointHandler = (value: unknown): value is EndpointHandler<EndpointSpec> =>
  typeof value === 'function';

/** Registers every built endpoint of one resource table with its handler. */
export function registerEndpoints<T extends Record<string, EndpointSpec>>(
  app: FastifyInstance,
  table: T,
  handlers: HandlerMap<T>,
  options: EndpointOptions,
): void {
  const byName = new Map<string, unknown>(Object.entries(handlers));
  for (const [name, endpoint] of Object.entries(table)) {
    if (endpoint.planned) continue;
    const handler = byName.get(name);
    if (!isEndpointHandler(handler)) throw new Error(`No handler for the endpoint ${name}`);
    registerEndpoint(app, endpoint, handler, options, name);
    if (
      options.inProcess &&
      endpoint.access === 'public' &&
      endpoint.produces !== 'events' &&
      !endpoint.multipart &&
      !endpoint.bodyEncoding
    ) {
      options.inProcess.set(name, inProcessCaller(app, endpoint, handler));
    }
  }
}

/**
 * Answers every planned endpoint (in the contract, not built yet) with 501 and the error envelope,
 * after the same access check a built one gets, so callers learn the call exists but is unavailable.
 */
export function registerPlannedEndpoints(
  app: FastifyInstance,
  endpoints: Record<string, EndpointSpec>,
  options: EndpointOptions,
): void {
  for (const endpoint of Object.values(endpoints)) {
    if (!endpoint.planned) continue;
    app.route({
      method: endpoint.method,
      url: routeUrl(endpoint),
      ...routeConfig(endpoint, options),
      handler: async (request, reply) => {
        authorize(endpoint, request, reply);
        throw new AppError(
          ERROR_STATUS.not_implemented,
          ErrorCode.NotImplemented,
          `${endpoint.method} ${API_BASE}${endpoint.path} is not available yet.`,
        );
      },
    });
  }
}

/** Fails start-up when an endpoint of the contract has no route: a module whose table was never registered. */
export function assertEveryEndpointServed(
  app: FastifyInstance,
  endpoints: Record<string, EndpointSpec>,
): void {
  const missing = Object.entries(endpoints)
    .filter(([, endpoint]) => {
      const url = routeUrl(endpoint);
      // With ignoreTrailingSlash the router keeps '/a/' as '/a'.
      return ![url, url.replace(/\/$/, '')].some((candidate) =>
        app.hasRoute({ method: endpoint.method, url: candidate }),
      );
    })
    .map(([name]) => name);
  if (missing.length > 0) throw new Error(`Endpoints of the contract without a route: ${missing.join(', ')}`);
}
