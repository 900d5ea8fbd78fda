import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from './auth-context.ts';
import { AppError, fieldsFromZod, forbidden, unauthorized } from './errors.ts';

export type Access = 'public' | 'user' | 'seller' | 'admin';

/** The shape of one entry of the shared endpoint table that the server needs. */
export interface EndpointSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  multipart?: boolean;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerContext<E extends EndpointSpec, A extends AuthContext | null> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  auth: A;
  request: FastifyRequest;
  reply: FastifyReply;
}

type AuthFor<E extends EndpointSpec> = E['access'] extends 'public' ? AuthContext | null : AuthContext;

export type EndpointHandler<E extends EndpointSpec> = (
  ctx: HandlerContext<E, AuthFor<E>>,
) => Promise<z.input<E['response']>> | z.input<E['response']>;

export interface EndpointOptions {
  /** Validate answers against the response schema (on outside production, so drift fails tests). */
  validateResponses: boolean;
  apiBase: string;
}

/** `{id}` segments of the spec's paths become Fastify's `:id`. */
export const toRoutePath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function authorize(access: Access, request: FastifyRequest): void {
  if (access === 'public') return;
  const auth = request.auth;
  if (!auth) {
    throw unauthorized(request.authRejected ? 'Your session has expired. Sign in again.' : undefined);
  }
  if (access === 'seller' && !auth.isSeller && !auth.isAdmin) {
    throw forbidden('Only seller accounts can do this.');
  }
  if (access === 'admin' && !auth.isAdmin) throw forbidden('Only administrators can do this.');
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // A rule on the whole request (no path) carries a message of spec §8, e.g. 'No ids provided'.
  const wholeRequestIssue = result.error.issues.find((issue) => issue.path.length === 0);
  throw new AppError(400, 'validation_failed', wholeRequestIssue?.message ?? 'The request is not valid.', {
    fields: fieldsFromZod(result.error, where === 'body' ? undefined : where),
  });
}

/**
 * Registers one endpoint of the shared table: the path and method come from the contract,
 * params/query/body are parsed with its schemas, access is checked before the handler runs.
 */
export function registerEndpoint<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions,
): void {
  app.route({
    method: endpoint.method,
    url: `${options.apiBase}${toRoutePath(endpoint.path)}`,
    handler: async (request, reply) => {
      authorize(endpoint.access, request);
      const ctx = {
        params: parsePart(endpoint.params, request.params, 'params'),
        query: parsePart(endpoint.query, request.query, 'query'),
        body: endpoint.multipart ? undefined : parsePart(endpoint.body, request.body ?? {}, 'body'),
        auth: request.auth,
        request,
        reply,
      } as HandlerContext<E, AuthFor<E>>;
      const result = await handler(ctx);
      if (reply.sent) return reply;
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
    },
  });
}
