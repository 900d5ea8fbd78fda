import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  OAuthErrorCode,
  type OAuthTokenResponse,
  SELLER_API_ENDPOINTS,
  SELLER_API_SCOPES,
  SELLER_API_TOKEN_LIFETIME_SECONDS,
} from '../../../shared/contract/seller-api.ts';
import { unstorableTextReason } from '../../../shared/domain/text.ts';
import { type EndpointOptions, type PublicReply, registerEndpoints } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { frameworkErrorAnswer } from '../../http/framework-errors.ts';
import { signAccessToken } from './access-tokens.ts';
import { type CredentialDeps, credentialForClient, touchCredential } from './credentials.ts';

const REALM = 'Basic realm="ironsight seller api"';
/** A token request is a few short fields; anything longer is not one. */
const FORM_BODY_LIMIT = 8 * 1024;

const OAUTH_CODES = new Set<string>(Object.values(OAuthErrorCode));

/** A failure of the token endpoint, answered as RFC 6749 §5.2 writes it. */
export const oauthError = (status: 400 | 401, code: OAuthErrorCode, description: string) =>
  new AppError(status, code, description);

/**
 * The form body as text fields. A repeated parameter becomes a list, which the contract's schema
 * refuses (RFC 6749 §3.2: parameters must not be included more than once).
 */
export function parseForm(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = fields[key];
    fields[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}

type BasicCredentials = { clientId: string; clientSecret: string };

/**
 * The client id and secret of an `Authorization: Basic` header (RFC 6749 §2.3.1: each part
 * form-encoded before base64), null when the header is not Basic, `invalid` when it cannot be read.
 */
export function basicCredentials(header: string | undefined): BasicCredentials | null | 'invalid' {
  if (!header || !/^Basic(\s|$)/i.test(header)) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return 'invalid';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'invalid';
  const formDecode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
  try {
    return {
      clientId: formDecode(decoded.slice(0, colon)),
      clientSecret: formDecode(decoded.slice(colon + 1)),
    };
  } catch {
    return 'invalid';
  }
}

const invalidClient = () =>
  oauthError(
    401,
    OAuthErrorCode.InvalidClient,
    'The client id or secret is wrong, or the credential was revoked.',
  );

interface TokenRequestBody {
  grant_type?: string | undefined;
  scope?: string | undefined;
  client_id?: string | undefined;
  client_secret?: string | undefined;
}

/** POST /oauth/token: the client-credentials grant (RFC 6749 §4.4). */
export async function issueToken(
  deps: CredentialDeps,
  body: TokenRequestBody,
  authorization: string | undefined,
): Promise<OAuthTokenResponse> {
  const basic = basicCredentials(authorization);
  if (authorization && basic === null) {
    throw oauthError(
      400,
      OAuthErrorCode.InvalidRequest,
      'Authenticate the client with HTTP Basic or the form body.',
    );
  }
  if (basic === 'invalid') throw invalidClient();
  if (!body.grant_type)
    throw oauthError(400, OAuthErrorCode.InvalidRequest, 'Send grant_type=client_credentials.');
  const inBody = body.client_id !== undefined || body.client_secret !== undefined;
  if (basic && inBody) {
    throw oauthError(
      400,
      OAuthErrorCode.InvalidRequest,
      'Authenticate the client one way only: HTTP Basic or the form body, not both.',
    );
  }
  if (body.grant_type !== 'client_credentials') {
    throw oauthError(
      400,
      OAuthErrorCode.UnsupportedGrantType,
      'Only the client_credentials grant is supported.',
    );
  }
  const clientId = basic ? basic.clientId : body.client_id;
  const clientSecret = basic ? basic.clientSecret : body.client_secret;
  if (!clientId || !clientSecret) throw invalidClient();
  // Basic credentials are read here, not by the contract: text no database stores is refused as the body's is.
  if (unstorableTextReason(clientId) || unstorableTextReason(clientSecret)) {
    throw oauthError(
      400,
      OAuthErrorCode.InvalidRequest,
      'The client id and secret cannot hold control characters (such as NUL) or broken characters.',
    );
  }

  const known = SELLER_API_SCOPES as readonly string[];
  const asked = (body.scope ?? '').split(' ').filter(Boolean);
  const unknown = asked.filter((scope) => !known.includes(scope));
  if (unknown.length > 0) {
    throw oauthError(
      400,
      OAuthErrorCode.InvalidScope,
      `Unknown scope: ${unknown.join(' ')}. Ask for ${known.join(', ')}.`,
    );
  }
  const credential = await credentialForClient(deps, clientId, clientSecret);
  if (!credential) throw invalidClient();
  const scopes = asked.length > 0 ? known.filter((scope) => asked.includes(scope)) : [...known];
  await touchCredential(deps.db, credential.id);
  const accessToken = await signAccessToken(
    { credentialId: credential.id, clientId: credential.clientId, sellerId: credential.userId, scopes },
    deps.secret,
  );
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: SELLER_API_TOKEN_LIFETIME_SECONDS,
    scope: scopes.join(' '),
  };
}

const noStore = (reply: PublicReply) =>
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

/** Every failure of the token endpoint in the body of RFC 6749 §5.2, never cached. */
function oauthErrorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  noStore(reply);
  if (error instanceof AppError && OAUTH_CODES.has(error.code)) {
    if (error.code === OAuthErrorCode.InvalidClient) reply.header('www-authenticate', REALM);
    return reply.status(error.status).send({ error: error.code, error_description: error.message });
  }
  const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
  if (status === 429 || status === 503) {
    const message = error instanceof AppError ? error.message : 'The service is busy. Try again shortly.';
    return reply
      .status(status)
      .send({ error: OAuthErrorCode.TemporarilyUnavailable, error_description: message });
  }
  if (status >= 400 && status < 500) {
    const description =
      error instanceof AppError && error.code === 'validation_failed'
        ? 'Send each parameter once, as text.'
        : error instanceof AppError
          ? error.message
          : (frameworkErrorAnswer(error)?.message ?? 'The token request could not be read.');
    return reply
      .status(status)
      .send({ error: OAuthErrorCode.InvalidRequest, error_description: description });
  }
  request.log.error({ err: error }, 'token request failed');
  return reply.status(500).send({
    error: OAuthErrorCode.ServerError,
    error_description: 'Something went wrong on our side. Please try again.',
  });
}

/**
 * Registers the token endpoint in a scope of its own: only there are form bodies read, and
 * failures answer as OAuth clients expect instead of in the error envelope.
 */
export function registerTokenEndpoint(
  app: FastifyInstance,
  deps: CredentialDeps,
  options: EndpointOptions,
): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, text, done) => done(null, parseForm(String(text))),
    );
    scope.setErrorHandler(oauthErrorHandler);
    registerEndpoints(
      scope,
      { oauthToken: SELLER_API_ENDPOINTS.oauthToken },
      {
        oauthToken: async ({ body, request, reply }) => {
          noStore(reply);
          return issueToken(deps, body, request.headers.authorization);
        },
      },
      options,
    );
  });
}
